package dev.minilake.catalog.policies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.FunctionsService;
import dev.minilake.catalog.Names;
import dev.minilake.core.api.Paging;
import dev.minilake.catalog.tags.UcEntities;
import dev.minilake.catalog.tags.UcEntities.Entity;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Attribute-based access control policies (row filters, column masks, deny and grant policies) on
 * catalogs, schemas and tables, named like the SDK's PoliciesAPI. Validated and stored only: no
 * policy is enforced, SQL returns every row and column unmasked. The securable must exist and so
 * must a row-filter or column-mask function. Listing with {@code include_inherited} really adds the
 * policies of the securable's schema and catalog.
 */
@Service
public class PoliciesService {
    static final Set<String> ON_TYPES = Set.of("CATALOG", "SCHEMA", "TABLE");
    static final Set<String> SECURABLE_TYPES = Set.of("AGENT_SERVICE", "CATALOG", "CLEAN_ROOM", "CONNECTION", "CREDENTIAL",
            "EXTERNAL_LOCATION", "EXTERNAL_METADATA", "FEATURE", "FUNCTION", "MCP_SERVICE", "METASTORE", "MODEL",
            "MODEL_PROVIDER_SERVICE", "MODEL_SERVICE", "PIPELINE", "PROVIDER", "RECIPIENT", "SCHEMA", "SHARE", "SKILL",
            "STAGING_TABLE", "STORAGE_CREDENTIAL", "TABLE", "VOLUME");
    /** Policy type → the options field it needs. */
    static final Map<String, String> OPTIONS = Map.of("POLICY_TYPE_COLUMN_MASK", "column_mask", "POLICY_TYPE_ROW_FILTER", "row_filter",
            "POLICY_TYPE_DENY", "deny", "POLICY_TYPE_GRANT", "grant");
    /** Fields a client may set; the rest are output only. */
    static final Set<String> INPUT = Set.of("name", "comment", "to_principals", "except_principals", "for_securable_type",
            "policy_type", "column_mask", "row_filter", "deny", "grant", "match_columns", "when_condition",
            "on_securable_type", "on_securable_fullname");
    static final Set<String> UPDATABLE = Set.of("name", "comment", "to_principals", "except_principals", "for_securable_type",
            "column_mask", "row_filter", "deny", "grant", "match_columns", "when_condition");

    public record ListPoliciesResponse(List<ObjectNode> policies, String next_page_token) {
    }

    private final Store store;
    private final UcEntities entities;
    private final FunctionsService functions;
    private final CurrentUserService user;
    private final ObjectMapper json;
    private final Collection<ObjectNode> policies;

    public PoliciesService(Store store, UcEntities entities, FunctionsService functions, CurrentUserService user, ObjectMapper json) {
        this.store = store;
        this.entities = entities;
        this.functions = functions;
        this.user = user;
        this.json = json;
        this.policies = store.collection("uc_policy", ObjectNode.class);
    }

    public synchronized ObjectNode create(ObjectNode body) {
        ObjectNode p = json.createObjectNode();
        body.fields().forEachRemaining(e -> {
            if (INPUT.contains(e.getKey()) && !e.getValue().isNull()) p.set(e.getKey(), e.getValue());
        });
        String name = name(p.path("name").asText(null));
        String onType = onType(p.path("on_securable_type").asText(null));
        Entity on = entities.resolve(onType, p.path("on_securable_fullname").asText(null));
        validate(p);
        dropStale(onType, on);
        long now = System.currentTimeMillis();
        p.put("name", name).put("on_securable_type", onType).put("on_securable_fullname", on.fullName());
        p.put("id", UUID.randomUUID().toString()).put("created_at", now).put("created_by", user.userName())
                .put("updated_at", now).put("updated_by", user.userName()).put("securable_id", on.id());
        if (!policies.insert(key(onType, on.fullName(), name), parent(onType, on.fullName()), p)) {
            throw ApiException.alreadyExists("Policy '" + name + "' on " + onType + " '" + on.fullName() + "'");
        }
        return view(p);
    }

    public ObjectNode get(String onSecurableType, String onSecurableFullname, String name) {
        String onType = onType(onSecurableType);
        Entity on = entities.resolve(onType, onSecurableFullname);
        return view(require(onType, on, name));
    }

    /** Policies defined on the securable, sorted by name; with {@code include_inherited}, also those of its schema and catalog. */
    public ListPoliciesResponse list(String onSecurableType, String onSecurableFullname, boolean includeInherited,
                                     Long maxResults, String pageToken) {
        String onType = onType(onSecurableType);
        Entity on = entities.resolve(onType, onSecurableFullname);
        List<String[]> levels = new ArrayList<>();
        levels.add(new String[]{onType, on.fullName()});
        if (includeInherited) {
            String[] parts = on.fullName().split("\\.");
            if (parts.length >= 3) levels.add(new String[]{"SCHEMA", parts[0] + "." + parts[1]});
            if (parts.length >= 2) levels.add(new String[]{"CATALOG", parts[0]});
        }
        List<ObjectNode> all = new ArrayList<>();
        for (String[] level : levels) {
            Entity e = level[0].equals(onType) ? on : entities.resolve(level[0], level[1]);
            dropStale(level[0], e);
            all.addAll(policies.listByParent(parent(level[0], e.fullName())));
        }
        List<ObjectNode> sorted = all.stream().sorted(Comparator.comparing(PoliciesService::pageKey)).toList();
        Paging.Page<ObjectNode> p = Paging.page(sorted, PoliciesService::pageKey, maxResults, pageToken);
        return new ListPoliciesResponse(p.items().stream().map(this::view).toList(), p.nextPageToken());
    }

    /** Applies the fields named by {@code update_mask} (all sent updatable fields when absent or {@code *}). */
    public synchronized ObjectNode update(String onSecurableType, String onSecurableFullname, String name, ObjectNode body, String updateMask) {
        String onType = onType(onSecurableType);
        Entity on = entities.resolve(onType, onSecurableFullname);
        ObjectNode old = require(onType, on, name);
        Set<String> fields = new LinkedHashSet<>();
        if (updateMask == null || updateMask.isBlank() || updateMask.trim().equals("*")) {
            body.fieldNames().forEachRemaining(f -> {
                if (UPDATABLE.contains(f) && !body.get(f).isNull()) fields.add(f);
            });
        } else {
            for (String f : updateMask.split(",")) {
                String field = snake(f.trim());
                if (!UPDATABLE.contains(field)) throw ApiException.invalid("Invalid update_mask field '" + f + "'.");
                fields.add(field);
            }
        }
        ObjectNode next = old.deepCopy();
        for (String f : fields) {
            if (body.hasNonNull(f)) next.set(f, body.get(f));
            else next.remove(f);
        }
        String newName = name(next.path("name").asText(null));
        next.put("name", newName);
        // options of another policy type go away with the type they belonged to
        validate(next);
        next.put("updated_at", System.currentTimeMillis()).put("updated_by", user.userName());
        String oldKey = key(onType, on.fullName(), old.get("name").asText());
        String newKey = key(onType, on.fullName(), newName);
        store.inTransaction(() -> {
            if (!newKey.equals(oldKey)) {
                if (policies.get(newKey).isPresent()) {
                    throw ApiException.alreadyExists("Policy '" + newName + "' on " + onType + " '" + on.fullName() + "'");
                }
                policies.delete(oldKey);
                policies.insert(newKey, parent(onType, on.fullName()), next);
            } else {
                policies.put(oldKey, parent(onType, on.fullName()), next);
            }
        });
        return view(next);
    }

    public synchronized void delete(String onSecurableType, String onSecurableFullname, String name) {
        String onType = onType(onSecurableType);
        Entity on = entities.resolve(onType, onSecurableFullname);
        ObjectNode p = require(onType, on, name);
        policies.delete(key(onType, on.fullName(), p.get("name").asText()));
    }

    // ---- validation

    private void validate(ObjectNode p) {
        JsonNode to = p.path("to_principals");
        if (!to.isArray() || to.isEmpty()) throw ApiException.missingField("to_principals");
        for (JsonNode who : to) if (!who.isTextual() || who.asText().isBlank()) throw ApiException.invalid("to_principals must be names.");
        String forType = p.path("for_securable_type").asText("");
        if (forType.isBlank()) throw ApiException.missingField("for_securable_type");
        if (!SECURABLE_TYPES.contains(forType)) throw ApiException.invalid("Invalid for_securable_type '" + forType + "'.");
        String type = p.path("policy_type").asText("");
        if (type.isBlank()) throw ApiException.missingField("policy_type");
        String options = OPTIONS.get(type);
        if (options == null) throw ApiException.invalid("Invalid policy_type '" + type + "'.");
        for (String other : OPTIONS.values()) {
            if (!other.equals(options) && p.hasNonNull(other)) {
                throw ApiException.invalid(other + " is valid only for " + typeOf(other) + " policies, not " + type + ".");
            }
        }
        JsonNode o = p.path(options);
        if (!o.isObject()) throw ApiException.missingField(options);
        switch (options) {
            case "column_mask" -> {
                requireFunction(o.path("function_name").asText(""), "column_mask.function_name");
                if (o.path("on_column").asText("").isBlank()) throw ApiException.missingField("column_mask.on_column");
            }
            case "row_filter" -> requireFunction(o.path("function_name").asText(""), "row_filter.function_name");
            default -> {
                if (!o.path("privileges").isArray() || o.path("privileges").isEmpty()) throw ApiException.missingField(options + ".privileges");
            }
        }
        if (p.has("match_columns") && !forType.equals("TABLE")) throw ApiException.invalid("match_columns is valid only when for_securable_type is TABLE.");
    }

    private void requireFunction(String name, String field) {
        if (name.isBlank()) throw ApiException.missingField(field);
        String full = Names.objectFullName("function", name).fullName();
        if (!functions.exists(full)) throw ApiException.notFound("Function '" + full + "'");
    }

    private static String typeOf(String options) {
        return OPTIONS.entrySet().stream().filter(e -> e.getValue().equals(options)).map(Map.Entry::getKey).findFirst().orElse("?");
    }

    private static String name(String name) {
        if (name == null || name.isBlank()) throw ApiException.missingField("name");
        if (name.length() > Names.MAX_LENGTH) throw ApiException.invalid("Invalid policy name: at most " + Names.MAX_LENGTH + " characters.");
        return name;
    }

    private static String onType(String type) {
        if (type == null || type.isBlank()) throw ApiException.missingField("on_securable_type");
        String t = type.toUpperCase(Locale.ROOT);
        if (!ON_TYPES.contains(t)) throw ApiException.invalid("Invalid on_securable_type '" + type + "': policies are defined on CATALOG, SCHEMA or TABLE.");
        return t;
    }

    // ---- storage

    private ObjectNode require(String onType, Entity on, String name) {
        dropStale(onType, on);
        return policies.get(key(onType, on.fullName(), name == null ? "" : name))
                .orElseThrow(() -> ApiException.notFound("Policy '" + name + "' on " + onType + " '" + on.fullName() + "'"));
    }

    /** Forgets the policies of an earlier securable of the same name. */
    private void dropStale(String onType, Entity on) {
        List<ObjectNode> stale = policies.listByParent(parent(onType, on.fullName())).stream()
                .filter(p -> on.id() != null && !on.id().equals(p.path("securable_id").asText(null))).toList();
        if (!stale.isEmpty()) {
            store.inTransaction(() -> stale.forEach(p -> policies.delete(key(onType, on.fullName(), p.get("name").asText()))));
        }
    }

    private ObjectNode view(ObjectNode p) {
        ObjectNode out = p.deepCopy();
        out.remove("securable_id");
        return out;
    }

    private static String pageKey(ObjectNode p) {
        return p.path("on_securable_fullname").asText() + "/" + p.path("name").asText();
    }

    private static String parent(String onType, String fullName) {
        return onType + "/" + fullName;
    }

    private static String key(String onType, String fullName, String name) {
        return parent(onType, fullName) + "/" + name.toLowerCase(Locale.ROOT);
    }

    /** update_mask paths may come camelCased (protobuf JSON form). */
    static String snake(String field) {
        return field.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }
}
