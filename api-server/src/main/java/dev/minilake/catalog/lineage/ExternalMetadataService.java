package dev.minilake.catalog.lineage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.MetastoreService;
import dev.minilake.core.api.Paging;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * External metadata objects (systems outside Databricks: a Kafka topic, a Tableau dashboard, ...),
 * named like the SDK's ExternalMetadataAPI. Stored only; names are unique per metastore, case-insensitively.
 */
@Service
public class ExternalMetadataService {
    static final Set<String> SYSTEM_TYPES = Set.of("AMAZON_REDSHIFT", "AZURE_SYNAPSE", "CONFLUENT", "DATABRICKS", "GOOGLE_BIGQUERY",
            "KAFKA", "LOOKER", "MICROSOFT_FABRIC", "MICROSOFT_SQL_SERVER", "MONGODB", "MYSQL", "ORACLE", "OTHER", "POSTGRESQL",
            "POWER_BI", "SALESFORCE", "SAP", "SERVICENOW", "SNOWFLAKE", "STREAM_NATIVE", "TABLEAU", "TERADATA", "WORKDAY");
    static final Set<String> INPUT = Set.of("name", "system_type", "entity_type", "columns", "description", "owner", "properties", "url");
    static final Set<String> UPDATABLE = Set.of("name", "system_type", "entity_type", "columns", "description", "owner", "properties", "url");

    public record ListExternalMetadataResponse(List<ObjectNode> external_metadata, String next_page_token) {
    }

    private final Store store;
    private final MetastoreService metastore;
    private final CurrentUserService user;
    private final ObjectMapper json;
    private final Collection<ObjectNode> records;

    public ExternalMetadataService(Store store, MetastoreService metastore, CurrentUserService user, ObjectMapper json) {
        this.store = store;
        this.metastore = metastore;
        this.user = user;
        this.json = json;
        this.records = store.collection("uc_external_metadata", ObjectNode.class);
    }

    public synchronized ObjectNode create(ObjectNode body) {
        ObjectNode r = json.createObjectNode();
        body.fields().forEachRemaining(e -> {
            if (INPUT.contains(e.getKey()) && !e.getValue().isNull()) r.set(e.getKey(), e.getValue());
        });
        validate(r);
        String now = now();
        String me = user.userName();
        if (!r.has("owner")) r.put("owner", me);
        r.put("id", UUID.randomUUID().toString()).put("metastore_id", metastore.metastoreId())
                .put("create_time", now).put("created_by", me).put("update_time", now).put("updated_by", me);
        if (!records.insert(key(r.get("name").asText()), r)) throw ApiException.alreadyExists("External metadata '" + r.get("name").asText() + "'");
        return r;
    }

    public ObjectNode get(String name) {
        return find(name).orElseThrow(() -> ApiException.notFound("External metadata '" + name + "'"));
    }

    public Optional<ObjectNode> find(String name) {
        if (name == null || name.isBlank()) return Optional.empty();
        return records.get(key(name));
    }

    public ListExternalMetadataResponse list(Long pageSize, String pageToken) {
        List<ObjectNode> sorted = records.list().stream().sorted(Comparator.comparing(ExternalMetadataService::sortKey)).toList();
        Paging.Page<ObjectNode> p = Paging.page(sorted, ExternalMetadataService::sortKey, pageSize, pageToken);
        return new ListExternalMetadataResponse(p.items(), p.nextPageToken());
    }

    /** Applies the fields the mask names ({@code *}: every updatable field, absent ones cleared). Renames via name. */
    public synchronized ObjectNode update(String name, ObjectNode body, String updateMask) {
        ObjectNode old = get(name);
        if (updateMask == null || updateMask.isBlank()) throw ApiException.missingField("update_mask");
        Set<String> fields = new LinkedHashSet<>();
        if (updateMask.trim().equals("*")) fields.addAll(UPDATABLE);
        else {
            for (String f : updateMask.split(",")) {
                String field = f.trim();
                if (!UPDATABLE.contains(field)) throw ApiException.invalid("Invalid update_mask field '" + f + "'.");
                fields.add(field);
            }
        }
        ObjectNode next = old.deepCopy();
        for (String f : fields) {
            JsonNode v = body.get(f);
            if (v == null || v.isNull()) next.remove(f);
            else next.set(f, v);
        }
        validate(next);
        next.put("update_time", now()).put("updated_by", user.userName());
        String oldKey = key(old.get("name").asText());
        String newKey = key(next.get("name").asText());
        store.inTransaction(() -> {
            if (!oldKey.equals(newKey)) {
                if (records.get(newKey).isPresent()) throw ApiException.alreadyExists("External metadata '" + next.get("name").asText() + "'");
                records.delete(oldKey);
                records.insert(newKey, next);
            } else {
                records.put(oldKey, next);
            }
        });
        return next;
    }

    public synchronized void delete(String name) {
        ObjectNode r = get(name);
        records.delete(key(r.get("name").asText()));
    }

    private static void validate(ObjectNode r) {
        String name = r.path("name").asText("");
        if (name.isBlank()) throw ApiException.missingField("name");
        if (name.length() > 255) throw ApiException.invalid("Invalid name: at most 255 characters.");
        String system = r.path("system_type").asText("");
        if (system.isBlank()) throw ApiException.missingField("system_type");
        if (!SYSTEM_TYPES.contains(system)) throw ApiException.invalid("Invalid system_type '" + system + "'.");
        if (r.path("entity_type").asText("").isBlank()) throw ApiException.missingField("entity_type");
        if (r.has("columns") && !r.get("columns").isArray()) throw ApiException.invalid("columns must be a list of names.");
        if (r.has("properties") && !r.get("properties").isObject()) throw ApiException.invalid("properties must be a map.");
    }

    private static String sortKey(ObjectNode r) {
        return key(r.get("name").asText());
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    private static String now() {
        return Instant.ofEpochMilli(System.currentTimeMillis()).toString();
    }
}
