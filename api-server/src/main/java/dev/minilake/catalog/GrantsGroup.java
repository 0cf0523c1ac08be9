package dev.minilake.catalog;

import dev.minilake.catalog.GrantDtos.EffectivePermissionsList;
import dev.minilake.catalog.GrantDtos.GetPermissionsResponse;
import dev.minilake.catalog.GrantDtos.UpdatePermissions;
import dev.minilake.catalog.GrantDtos.UpdatePermissionsResponse;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** Unity Catalog grants: its own group because it is honestly CRUD, not enforced. */
@Component
public class GrantsGroup implements ApiGroup {
    private static final String PATH = "/{securable_type}/{full_name}";

    private final GrantsService grants;

    public GrantsGroup(GrantsService grants) {
        this.grants = grants;
    }

    @Override
    public String name() {
        return "unity-catalog-grants";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "stored with inheritance (catalog → schema → object), not enforced";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("GrantsAPI");
    }

    @Override
    public void routes(Routes r) {
        r.get("/api/2.1/unity-catalog/permissions" + PATH, req -> new GetPermissionsResponse(
                grants.get(req.pathVar("securable_type"), req.pathVar("full_name"), req.query("principal").orElse(null))));
        r.patch("/api/2.1/unity-catalog/permissions" + PATH, UpdatePermissions.class, (req, b) -> {
            var result = grants.update(req.pathVar("securable_type"), req.pathVar("full_name"), b.changes());
            return new UpdatePermissionsResponse(Boolean.TRUE.equals(b.omit_permissions_in_response()) ? null : result);
        });
        r.get("/api/2.1/unity-catalog/effective-permissions" + PATH, req -> new EffectivePermissionsList(
                grants.getEffective(req.pathVar("securable_type"), req.pathVar("full_name"), req.query("principal").orElse(null))));
    }
}
