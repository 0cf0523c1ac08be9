package dev.minilake.sql.queries;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.engines.statements.QueryResult;
import dev.minilake.sql.StatementDtos;
import dev.minilake.sql.StatementsService;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * Saved SQL queries, named like the SDK's QueriesAPI, durable in the store. The legacy
 * preview/sql QueriesLegacyAPI is an adapter over the same records ({@link LegacyQueries}).
 * Delete moves a query to the trash (lifecycle_state TRASHED); {@link #run} executes its text on
 * the statements engine, which is what alerts evaluate.
 */
@Service
public class SavedQueriesService {
    static final Set<String> CREATE_FIELDS = Set.of("apply_auto_limit", "catalog", "description", "display_name",
            "parameters", "parent_path", "query_text", "run_as_mode", "schema", "tags", "warehouse_id");
    static final Set<String> UPDATE_FIELDS = Set.of("apply_auto_limit", "catalog", "description", "display_name",
            "owner_user_name", "parameters", "query_text", "run_as_mode", "schema", "tags", "warehouse_id");
    private static final Set<String> RUN_AS = Set.of("OWNER", "VIEWER");
    static final int MAX_RESULT_ROWS = 10_000;

    private final Store store;
    private final Collection<ObjectNode> queries;
    private final Collection<ObjectNode> visualizations;
    private final CurrentUserService users;
    private final StatementsService statements;
    private final ObjectMapper json;

    public SavedQueriesService(Store store, CurrentUserService users, StatementsService statements, ObjectMapper json) {
        this.store = store;
        this.queries = store.collection("sql_query", ObjectNode.class);
        this.visualizations = store.collection("sql_visualization", ObjectNode.class);
        this.users = users;
        this.statements = statements;
        this.json = json;
    }

    public ObjectNode create(JsonNode query, boolean autoResolveName) {
        if (query == null || !query.isObject()) throw ApiException.missingField("query");
        ObjectNode q = json.createObjectNode();
        SqlObjects.copy(q, query, CREATE_FIELDS);
        validate(q);
        String parent = q.has("parent_path") ? q.get("parent_path").asText() : "/Users/" + users.userName();
        q.put("parent_path", parent);
        String id = UUID.randomUUID().toString();
        String now = SqlObjects.now();
        q.put("id", id).put("lifecycle_state", "ACTIVE").put("owner_user_name", users.userName())
                .put("last_modifier_user_name", users.userName()).put("create_time", now).put("update_time", now);
        if (!q.has("run_as_mode")) q.put("run_as_mode", "OWNER");
        if (!q.has("apply_auto_limit")) q.put("apply_auto_limit", false);
        if (!q.has("query_text")) q.put("query_text", "");
        return store.inTransaction(() -> {
            q.put("display_name", uniqueName(q.get("display_name").asText(), parent, null, autoResolveName));
            queries.insert(id, q);
            return q;
        });
    }

    public ObjectNode get(String id) {
        return queries.get(id).orElseThrow(() -> ApiException.notFound("Query " + id));
    }

    /** Active queries (the trash is not listed), oldest first. */
    public List<ObjectNode> listActive() {
        return queries.list().stream().filter(SavedQueriesService::active).toList();
    }

    public ObjectNode update(String id, String updateMask, JsonNode patch, boolean autoResolveName) {
        Set<String> fields = SqlObjects.mask(updateMask, UPDATE_FIELDS);
        return store.inTransaction(() -> {
            ObjectNode q = get(id);
            if (!active(q)) throw ApiException.invalid("Query " + id + " is in the trash; restore it before updating");
            SqlObjects.applyMask(q, patch, fields);
            validate(q);
            if (fields.contains("display_name")) {
                q.put("display_name", uniqueName(q.get("display_name").asText(), q.get("parent_path").asText(), id, autoResolveName));
            }
            q.put("last_modifier_user_name", users.userName()).put("update_time", SqlObjects.now());
            queries.put(id, q);
            return q;
        });
    }

    /** Moves a query to the trash. */
    public void trash(String id) {
        store.inTransaction(() -> {
            ObjectNode q = get(id);
            if (!active(q)) throw ApiException.notFound("Query " + id);
            q.put("lifecycle_state", "TRASHED").put("update_time", SqlObjects.now());
            queries.put(id, q);
        });
    }

    public void restore(String id) {
        store.inTransaction(() -> {
            ObjectNode q = get(id);
            q.put("lifecycle_state", "ACTIVE").put("update_time", SqlObjects.now());
            queries.put(id, q);
        });
    }

    /** Runs the saved query's text on the statements engine (its catalog, schema and text parameters). */
    public QueryResult run(String id) throws Exception {
        ObjectNode q = get(id);
        String sql = SqlObjects.text(q, "query_text");
        if (sql == null || sql.isBlank()) throw ApiException.invalid("Query " + id + " has no query_text to run");
        return statements.runToCompletion(sql, SqlObjects.text(q, "warehouse_id"), SqlObjects.text(q, "catalog"),
                SqlObjects.text(q, "schema"), parameters(q), MAX_RESULT_ROWS, 5 * 60_000L);
    }

    // ---- visualizations (QueryVisualizationsAPI and the legacy adapter)

    public ObjectNode createVisualization(ObjectNode v) {
        String queryId = SqlObjects.text(v, "query_id");
        if (queryId == null) throw ApiException.missingField("query_id");
        get(queryId);
        String id = UUID.randomUUID().toString();
        String now = SqlObjects.now();
        v.put("id", id).put("create_time", now).put("update_time", now);
        visualizations.insert(id, queryId, v);
        return v;
    }

    public ObjectNode visualization(String id) {
        return visualizations.get(id).orElseThrow(() -> ApiException.notFound("Visualization " + id));
    }

    public ObjectNode updateVisualization(String id, java.util.function.Consumer<ObjectNode> change) {
        return store.inTransaction(() -> {
            ObjectNode v = visualization(id);
            change.accept(v);
            v.put("update_time", SqlObjects.now());
            visualizations.put(id, SqlObjects.text(v, "query_id"), v);
            return v;
        });
    }

    public void deleteVisualization(String id) {
        if (!visualizations.delete(id)) throw ApiException.notFound("Visualization " + id);
    }

    public List<ObjectNode> visualizationsOf(String queryId) {
        get(queryId);
        return visualizations.listByParent(queryId);
    }

    // ----

    private static boolean active(ObjectNode q) {
        return "ACTIVE".equals(SqlObjects.text(q, "lifecycle_state"));
    }

    private void validate(ObjectNode q) {
        String name = SqlObjects.text(q, "display_name");
        if (name == null || name.isBlank()) throw ApiException.missingField("display_name");
        String runAs = SqlObjects.text(q, "run_as_mode");
        if (runAs != null && !RUN_AS.contains(runAs)) {
            throw ApiException.invalid("Invalid run_as_mode '" + runAs + "'; expected OWNER or VIEWER");
        }
        JsonNode tags = q.get("tags");
        if (tags != null && !tags.isArray()) throw ApiException.invalid("tags must be a list of strings");
        JsonNode params = q.get("parameters");
        if (params != null && !params.isArray()) throw ApiException.invalid("parameters must be a list");
    }

    /** A display name unique among the active queries of one folder; with auto-resolve, " (n)" is appended. */
    private String uniqueName(String name, String parent, String selfId, boolean autoResolve) {
        List<String> taken = new ArrayList<>();
        for (ObjectNode o : listActive()) {
            if (o.get("id").asText().equals(selfId)) continue;
            if (parent.equals(SqlObjects.text(o, "parent_path"))) taken.add(SqlObjects.text(o, "display_name"));
        }
        if (!taken.contains(name)) return name;
        if (!autoResolve) {
            throw ApiException.alreadyExists("A query named '" + name + "' in " + parent);
        }
        for (int i = 1; ; i++) {
            String candidate = name + " (" + i + ")";
            if (!taken.contains(candidate)) return candidate;
        }
    }

    /** Text, numeric, enum and date parameters bound as named statement parameters (:name). */
    private static List<StatementDtos.Parameter> parameters(ObjectNode q) {
        JsonNode params = q.get("parameters");
        if (params == null || !params.isArray()) return null;
        List<StatementDtos.Parameter> out = new ArrayList<>();
        for (JsonNode p : params) {
            String name = SqlObjects.text(p, "name");
            if (name == null) continue;
            if (p.has("text_value")) out.add(new StatementDtos.Parameter(name, SqlObjects.text(p.get("text_value"), "value"), "STRING"));
            else if (p.has("numeric_value")) out.add(new StatementDtos.Parameter(name, SqlObjects.text(p.get("numeric_value"), "value"), "DOUBLE"));
            else if (p.has("date_value")) out.add(new StatementDtos.Parameter(name, SqlObjects.text(p.get("date_value"), "date_value"), "DATE"));
            else if (p.has("enum_value")) {
                JsonNode values = p.get("enum_value").get("values");
                String first = values != null && values.isArray() && !values.isEmpty() ? values.get(0).asText() : null;
                out.add(new StatementDtos.Parameter(name, first, "STRING"));
            }
        }
        return out;
    }

    /** Legacy list order: name, created_at, -name, -created_at (default newest first). */
    static Comparator<ObjectNode> order(String order) {
        String o = order == null ? "-created_at" : order.toLowerCase(Locale.ROOT);
        boolean desc = o.startsWith("-");
        String key = desc ? o.substring(1) : o;
        Comparator<ObjectNode> c = switch (key) {
            case "name" -> Comparator.comparing(n -> SqlObjects.text(n, "display_name").toLowerCase(Locale.ROOT));
            case "created_at" -> Comparator.comparing(n -> SqlObjects.text(n, "create_time"));
            case "updated_at" -> Comparator.comparing(n -> SqlObjects.text(n, "update_time"));
            default -> throw ApiException.invalid("Invalid order '" + order + "'; expected name, created_at or updated_at, optionally prefixed with -");
        };
        return desc ? c.reversed() : c;
    }

    static ArrayNode strings(ObjectMapper json, List<String> values) {
        ArrayNode a = json.createArrayNode();
        values.forEach(a::add);
        return a;
    }
}
