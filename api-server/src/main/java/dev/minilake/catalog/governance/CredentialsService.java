package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.MetastoreService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Storage and service credentials, one namespace as in Databricks (StorageCredentialsAPI sees the
 * STORAGE ones, CredentialsAPI all of them). The cloud identity (aws_iam_role, azure_*, gcp,
 * cloudflare) is kept exactly as given: MiniLake's storage is the local filesystem, so no credential
 * is ever used to authenticate anywhere.
 */
@Service
public class CredentialsService {
    static final Set<String> CLOUD_FIELDS = Set.of("aws_iam_role", "azure_managed_identity", "azure_service_principal",
            "cloudflare_api_token", "databricks_gcp_service_account");
    private static final Set<String> CREATE_FIELDS = Set.of("name", "comment", "read_only", "aws_iam_role", "azure_managed_identity",
            "azure_service_principal", "cloudflare_api_token", "databricks_gcp_service_account");
    private static final Set<String> UPDATE_FIELDS = Set.of("comment", "read_only", "owner", "isolation_mode", "aws_iam_role",
            "azure_managed_identity", "azure_service_principal", "cloudflare_api_token", "databricks_gcp_service_account");
    static final Set<String> ISOLATION_MODES = Set.of("ISOLATION_MODE_OPEN", "ISOLATION_MODE_ISOLATED");

    private final ObjectMapper json;
    private final Settings settings;
    private final MetastoreService metastore;
    private final NamedRecords records;

    public CredentialsService(Store store, ObjectMapper json, Settings settings, MetastoreService metastore) {
        this.json = json;
        this.settings = settings;
        this.metastore = metastore;
        this.records = new NamedRecords(store, "uc_credential", "Credential");
    }

    /** Creates a credential of a purpose (STORAGE or SERVICE); 409 if any credential has the name. */
    public ObjectNode create(JsonNode body, String purpose) {
        String name = requiredText(body, "name");
        ObjectNode r = json.createObjectNode();
        CREATE_FIELDS.forEach(f -> {
            if (body.hasNonNull(f)) r.set(f, body.get(f));
        });
        checkCloud(r);
        r.put("name", name);
        r.put("full_name", name);
        r.put("id", UUID.randomUUID().toString());
        r.put("purpose", purpose(purpose));
        r.put("metastore_id", metastore.metastoreId());
        r.put("owner", settings.userName());
        r.put("isolation_mode", "ISOLATION_MODE_OPEN");
        if (!r.has("read_only")) r.put("read_only", false);
        r.put("used_for_managed_storage", false);
        return records.insert(r, settings.userName());
    }

    /** The credential of that name; with {@code purpose}, one of that purpose only (404 otherwise). */
    public ObjectNode get(String name, String purpose) {
        ObjectNode r = records.get(name);
        if (purpose != null && !purpose.equals(r.path("purpose").asText())) {
            throw ApiException.notFound((purpose.equals("STORAGE") ? "Storage credential" : "Credential") + " '" + name + "'");
        }
        return r;
    }

    public Optional<ObjectNode> find(String name) {
        return records.find(name);
    }

    public Optional<String> nameById(String id) {
        return records.sorted().stream().filter(r -> r.path("id").asText().equals(id)).map(r -> r.path("name").asText()).findFirst();
    }

    /** All credentials sorted by lowercase name, optionally of one purpose. */
    public List<ObjectNode> list(String purpose) {
        String p = purpose == null ? null : purpose(purpose);
        return records.sorted().stream().filter(r -> p == null || p.equals(r.path("purpose").asText())).toList();
    }

    public ObjectNode update(String name, JsonNode change, String purpose) {
        get(name, purpose);
        if (change.hasNonNull("isolation_mode") && !ISOLATION_MODES.contains(change.get("isolation_mode").asText())) {
            throw ApiException.invalid("Invalid isolation_mode '" + change.get("isolation_mode").asText() + "'.");
        }
        if (change.hasNonNull("new_name") && change.get("new_name").asText().isBlank()) throw ApiException.invalid("new_name must not be blank.");
        boolean newCloud = CLOUD_FIELDS.stream().anyMatch(change::hasNonNull);
        return records.update(name, change, UPDATE_FIELDS, r -> {
            if (newCloud) CLOUD_FIELDS.stream().filter(f -> !change.hasNonNull(f)).forEach(r::remove);
            checkCloud(r);
            r.put("full_name", r.path("name").asText());
            return r;
        }, settings.userName());
    }

    public void delete(String name, String purpose) {
        get(name, purpose);
        records.delete(name);
    }

    /** A StorageCredentialInfo: the record without the fields that type does not have. */
    public static ObjectNode storageView(ObjectNode r) {
        ObjectNode out = r.deepCopy();
        out.remove("purpose");
        return out;
    }

    /** A CredentialInfo. */
    public static ObjectNode credentialView(ObjectNode r) {
        ObjectNode out = r.deepCopy();
        out.remove("cloudflare_api_token");
        return out;
    }

    static String purpose(String p) {
        if (p == null || p.isBlank()) throw ApiException.missingField("purpose");
        String up = p.toUpperCase(Locale.ROOT);
        if (!up.equals("STORAGE") && !up.equals("SERVICE")) throw ApiException.invalid("Invalid purpose '" + p + "': STORAGE or SERVICE.");
        return up;
    }

    static String requiredText(JsonNode body, String field) {
        JsonNode v = body == null ? null : body.get(field);
        if (v == null || v.isNull() || v.asText().isBlank()) throw ApiException.missingField(field);
        if (!v.isTextual()) throw ApiException.invalid("Invalid value for field '" + field + "': expected a string.");
        return v.asText();
    }

    /** At most one cloud identity, each an object: MiniLake needs none, so none is fine too. */
    private static void checkCloud(ObjectNode r) {
        List<String> given = CLOUD_FIELDS.stream().filter(r::has).sorted().toList();
        if (given.size() > 1) throw ApiException.invalid("Only one credential type may be given, got " + given + ".");
        for (String f : given) {
            if (!r.get(f).isObject()) throw ApiException.invalid("Invalid value for field '" + f + "': expected an object.");
        }
        if (r.has("aws_iam_role") && r.get("aws_iam_role").path("role_arn").asText("").isBlank()) {
            throw ApiException.missingField("aws_iam_role.role_arn");
        }
    }
}
