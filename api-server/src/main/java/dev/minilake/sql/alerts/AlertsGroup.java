package dev.minilake.sql.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.sql.queries.SavedQueriesService;
import dev.minilake.sql.queries.SqlObjects;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/** SQL alerts (AlertsAPI and AlertsLegacyAPI), evaluated against real query results. */
@Component
public class AlertsGroup implements ApiGroup {
    private final AlertsService service;
    private final AlertsV2Service v2;
    private final LegacyAlerts legacy;
    private final ObjectMapper json;

    public AlertsGroup(AlertsService service, AlertsV2Service v2, SavedQueriesService queries, ObjectMapper json) {
        this.service = service;
        this.v2 = v2;
        this.legacy = new LegacyAlerts(service, queries, json);
        this.json = json;
    }

    @Override
    public String name() {
        return "sql-alerts";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "conditions evaluated on the saved query's real result (schedule: MINILAKE_ALERT_INTERVAL_SECONDS, "
                + "v2 alerts on their own quartz cron; on demand: POST /_minilake/sql/alerts/{id}/evaluate); "
                + "notifications recorded, never sent";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("AlertsAPI", "AlertsLegacyAPI", "AlertsV2API");
    }

    @Override
    public void routes(Routes r) {
        String a = "/api/2.0/sql/alerts";
        r.post(a, ObjectNode.class, (req, b) -> service.create(b.get("alert"), bool(b, "auto_resolve_display_name")));
        r.get(a, req -> {
            var page = SqlObjects.page(service.listActive(), req.queryLong("page_size").orElse(null),
                    req.query("page_token").orElse(null), 20, 100);
            ObjectNode out = json.createObjectNode();
            out.putArray("results").addAll(page.items());
            if (page.nextPageToken() != null) out.put("next_page_token", page.nextPageToken());
            return out;
        });
        r.get(a + "/{id}", req -> service.get(req.pathVar("id")));
        r.patch(a + "/{id}", ObjectNode.class, (req, b) -> service.update(req.pathVar("id"),
                SqlObjects.text(b, "update_mask"), b.get("alert"), bool(b, "auto_resolve_display_name")));
        r.delete(a + "/{id}", req -> {
            service.trash(req.pathVar("id"));
            return Map.of();
        });
        r.post("/_minilake/sql/alerts/{id}/evaluate", req -> isV2(req.pathVar("id"))
                ? v2.evaluate(req.pathVar("id")) : service.evaluate(req.pathVar("id")));
        r.get("/_minilake/sql/alerts/{id}/notifications", req -> Map.of("notifications", isV2(req.pathVar("id"))
                ? v2.notifications(req.pathVar("id")) : service.notifications(req.pathVar("id"))));

        String a2 = "/api/2.0/alerts";
        r.post(a2, ObjectNode.class, (req, b) -> v2.create(b));
        r.get(a2, req -> {
            var page = SqlObjects.page(v2.listActive(), req.queryLong("page_size").orElse(null),
                    req.query("page_token").orElse(null), 20, 100);
            ObjectNode out = json.createObjectNode();
            out.putArray("alerts").addAll(page.items());
            if (page.nextPageToken() != null) out.put("next_page_token", page.nextPageToken());
            return out;
        });
        r.get(a2 + "/{id}", req -> v2.get(req.pathVar("id")));
        r.patch(a2 + "/{id}", ObjectNode.class, (req, b) -> v2.update(req.pathVar("id"), req.query("update_mask").orElse(null), b));
        r.delete(a2 + "/{id}", req -> {
            v2.trash(req.pathVar("id"), req.queryBool("purge").orElse(false));
            return Map.of();
        });

        String l = "/api/2.0/preview/sql/alerts";
        r.post(l, ObjectNode.class, (req, b) -> legacy.create(b));
        r.get(l, req -> legacy.list());
        r.get(l + "/{id}", req -> legacy.get(req.pathVar("id")));
        r.put(l + "/{id}", ObjectNode.class, (req, b) -> {
            legacy.update(req.pathVar("id"), b);
            return Map.of();
        });
        r.delete(l + "/{id}", req -> {
            service.trash(req.pathVar("id"));
            return Map.of();
        });
    }

    @Override
    public void quiesce() {
        service.quiesce();
        v2.quiesce();
    }

    @Override
    public void reset() {
        service.resume();
        v2.resume();
    }

    private boolean isV2(String id) {
        try {
            v2.get(id);
            return true;
        } catch (dev.minilake.core.error.ApiException e) {
            return false;
        }
    }

    private static boolean bool(JsonNode b, String field) {
        return b.has(field) && b.get(field).asBoolean(false);
    }
}
