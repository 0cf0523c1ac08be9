package dev.minilake.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The workspace admin objects a `terraform apply` touches: workspace-conf, IP access lists, git
 * credentials, notification destinations and the etag-versioned settings API. All stored and read
 * back; none is enforced (IP lists filter nothing, git credentials are never used).
 */
@Service
public class WorkspaceAdminService {
    private static final Pattern IPV4_CIDR = Pattern.compile(
            "((25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1?\\d?\\d)(/(3[0-2]|[12]?\\d))?");
    private static final Set<String> GIT_PROVIDERS = Set.of("github", "bitbucketcloud", "gitlab", "azuredevopsservices",
            "githubenterprise", "bitbucketserver", "gitlabenterpriseedition", "awscodecommit");
    /** Defaults Databricks reports for common workspace-conf keys. */
    private static final Map<String, String> CONF_DEFAULTS = Map.of(
            "enableIpAccessLists", "false", "enableTokensConfig", "true", "maxTokenLifetimeDays", "",
            "enableDbfsFileBrowser", "false", "enableWebTerminal", "false", "enableResultsDownloading", "true",
            "enableExportNotebook", "true", "enableNotebookTableClipboard", "true");

    private final ObjectMapper json;
    private final Store store;
    private final CurrentUserService user;
    private final Collection<ObjectNode> conf;
    private final Collection<ObjectNode> settings;
    final JsonRecords ipLists;
    final JsonRecords gitCredentials;
    final JsonRecords destinations;

    public WorkspaceAdminService(Store store, ObjectMapper json, CurrentUserService user) {
        this.json = json;
        this.store = store;
        this.user = user;
        this.conf = store.collection("workspace-conf", ObjectNode.class);
        this.settings = store.collection("setting", ObjectNode.class);
        this.ipLists = new JsonRecords(store, "ip-access-list", "IP access list", "list_id", Set.of(),
                () -> UUID.randomUUID().toString());
        this.gitCredentials = new JsonRecords(store, "git-credential", "Git credential", "credential_id",
                Set.of("personal_access_token"), () -> Long.toString(store.nextId("git-credential")));
        this.destinations = new JsonRecords(store, "notification-destination", "Notification destination", "id",
                Set.of("secret_config"), () -> UUID.randomUUID().toString());
    }

    /** created_by/updated_by are user ids (numbers) in these APIs. */
    private long userId() {
        return Long.parseLong(CurrentUserService.USER_ID);
    }

    // ---- workspace-conf

    public ObjectNode getConf(String keys) {
        ObjectNode stored = conf.get("conf").orElseGet(json::createObjectNode);
        ObjectNode out = json.createObjectNode();
        if (keys == null || keys.isBlank()) {
            // the Java SDK (0.141) sends no keys at all: answer with everything known
            CONF_DEFAULTS.forEach(out::put);
            out.setAll(stored);
            return out;
        }
        for (String k : keys.split(",")) {
            String key = k.trim();
            if (stored.has(key)) out.set(key, stored.get(key));
            else if (CONF_DEFAULTS.containsKey(key)) out.put(key, CONF_DEFAULTS.get(key));
            else out.putNull(key);
        }
        return out;
    }

    public void setConf(JsonNode values) {
        if (!values.isObject()) throw ApiException.invalid("workspace-conf takes an object of key: value");
        ObjectNode stored = conf.get("conf").orElseGet(json::createObjectNode);
        for (Iterator<Map.Entry<String, JsonNode>> it = values.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!e.getValue().isValueNode()) throw ApiException.invalid("workspace-conf value of " + e.getKey() + " must be a string");
            stored.put(e.getKey(), e.getValue().isNull() ? null : e.getValue().asText());
        }
        conf.put("conf", stored);
    }

    // ---- IP access lists

    public ObjectNode createIpList(ObjectNode body) {
        validateIpList(body);
        ObjectNode fields = body.deepCopy();
        if (!fields.has("enabled")) fields.put("enabled", true);
        fields.put("address_count", fields.path("ip_addresses").size());
        return wrap("ip_access_list", ipLists.create(fields, userId()));
    }

    public ObjectNode replaceIpList(String id, ObjectNode body) {
        validateIpList(body);
        ObjectNode fields = body.deepCopy();
        fields.remove("ip_access_list_id");
        fields.put("address_count", fields.path("ip_addresses").size());
        ipLists.replace(id, fields, userId());
        return json.createObjectNode();
    }

    public ObjectNode updateIpList(String id, ObjectNode body) {
        ObjectNode fields = body.deepCopy();
        fields.remove("ip_access_list_id");
        if (fields.has("ip_addresses")) {
            validateAddresses(fields.get("ip_addresses"));
            fields.put("address_count", fields.get("ip_addresses").size());
        }
        if (fields.has("list_type")) validateListType(fields.get("list_type").asText());
        ipLists.update(id, fields, userId());
        return json.createObjectNode();
    }

    private void validateIpList(JsonNode body) {
        if (body.path("label").asText().isBlank()) throw ApiException.missingField("label");
        validateListType(body.path("list_type").asText());
        validateAddresses(body.path("ip_addresses"));
    }

    private static void validateListType(String t) {
        if (!t.equals("ALLOW") && !t.equals("BLOCK")) throw ApiException.invalid("list_type must be ALLOW or BLOCK, got '" + t + "'");
    }

    private static void validateAddresses(JsonNode addresses) {
        if (!addresses.isArray()) throw ApiException.missingField("ip_addresses");
        for (JsonNode a : addresses) {
            if (!IPV4_CIDR.matcher(a.asText()).matches()) throw ApiException.invalid("Invalid IP address or CIDR: " + a.asText());
        }
    }

    // ---- git credentials

    public ObjectNode createGitCredential(ObjectNode body) {
        validateGitProvider(body.path("git_provider").asText());
        return gitCredentials.visible(gitCredentials.create(body, userId()));
    }

    public ObjectNode updateGitCredential(String id, ObjectNode body) {
        if (body.has("git_provider")) validateGitProvider(body.get("git_provider").asText());
        return gitCredentials.visible(gitCredentials.update(id, body, userId()));
    }

    private static void validateGitProvider(String p) {
        if (p.isBlank()) throw ApiException.missingField("git_provider");
        if (!GIT_PROVIDERS.contains(p.toLowerCase(Locale.ROOT))) throw ApiException.invalid("Unsupported git_provider '" + p + "'");
    }

    // ---- notification destinations

    public ObjectNode createDestination(ObjectNode body) {
        if (body.path("display_name").asText().isBlank()) throw ApiException.missingField("display_name");
        ObjectNode fields = body.deepCopy();
        fields.put("destination_type", destinationType(body.path("config")));
        return destinationView(destinations.create(fields, userId()));
    }

    public ObjectNode updateDestination(String id, ObjectNode body) {
        ObjectNode fields = body.deepCopy();
        if (fields.has("config")) fields.put("destination_type", destinationType(fields.get("config")));
        return destinationView(destinations.update(id, fields, userId()));
    }

    ObjectNode destinationView(ObjectNode r) {
        ObjectNode out = destinations.visible(r);
        // webhook URLs and keys are secrets: Databricks reports only that they are set
        out.path("config").fields().forEachRemaining(kind -> {
            if (kind.getValue() instanceof ObjectNode c) {
                for (String secret : new String[]{"url", "integration_key", "password"}) {
                    if (c.has(secret)) {
                        c.remove(secret);
                        c.put(secret + "_set", true);
                    }
                }
            }
        });
        return out;
    }

    private static String destinationType(JsonNode config) {
        if (!config.isObject() || config.size() != 1) {
            throw ApiException.invalid("config must hold exactly one of email, slack, generic_webhook, microsoft_teams, pagerduty");
        }
        String kind = config.fieldNames().next();
        return switch (kind) {
            case "email" -> "EMAIL";
            case "slack" -> "SLACK";
            case "generic_webhook" -> "WEBHOOK";
            case "microsoft_teams" -> "MICROSOFT_TEAMS";
            case "pagerduty" -> "PAGERDUTY";
            default -> throw ApiException.invalid("Unknown notification destination config '" + kind + "'");
        };
    }

    // ---- settings API (/api/2.0/settings/types/{type}/names/default), with etags

    public ObjectNode getSetting(String type, String etag) {
        ObjectNode s = settings.get(type).orElseThrow(() -> ApiException.notFound("Setting " + type));
        return s;
    }

    public ObjectNode updateSetting(String type, JsonNode body) {
        return store.inTransaction(() -> {
            JsonNode setting = body.path("setting");
            if (!setting.isObject()) throw ApiException.missingField("setting");
            var existing = settings.get(type);
            if (existing.isEmpty() && !body.path("allow_missing").asBoolean(false)) {
                throw ApiException.notFound("Setting " + type + " (send allow_missing=true to create it)");
            }
            String sentEtag = setting.path("etag").asText("");
            if (existing.isPresent() && !sentEtag.isEmpty() && !sentEtag.equals(existing.get().path("etag").asText())) {
                throw new ApiException(ErrorCode.RESOURCE_CONFLICT, "The etag of setting " + type + " is stale: read it again and retry");
            }
            ObjectNode next = setting.deepCopy();
            next.put("setting_name", "default");
            next.put("etag", Long.toString(store.nextId("setting-etag")));
            settings.put(type, next);
            return next;
        });
    }

    public ObjectNode deleteSetting(String type, String etag) {
        return store.inTransaction(() -> {
            ObjectNode s = settings.get(type).orElseThrow(() -> ApiException.notFound("Setting " + type));
            if (etag != null && !etag.isEmpty() && !etag.equals(s.path("etag").asText())) {
                throw new ApiException(ErrorCode.RESOURCE_CONFLICT, "The etag of setting " + type + " is stale");
            }
            settings.delete(type);
            return json.createObjectNode().put("etag", Long.toString(store.nextId("setting-etag")));
        });
    }

    ObjectNode wrap(String field, ObjectNode value) {
        ObjectNode out = json.createObjectNode();
        out.set(field, value);
        return out;
    }

    ObjectNode listOf(String field, Iterable<ObjectNode> values) {
        ObjectNode out = json.createObjectNode();
        ArrayNode arr = out.putArray(field);
        values.forEach(arr::add);
        return out;
    }
}
