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
import java.util.Set;
import java.util.UUID;

/**
 * Lakehouse Federation connections, stored with the SDK's ConnectionInfo fields. Nothing connects:
 * no foreign catalog can be created from them. Secret options (password, tokens, keys) are kept but
 * never returned, as in Databricks.
 */
@Service
public class ConnectionsService {
    static final Set<String> TYPES = Set.of("AWS_SECRETS_MANAGER", "AZURE_KEY_VAULT", "BIGQUERY", "CONFLUENCE", "DATABRICKS",
            "DYNAMICS365", "GA4_RAW_DATA", "GITHUB", "GLUE", "HIVE_METASTORE", "HTTP", "HUBSPOT", "JDBC", "META_MARKETING", "MYSQL",
            "NETSUITE", "ORACLE", "OUTLOOK", "POSTGRESQL", "POWER_BI", "REDSHIFT", "SALESFORCE", "SALESFORCE_DATA_CLOUD", "SERVICENOW",
            "SMARTSHEET", "SNOWFLAKE", "SQLDW", "SQLSERVER", "TERADATA", "TIKTOK_ADS", "UNKNOWN_CONNECTION_TYPE", "WORKDAY_RAAS", "ZENDESK");
    /** Option keys that hold secrets: stored, never read back. */
    static final Set<String> SECRET_OPTIONS = Set.of("password", "client_secret", "pem_private_key", "private_key",
            "private_key_password", "access_token", "refresh_token", "bearer_token", "token", "gcp_service_account_key");
    private static final Set<String> CREATE_FIELDS = Set.of("comment", "properties", "read_only", "environment_settings");
    private static final Set<String> UPDATE_FIELDS = Set.of("owner", "environment_settings");

    private final ObjectMapper json;
    private final Settings settings;
    private final MetastoreService metastore;
    private final NamedRecords records;

    public ConnectionsService(Store store, ObjectMapper json, Settings settings, MetastoreService metastore) {
        this.json = json;
        this.settings = settings;
        this.metastore = metastore;
        this.records = new NamedRecords(store, "uc_connection", "Connection");
    }

    public ObjectNode create(JsonNode body) {
        String name = CredentialsService.requiredText(body, "name");
        String type = CredentialsService.requiredText(body, "connection_type").toUpperCase(Locale.ROOT);
        if (!TYPES.contains(type)) throw ApiException.invalid("Invalid connection_type '" + body.get("connection_type").asText() + "'.");
        ObjectNode options = options(body.get("options"));
        ObjectNode r = json.createObjectNode();
        CREATE_FIELDS.forEach(f -> {
            if (body.hasNonNull(f)) r.set(f, body.get(f));
        });
        r.put("name", name);
        r.put("full_name", name);
        r.put("connection_type", type);
        r.set("options", options);
        r.put("connection_id", UUID.randomUUID().toString());
        r.put("metastore_id", metastore.metastoreId());
        r.put("owner", settings.userName());
        r.put("securable_type", "CONNECTION");
        derive(r);
        return view(records.insert(r, settings.userName()));
    }

    public ObjectNode get(String name) {
        return view(records.get(name));
    }

    public List<ObjectNode> list() {
        return records.sorted().stream().map(ConnectionsService::view).toList();
    }

    /** Options, when given, replace the old ones (the SDK sends the full set). */
    public ObjectNode update(String name, JsonNode change) {
        ObjectNode options = change.hasNonNull("options") ? options(change.get("options")) : null;
        if (change.hasNonNull("new_name") && change.get("new_name").asText().isBlank()) throw ApiException.invalid("new_name must not be blank.");
        return view(records.update(name, change, UPDATE_FIELDS, r -> {
            if (options != null) r.set("options", options);
            r.put("full_name", r.path("name").asText());
            derive(r);
            return r;
        }, settings.userName()));
    }

    public void delete(String name) {
        records.delete(name);
    }

    private ObjectNode options(JsonNode given) {
        if (given == null || given.isNull()) throw ApiException.missingField("options");
        if (!given.isObject()) throw ApiException.invalid("Invalid value for field 'options': expected an object of strings.");
        ObjectNode out = json.createObjectNode();
        given.fields().forEachRemaining(e -> {
            if (!e.getValue().isValueNode()) throw ApiException.invalid("Invalid value for option '" + e.getKey() + "': expected a string.");
            out.put(e.getKey(), e.getValue().asText());
        });
        return out;
    }

    /** The fields Databricks derives from the options: url and credential_type. */
    private static void derive(ObjectNode r) {
        JsonNode o = r.path("options");
        if (o.hasNonNull("host")) r.put("url", o.get("host").asText() + (o.hasNonNull("port") ? ":" + o.get("port").asText() : ""));
        else r.remove("url");
        if (o.has("password")) r.put("credential_type", "USERNAME_PASSWORD");
        else if (o.has("bearer_token")) r.put("credential_type", "BEARER_TOKEN");
        else r.remove("credential_type");
    }

    private static ObjectNode view(ObjectNode r) {
        ObjectNode out = r.deepCopy();
        ObjectNode options = (ObjectNode) out.get("options");
        if (options != null) SECRET_OPTIONS.forEach(options::remove);
        return out;
    }
}
