package dev.minilake.iam;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Reply;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/** GET /api/2.0/preview/scim/v2/Me, with the X-Databricks-Org-Id header the Terraform provider compares. */
@Component
public class CurrentUserGroup implements ApiGroup {
    private final CurrentUserService service;

    public CurrentUserGroup(CurrentUserService service) {
        this.service = service;
    }

    @Override
    public String name() {
        return "current-user";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "one stable admin user (MINILAKE_USER); no login, any token is this user";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("CurrentUserAPI");
    }

    @Override
    public void routes(Routes r) {
        r.get("/api/2.0/preview/scim/v2/Me", req -> Reply.withHeaders(
                Map.of("X-Databricks-Org-Id", Long.toString(service.workspaceId())), service.me()));
    }
}
