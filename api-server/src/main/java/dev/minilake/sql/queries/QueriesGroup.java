package dev.minilake.sql.queries;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.engines.statements.QueryResult;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Saved queries and their visualizations (QueriesAPI, QueryVisualizationsAPI and both legacy APIs). */
@Component
public class QueriesGroup implements ApiGroup {
    private static final Set<String> VIS_CREATE = Set.of("display_name", "query_id", "serialized_options",
            "serialized_query_plan", "type");
    private static final Set<String> VIS_UPDATE = Set.of("display_name", "serialized_options", "serialized_query_plan", "type");

    private final SavedQueriesService service;
    private final LegacyQueries legacy;
    private final ObjectMapper json;

    public QueriesGroup(SavedQueriesService service, CurrentUserService users, ObjectMapper json) {
        this.service = service;
        this.legacy = new LegacyQueries(service, users, json);
        this.json = json;
    }

    @Override
    public String name() {
        return "sql-queries";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "saved queries and visualizations stored durably (trash/restore, update_mask, unique names); "
                + "POST /_minilake/sql/queries/{id}/run and alerts execute the text on DuckDB; permissions not enforced";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("QueriesAPI", "QueriesLegacyAPI", "QueryVisualizationsAPI", "QueryVisualizationsLegacyAPI");
    }

    @Override
    public void routes(Routes r) {
        String q = "/api/2.0/sql/queries";
        r.post(q, ObjectNode.class, (req, b) -> service.create(b.get("query"), bool(b, "auto_resolve_display_name")));
        r.get(q, req -> {
            var page = SqlObjects.page(service.listActive(), req.queryLong("page_size").orElse(null),
                    req.query("page_token").orElse(null), 20, 100);
            return pageBody(page, "results");
        });
        r.get(q + "/{id}", req -> service.get(req.pathVar("id")));
        r.patch(q + "/{id}", ObjectNode.class, (req, b) -> service.update(req.pathVar("id"),
                SqlObjects.text(b, "update_mask"), b.get("query"), bool(b, "auto_resolve_display_name")));
        r.delete(q + "/{id}", req -> {
            service.trash(req.pathVar("id"));
            return Map.of();
        });
        r.get(q + "/{id}/visualizations", req -> pageBody(SqlObjects.page(service.visualizationsOf(req.pathVar("id")),
                req.queryLong("page_size").orElse(null), req.query("page_token").orElse(null), 50, 100), "results"));
        r.post("/_minilake/sql/queries/{id}/run", req -> runView(service.run(req.pathVar("id"))));

        String v = "/api/2.0/sql/visualizations";
        r.post(v, ObjectNode.class, (req, b) -> {
            ObjectNode vis = json.createObjectNode();
            SqlObjects.copy(vis, b.get("visualization"), VIS_CREATE);
            if (!vis.hasNonNull("type")) throw ApiException.missingField("visualization.type");
            return service.createVisualization(vis);
        });
        r.patch(v + "/{id}", ObjectNode.class, (req, b) -> {
            Set<String> fields = SqlObjects.mask(SqlObjects.text(b, "update_mask"), VIS_UPDATE);
            return service.updateVisualization(req.pathVar("id"), vis -> SqlObjects.applyMask(vis, b.get("visualization"), fields));
        });
        r.delete(v + "/{id}", req -> {
            service.deleteVisualization(req.pathVar("id"));
            return Map.of();
        });

        String lq = "/api/2.0/preview/sql/queries";
        r.post(lq, ObjectNode.class, (req, b) -> legacy.create(b));
        r.get(lq, req -> legacy.list(req.queryLong("page").orElse(null), req.queryLong("page_size").orElse(null),
                req.query("order").orElse(null), req.query("q").orElse(null)));
        r.get(lq + "/{id}", req -> legacy.get(req.pathVar("id")));
        r.post(lq + "/{id}", ObjectNode.class, (req, b) -> legacy.update(req.pathVar("id"), b));
        r.delete(lq + "/{id}", req -> {
            service.trash(req.pathVar("id"));
            return Map.of();
        });
        r.post(lq + "/trash/{id}", req -> {
            service.restore(req.pathVar("id"));
            return Map.of();
        });
        String lv = "/api/2.0/preview/sql/visualizations";
        r.post(lv, ObjectNode.class, (req, b) -> legacy.createVisualization(b));
        r.post(lv + "/{id}", ObjectNode.class, (req, b) -> legacy.updateVisualization(req.pathVar("id"), b));
        r.delete(lv + "/{id}", req -> {
            service.deleteVisualization(req.pathVar("id"));
            return Map.of();
        });
    }

    private ObjectNode pageBody(SqlObjects.Page<ObjectNode> page, String field) {
        ObjectNode out = json.createObjectNode();
        out.putArray(field).addAll(page.items());
        if (page.nextPageToken() != null) out.put("next_page_token", page.nextPageToken());
        return out;
    }

    static Map<String, Object> runView(QueryResult r) {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put("statement_id", r.statementId());
        out.put("state", r.state());
        out.put("columns", r.columns());
        out.put("rows", r.rows());
        out.put("truncated", r.truncated());
        if (r.errorMessage() != null) out.put("error", Map.of("error_code", String.valueOf(r.errorCode()), "message", r.errorMessage()));
        return out;
    }

    private static boolean bool(JsonNode b, String field) {
        return b.has(field) && b.get(field).asBoolean(false);
    }

}
