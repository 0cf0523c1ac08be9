package dev.minilake.iam;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Reply;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/**
 * SCIM 2.0 under /api/2.0/preview/scim/v2: Me, Users, Groups and ServicePrincipals. Me carries the
 * X-Databricks-Org-Id header that the Terraform provider compares with the host metadata.
 */
@Component
public class ScimGroup implements ApiGroup {
    static final String BASE = "/api/2.0/preview/scim/v2/";

    private final ScimService scim;
    private final CurrentUserService currentUser;

    public ScimGroup(ScimService scim, CurrentUserService currentUser) {
        this.scim = scim;
        this.currentUser = currentUser;
    }

    @Override
    public String name() {
        return "scim";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "users, groups, service principals and Me; records only: no login, any token is the one admin user";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("CurrentUserAPI", "UsersAPI", "GroupsAPI", "ServicePrincipalsAPI");
    }

    @Override
    public void routes(Routes r) {
        r.get(BASE + "Me", req -> Reply.withHeaders(
                Map.of("X-Databricks-Org-Id", Long.toString(currentUser.workspaceId())), currentUser.me()));
        for (ScimKind kind : ScimKind.values()) {
            String base = BASE + kind.endpoint();
            r.post(base, ObjectNode.class, (req, body) -> Reply.of(201, scim.create(kind, body)));
            r.get(base, req -> list(kind, req));
            r.get(base + "/{id}", req -> scim.get(kind, req.pathVar("id")));
            r.put(base + "/{id}", ObjectNode.class, (req, body) -> scim.replace(kind, req.pathVar("id"), body));
            r.patch(base + "/{id}", JsonNode.class, (req, body) -> {
                scim.patch(kind, req.pathVar("id"), body);
                return Reply.of(204, null);
            });
            r.delete(base + "/{id}", req -> {
                scim.delete(kind, req.pathVar("id"));
                return Reply.of(204, null);
            });
        }
    }

    private ObjectNode list(ScimKind kind, Request req) {
        return scim.list(kind, req.query("filter").orElse(null), req.query("attributes").orElse(null),
                req.queryLong("startIndex").orElse(null), req.queryLong("count").orElse(null),
                req.query("sortBy").orElse(null), req.query("sortOrder").orElse(null));
    }

    @Override
    public void reset() {
        scim.seedIfMissing();
    }
}
