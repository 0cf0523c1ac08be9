package dev.minilake.catalog.lineage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.Names;
import dev.minilake.core.api.Paging;
import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.catalog.TablesService;
import dev.minilake.catalog.models.RegisteredModelsService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Service;

import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * External lineage relationships between a Databricks object (table, model version, path) or an
 * external metadata object and an external metadata object, named like the SDK's ExternalLineageAPI.
 * Stored; both ends must exist when the relationship is made (tables, model versions and external
 * metadata are looked up, column names of table ends are checked), and relationships whose ends were
 * dropped since are left out of listings. Not merged into Unity Catalog's own (system table) lineage.
 */
@Service
public class ExternalLineageService {
    static final Set<String> KINDS = Set.of("table", "path", "model_version", "external_metadata");
    static final Set<String> UPDATABLE = Set.of("columns", "properties");

    public record ListExternalLineageResponse(List<ObjectNode> external_lineage_relationships, String next_page_token) {
    }

    private final Store store;
    private final TablesService tables;
    private final RegisteredModelsService models;
    private final ExternalMetadataService metadata;
    private final ObjectMapper json;
    private final Collection<ObjectNode> relationships;

    public ExternalLineageService(Store store, TablesService tables, RegisteredModelsService models, ExternalMetadataService metadata,
                                  ObjectMapper json) {
        this.store = store;
        this.tables = tables;
        this.models = models;
        this.metadata = metadata;
        this.json = json;
        this.relationships = store.collection("uc_external_lineage", ObjectNode.class);
    }

    public synchronized ObjectNode create(ObjectNode body) {
        ObjectNode source = endpoint(body.get("source"), "source");
        ObjectNode target = endpoint(body.get("target"), "target");
        if (!source.has("external_metadata") && !target.has("external_metadata")) {
            throw ApiException.invalid("One end of an external lineage relationship must be an external metadata object.");
        }
        if (ref(source).equals(ref(target))) throw ApiException.invalid("source and target are the same object.");
        checkColumns(body.get("columns"), source, target);
        if (body.has("properties") && !body.get("properties").isObject()) throw ApiException.invalid("properties must be a map.");
        ObjectNode r = json.createObjectNode();
        r.put("id", UUID.randomUUID().toString());
        r.set("source", source);
        r.set("target", target);
        if (body.hasNonNull("columns")) r.set("columns", body.get("columns"));
        if (body.hasNonNull("properties")) r.set("properties", body.get("properties"));
        r.put("event_time", Instant.ofEpochMilli(System.currentTimeMillis()).toString());
        if (!relationships.insert(key(source, target), r)) {
            throw ApiException.alreadyExists("External lineage relationship " + ref(source) + " -> " + ref(target));
        }
        return view(r);
    }

    /** Relationships of an object: UPSTREAM (the object is the target; each result describes its source) or DOWNSTREAM. */
    public ListExternalLineageResponse list(ObjectNode objectInfo, String direction, Long pageSize, String pageToken) {
        if (direction == null || direction.isBlank()) throw ApiException.missingField("lineage_direction");
        String dir = direction.toUpperCase(Locale.ROOT);
        if (!dir.equals("UPSTREAM") && !dir.equals("DOWNSTREAM")) throw ApiException.invalid("Invalid lineage_direction '" + direction + "'.");
        ObjectNode object = endpoint(objectInfo, "object_info");
        String ref = ref(object);
        boolean upstream = dir.equals("UPSTREAM");
        List<ObjectNode> matching = relationships.list().stream()
                .filter(r -> ref(upstream ? r.get("target") : r.get("source")).equals(ref))
                .filter(r -> live(r.get("source")) && live(r.get("target")))
                .sorted(Comparator.comparing(ExternalLineageService::sortKey)).toList();
        Paging.Page<ObjectNode> p = Paging.page(matching, ExternalLineageService::sortKey, pageSize, pageToken);
        return new ListExternalLineageResponse(p.items().stream().map(r -> info(r, upstream ? r.get("source") : r.get("target"))).toList(),
                p.nextPageToken());
    }

    /** Updates columns and/or properties as the mask names; source and target identify the relationship. */
    public synchronized ObjectNode update(ObjectNode body, String updateMask) {
        ObjectNode old = require(body);
        if (updateMask == null || updateMask.isBlank()) throw ApiException.missingField("update_mask");
        Set<String> fields = new LinkedHashSet<>();
        if (updateMask.trim().equals("*")) fields.addAll(UPDATABLE);
        else {
            for (String f : updateMask.split(",")) {
                if (!UPDATABLE.contains(f.trim())) throw ApiException.invalid("Invalid update_mask field '" + f + "': columns and properties can be updated.");
                fields.add(f.trim());
            }
        }
        ObjectNode next = old.deepCopy();
        for (String f : fields) {
            JsonNode v = body.get(f);
            if (v == null || v.isNull()) next.remove(f);
            else next.set(f, v);
        }
        checkColumns(next.get("columns"), (ObjectNode) next.get("source"), (ObjectNode) next.get("target"));
        if (next.has("properties") && !next.get("properties").isObject()) throw ApiException.invalid("properties must be a map.");
        relationships.put(key(next.get("source"), next.get("target")), next);
        return view(next);
    }

    /** Deletes by source and target, or by id. */
    public synchronized void delete(ObjectNode which) {
        ObjectNode r = require(which);
        relationships.delete(key(r.get("source"), r.get("target")));
    }

    // ---- internals

    private ObjectNode require(ObjectNode which) {
        if (which == null) throw ApiException.missingField("external_lineage_relationship");
        if (which.hasNonNull("source") && which.hasNonNull("target")) {
            ObjectNode s = shape(which.get("source"), "source");
            ObjectNode t = shape(which.get("target"), "target");
            return relationships.get(key(s, t)).orElseThrow(() ->
                    ApiException.notFound("External lineage relationship " + ref(s) + " -> " + ref(t)));
        }
        String id = which.path("id").asText("");
        if (id.isBlank()) throw ApiException.missingField("source and target, or id");
        return relationships.list().stream().filter(r -> id.equals(r.path("id").asText())).findFirst()
                .orElseThrow(() -> ApiException.notFound("External lineage relationship " + id));
    }

    /** Validates the shape of an object reference and that the object exists. */
    private ObjectNode endpoint(JsonNode node, String field) {
        ObjectNode o = shape(node, field);
        if (!live(o)) throw ApiException.notFound(describe(o));
        return o;
    }

    /** The one-of object reference, normalized (table names lowercase), without looking anything up. */
    private ObjectNode shape(JsonNode node, String field) {
        if (node == null || !node.isObject()) throw ApiException.missingField(field);
        List<String> kinds = KINDS.stream().filter(node::hasNonNull).toList();
        if (kinds.size() != 1) {
            throw ApiException.invalid(field + " must hold exactly one of table, path, model_version and external_metadata.");
        }
        String kind = kinds.get(0);
        JsonNode v = node.get(kind);
        ObjectNode out = json.createObjectNode();
        ObjectNode inner = out.putObject(kind);
        switch (kind) {
            case "table" -> inner.put("name", Names.objectFullName("table", v.path("name").asText(null)).fullName());
            case "path" -> {
                if (v.path("url").asText("").isBlank()) throw ApiException.missingField(field + ".path.url");
                inner.put("url", v.get("url").asText());
            }
            case "model_version" -> {
                inner.put("name", Names.objectFullName("model", v.path("name").asText(null)).fullName());
                String version = v.path("version").asText("");
                if (version.isBlank()) throw ApiException.missingField(field + ".model_version.version");
                inner.put("version", version);
            }
            default -> {
                if (v.path("name").asText("").isBlank()) throw ApiException.missingField(field + ".external_metadata.name");
                inner.put("name", v.get("name").asText());
            }
        }
        return out;
    }

    private boolean live(JsonNode o) {
        String kind = o.fieldNames().next();
        JsonNode v = o.get(kind);
        try {
            return switch (kind) {
                case "table" -> tables.exists(v.get("name").asText());
                case "model_version" -> {
                    models.getVersion(v.get("name").asText(), Long.parseLong(v.get("version").asText()), false);
                    yield true;
                }
                case "external_metadata" -> metadata.find(v.get("name").asText()).isPresent();
                default -> true;
            };
        } catch (NumberFormatException e) {
            throw ApiException.invalid("Invalid model version '" + v.get("version").asText() + "'.");
        } catch (ApiException e) {
            if (e.code() == ErrorCode.RESOURCE_DOES_NOT_EXIST) return false;
            throw e;
        }
    }

    /** Column relationships must name real columns of table ends (and of external metadata that lists columns). */
    private void checkColumns(JsonNode columns, ObjectNode source, ObjectNode target) {
        if (columns == null || columns.isNull()) return;
        if (!columns.isArray()) throw ApiException.invalid("columns must be a list of {source, target}.");
        Optional<Set<String>> sourceCols = columnsOf(source);
        Optional<Set<String>> targetCols = columnsOf(target);
        for (JsonNode c : columns) {
            String s = c.path("source").asText("");
            String t = c.path("target").asText("");
            if (s.isBlank() || t.isBlank()) throw ApiException.missingField("columns.source and columns.target");
            if (sourceCols.isPresent() && !sourceCols.get().contains(s.toLowerCase(Locale.ROOT))) {
                throw ApiException.invalid("Column '" + s + "' is not a column of the source " + describe(source) + ".");
            }
            if (targetCols.isPresent() && !targetCols.get().contains(t.toLowerCase(Locale.ROOT))) {
                throw ApiException.invalid("Column '" + t + "' is not a column of the target " + describe(target) + ".");
            }
        }
    }

    private Optional<Set<String>> columnsOf(ObjectNode o) {
        Set<String> out = new HashSet<>();
        if (o.has("table")) {
            for (ColumnInfo c : tables.get(o.get("table").get("name").asText()).columns()) out.add(c.name().toLowerCase(Locale.ROOT));
            return Optional.of(out);
        }
        if (o.has("external_metadata")) {
            Optional<ObjectNode> m = metadata.find(o.get("external_metadata").get("name").asText());
            if (m.isPresent() && m.get().path("columns").isArray() && !m.get().get("columns").isEmpty()) {
                m.get().get("columns").forEach(c -> out.add(c.asText().toLowerCase(Locale.ROOT)));
                return Optional.of(out);
            }
        }
        return Optional.empty();
    }

    /** One listing entry: the relationship and a description of the object at its other end. */
    private ObjectNode info(ObjectNode r, JsonNode other) {
        ObjectNode out = json.createObjectNode();
        out.set("external_lineage_info", view(r));
        String when = r.path("event_time").asText();
        String kind = other.fieldNames().next();
        JsonNode v = other.get(kind);
        switch (kind) {
            case "table" -> {
                String[] p = v.get("name").asText().split("\\.");
                out.putObject("table_info").put("catalog_name", p[0]).put("schema_name", p[1]).put("name", p[2]).put("event_time", when);
            }
            case "model_version" -> out.putObject("model_info").put("model_name", v.get("name").asText())
                    .put("version", Long.parseLong(v.get("version").asText())).put("event_time", when);
            case "path" -> out.putObject("file_info").put("path", v.get("url").asText()).put("event_time", when);
            default -> {
                ObjectNode m = metadata.get(v.get("name").asText());
                out.putObject("external_metadata_info").put("name", m.get("name").asText())
                        .put("system_type", m.path("system_type").asText()).put("entity_type", m.path("entity_type").asText())
                        .put("event_time", when);
            }
        }
        return out;
    }

    private ObjectNode view(ObjectNode r) {
        ObjectNode out = r.deepCopy();
        out.remove("event_time");
        return out;
    }

    private static String describe(JsonNode o) {
        String kind = o.fieldNames().next();
        JsonNode v = o.get(kind);
        return switch (kind) {
            case "table" -> "Table '" + v.get("name").asText() + "'";
            case "path" -> "Path '" + v.get("url").asText() + "'";
            case "model_version" -> "Version " + v.get("version").asText() + " of registered model '" + v.get("name").asText() + "'";
            default -> "External metadata '" + v.get("name").asText() + "'";
        };
    }

    private static String ref(JsonNode o) {
        String kind = o.fieldNames().next();
        JsonNode v = o.get(kind);
        return kind + ":" + switch (kind) {
            case "path" -> v.get("url").asText();
            case "model_version" -> v.get("name").asText() + "/" + v.get("version").asText();
            case "external_metadata" -> v.get("name").asText().toLowerCase(Locale.ROOT);
            default -> v.get("name").asText();
        };
    }

    private static String key(JsonNode source, JsonNode target) {
        return ref(source) + " -> " + ref(target);
    }

    private static String sortKey(ObjectNode r) {
        return key(r.get("source"), r.get("target"));
    }

    /** Rebuilds a nested object from flattened query parameters ({@code prefix.a.b=v}), as the SDKs send them. */
    public ObjectNode fromQuery(Map<String, List<String>> query, String prefix) {
        ObjectNode root = json.createObjectNode();
        query.forEach((k, values) -> {
            if (!k.startsWith(prefix + ".") || values.isEmpty()) return;
            String[] path = k.substring(prefix.length() + 1).split("\\.");
            ObjectNode at = root;
            for (int i = 0; i < path.length - 1; i++) at = at.has(path[i]) && at.get(path[i]).isObject() ? (ObjectNode) at.get(path[i]) : at.putObject(path[i]);
            at.put(path[path.length - 1], values.get(0));
        });
        return root;
    }
}
