package dev.minilake.permissions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * /api/2.0/permissions/{type}/{id} for every object type the SDK names (the per-service
 * get_permissions/set_permissions calls use the same paths). Authorization objects
 * (authorization/tokens) have a two-part id, so routes accept an id with one optional extra segment.
 */
@Component
public class PermissionsGroup implements ApiGroup {
    private final PermissionsService service;

    public PermissionsGroup(PermissionsService service) {
        this.service = service;
    }

    @Override
    public String name() {
        return "permissions";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "object ACLs stored and read back with inherited admins; allow-all: nothing is enforced";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("PermissionsAPI");
    }

    @Override
    public void routes(Routes r) {
        String base = "/api/2.0/permissions/{type}/{id}";
        r.get(base + "/permissionLevels", req -> service.levels(req.pathVar("type")));
        r.get(base, req -> service.get(req.pathVar("type"), req.pathVar("id")));
        r.put(base, JsonNode.class, (req, body) -> service.set(req.pathVar("type"), req.pathVar("id"), body));
        r.patch(base, JsonNode.class, (req, body) -> service.update(req.pathVar("type"), req.pathVar("id"), body));
        // sql/{kind}/{id} (legacy SQL objects) has a two-segment id
        String sql = "/api/2.0/permissions/sql/{kind}/{id}";
        r.get(sql, req -> service.get("sql", req.pathVar("kind") + "/" + req.pathVar("id")));
        r.put(sql, JsonNode.class, (req, body) -> service.set("sql", req.pathVar("kind") + "/" + req.pathVar("id"), body));
        r.patch(sql, JsonNode.class, (req, body) -> service.update("sql", req.pathVar("kind") + "/" + req.pathVar("id"), body));
    }
}
