package dev.minilake.sql.queries;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.iam.CurrentUserService;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The legacy preview/sql shapes (QueriesLegacyAPI, QueryVisualizationsLegacyAPI) as an adapter over
 * the same saved-query records: name ↔ display_name, query ↔ query_text, data_source_id ↔
 * warehouse_id (a data source's id is its warehouse id in MiniLake), run_as_role ↔ run_as_mode.
 */
final class LegacyQueries {
    private final SavedQueriesService queries;
    private final CurrentUserService users;
    private final ObjectMapper json;

    LegacyQueries(SavedQueriesService queries, CurrentUserService users, ObjectMapper json) {
        this.queries = queries;
        this.users = users;
        this.json = json;
    }

    ObjectNode create(JsonNode body) {
        ObjectNode q = toModern(body);
        if (!q.has("display_name")) q.put("display_name", "New Query");
        if (body.hasNonNull("parent")) q.put("parent_path", body.get("parent").asText());
        return view(queries.create(q, true));
    }

    ObjectNode update(String id, JsonNode body) {
        ObjectNode q = toModern(body);
        if (q.isEmpty()) return view(queries.get(id));
        return view(queries.update(id, String.join(",", (Iterable<String>) q::fieldNames), q, false));
    }

    ObjectNode get(String id) {
        return view(queries.get(id));
    }

    /** QueryList: 1-based pages; q filters on the name; order by name/created_at. */
    ObjectNode list(Long page, Long pageSize, String order, String search) {
        int p = page == null || page < 1 ? 1 : page.intValue();
        int size = pageSize == null || pageSize < 1 ? 25 : (int) Math.min(pageSize, 250);
        List<ObjectNode> all = queries.listActive().stream()
                .filter(q -> search == null || SqlObjects.text(q, "display_name").toLowerCase(Locale.ROOT)
                        .contains(search.toLowerCase(Locale.ROOT)))
                .sorted(SavedQueriesService.order(order))
                .toList();
        int from = Math.min(all.size(), (p - 1) * size);
        int to = Math.min(all.size(), from + size);
        ObjectNode out = json.createObjectNode().put("count", all.size()).put("page", p).put("page_size", size);
        var results = out.putArray("results");
        all.subList(from, to).forEach(q -> results.add(view(q)));
        return out;
    }

    ObjectNode view(ObjectNode q) {
        ObjectNode out = json.createObjectNode();
        out.put("id", q.get("id").asText());
        out.put("name", SqlObjects.text(q, "display_name"));
        out.put("query", SqlObjects.text(q, "query_text"));
        copyIfPresent(q, "description", out, "description");
        copyIfPresent(q, "warehouse_id", out, "data_source_id");
        copyIfPresent(q, "tags", out, "tags");
        out.put("parent", SqlObjects.text(q, "parent_path"));
        out.put("created_at", SqlObjects.text(q, "create_time"));
        out.put("updated_at", SqlObjects.text(q, "update_time"));
        boolean trashed = "TRASHED".equals(SqlObjects.text(q, "lifecycle_state"));
        out.put("is_archived", trashed).put("is_draft", false).put("is_safe", true).put("is_favorite", false)
                .put("can_edit", true).put("permission_tier", "CAN_MANAGE");
        out.put("run_as_role", "VIEWER".equals(SqlObjects.text(q, "run_as_mode")) ? "viewer" : "owner");
        ObjectNode options = out.putObject("options");
        copyIfPresent(q, "catalog", options, "catalog");
        copyIfPresent(q, "schema", options, "schema");
        if (trashed) options.put("moved_to_trash_at", SqlObjects.text(q, "update_time"));
        long userId = Long.parseLong(CurrentUserService.USER_ID);
        out.put("user_id", userId);
        out.putObject("user").put("id", userId).put("email", SqlObjects.text(q, "owner_user_name"))
                .put("name", SqlObjects.text(q, "owner_user_name"));
        out.put("last_modified_by_id", userId);
        var vis = out.putArray("visualizations");
        queries.visualizationsOf(q.get("id").asText()).forEach(v -> vis.add(visualizationView(v, false)));
        return out;
    }

    /** LegacyVisualization; with {@code withQuery} it embeds its query, as create/update answers. */
    ObjectNode visualizationView(ObjectNode v, boolean withQuery) {
        ObjectNode out = json.createObjectNode();
        out.put("id", v.get("id").asText());
        copyIfPresent(v, "type", out, "type");
        copyIfPresent(v, "display_name", out, "name");
        copyIfPresent(v, "description", out, "description");
        String options = SqlObjects.text(v, "serialized_options");
        try {
            out.set("options", options == null ? json.createObjectNode() : json.readTree(options));
        } catch (Exception e) {
            out.put("options", options);
        }
        out.put("created_at", SqlObjects.text(v, "create_time"));
        out.put("updated_at", SqlObjects.text(v, "update_time"));
        if (withQuery) {
            ObjectNode q = queries.get(SqlObjects.text(v, "query_id"));
            ObjectNode qv = json.createObjectNode().put("id", q.get("id").asText())
                    .put("name", SqlObjects.text(q, "display_name")).put("query", SqlObjects.text(q, "query_text"));
            out.set("query", qv);
        }
        return out;
    }

    ObjectNode createVisualization(JsonNode body) {
        if (!body.hasNonNull("query_id")) throw ApiException.missingField("query_id");
        if (!body.hasNonNull("type")) throw ApiException.missingField("type");
        ObjectNode v = json.createObjectNode().put("query_id", body.get("query_id").asText()).put("type", body.get("type").asText());
        if (body.hasNonNull("name")) v.put("display_name", body.get("name").asText());
        if (body.hasNonNull("description")) v.put("description", body.get("description").asText());
        v.put("serialized_options", body.has("options") ? body.get("options").toString() : "{}");
        return visualizationView(queries.createVisualization(v), true);
    }

    ObjectNode updateVisualization(String id, JsonNode body) {
        return visualizationView(queries.updateVisualization(id, v -> {
            if (body.hasNonNull("type")) v.put("type", body.get("type").asText());
            if (body.hasNonNull("name")) v.put("display_name", body.get("name").asText());
            if (body.hasNonNull("description")) v.put("description", body.get("description").asText());
            if (body.has("options") && !body.get("options").isNull()) v.put("serialized_options", body.get("options").toString());
        }), true);
    }

    private ObjectNode toModern(JsonNode body) {
        ObjectNode q = json.createObjectNode();
        if (body.hasNonNull("name")) q.put("display_name", body.get("name").asText());
        if (body.hasNonNull("query")) q.put("query_text", body.get("query").asText());
        if (body.hasNonNull("description")) q.put("description", body.get("description").asText());
        if (body.hasNonNull("data_source_id")) q.put("warehouse_id", body.get("data_source_id").asText());
        if (body.hasNonNull("tags")) q.set("tags", body.get("tags"));
        if (body.hasNonNull("run_as_role")) {
            String role = body.get("run_as_role").asText().toLowerCase(Locale.ROOT);
            if (!Set.of("owner", "viewer").contains(role)) throw ApiException.invalid("Invalid run_as_role '" + role + "'");
            q.put("run_as_mode", role.toUpperCase(Locale.ROOT));
        }
        JsonNode options = body.get("options");
        if (options != null && options.isObject()) {
            if (options.hasNonNull("catalog")) q.put("catalog", options.get("catalog").asText());
            if (options.hasNonNull("schema")) q.put("schema", options.get("schema").asText());
        }
        return q;
    }

    private static void copyIfPresent(ObjectNode from, String field, ObjectNode to, String as) {
        JsonNode v = from.get(field);
        if (v != null && !v.isNull()) to.set(as, v.deepCopy());
    }
}
