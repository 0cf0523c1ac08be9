package dev.minilake.sql.dashboards;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.sql.queries.SqlObjects;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/** Legacy DBSQL dashboards, widgets and object permissions (preview/sql), stored and read back. */
@Component
public class LegacyDashboardsGroup implements ApiGroup {
    private final LegacyDashboardsService service;

    public LegacyDashboardsGroup(LegacyDashboardsService service) {
        this.service = service;
    }

    @Override
    public String name() {
        return "sql-legacy-dashboards";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "legacy dashboards and widgets stored (trash/restore), nothing rendered; DBSQL ACLs stored, not enforced; "
                + "ownership transfer changes the owner of queries, alerts and dashboards";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("DashboardsAPI", "DashboardWidgetsAPI", "DbsqlPermissionsAPI");
    }

    @Override
    public void routes(Routes r) {
        String d = "/api/2.0/preview/sql/dashboards";
        r.post(d, ObjectNode.class, (req, b) -> service.create(b));
        r.get(d, req -> service.list(req.queryLong("page").orElse(null), req.queryLong("page_size").orElse(null),
                req.query("order").orElse(null), req.query("q").orElse(null)));
        r.get(d + "/{id}", req -> service.get(req.pathVar("id")));
        r.post(d + "/{id}", ObjectNode.class, (req, b) -> service.update(req.pathVar("id"), b));
        r.delete(d + "/{id}", req -> {
            service.trash(req.pathVar("id"));
            return Map.of();
        });
        r.post(d + "/trash/{id}", req -> {
            service.restore(req.pathVar("id"));
            return Map.of();
        });
        String w = "/api/2.0/preview/sql/widgets";
        r.post(w, ObjectNode.class, (req, b) -> service.createWidget(b));
        r.post(w + "/{id}", ObjectNode.class, (req, b) -> service.updateWidget(req.pathVar("id"), b));
        r.delete(w + "/{id}", req -> {
            service.deleteWidget(req.pathVar("id"));
            return Map.of();
        });
        String p = "/api/2.0/preview/sql/permissions/{type}/{id}";
        r.get(p, req -> service.getAcl(req.pathVar("type").toLowerCase(java.util.Locale.ROOT), req.pathVar("id")));
        r.post(p, ObjectNode.class, (req, b) -> service.setAcl(req.pathVar("type").toLowerCase(java.util.Locale.ROOT), req.pathVar("id"), b));
        r.post(p + "/transfer", ObjectNode.class, (req, b) -> service.transferOwnership(req.pathVar("type").toLowerCase(java.util.Locale.ROOT),
                req.pathVar("id"), SqlObjects.text(b, "new_owner")));
    }
}
