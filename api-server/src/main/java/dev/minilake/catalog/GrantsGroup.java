package dev.minilake.catalog;

import dev.minilake.core.api.Paging;
import dev.minilake.catalog.GrantDtos.EffectivePermissionsList;
import dev.minilake.catalog.GrantDtos.EffectivePrivilegeAssignment;
import dev.minilake.catalog.GrantDtos.ListEffectivePrivilegeAssignmentsResponse;
import dev.minilake.catalog.GrantDtos.ListPrivilegeAssignmentsResponse;
import dev.minilake.catalog.GrantDtos.PrivilegeAssignment;
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

        // the paged forms of the same data: one page of principals, sorted by name
        r.get("/api/2.1/unity-catalog/privilege-assignments" + PATH, req -> {
            Paging.Page<PrivilegeAssignment> p = Paging.page(byPrincipal(grants.get(req.pathVar("securable_type"), req.pathVar("full_name"),
                    req.query("principal").orElse(null)), PrivilegeAssignment::principal), PrivilegeAssignment::principal,
                    req.queryLong("page_size").orElse(null), req.query("page_token").orElse(null));
            return new ListPrivilegeAssignmentsResponse(p.items(), p.nextPageToken());
        });
        r.get("/api/2.1/unity-catalog/effective-privilege-assignments" + PATH, req -> {
            Paging.Page<EffectivePrivilegeAssignment> p = Paging.page(byPrincipal(grants.getEffective(req.pathVar("securable_type"),
                    req.pathVar("full_name"), req.query("principal").orElse(null)), EffectivePrivilegeAssignment::principal),
                    EffectivePrivilegeAssignment::principal, req.queryLong("page_size").orElse(null), req.query("page_token").orElse(null));
            return new ListEffectivePrivilegeAssignmentsResponse(p.items(), p.nextPageToken());
        });
    }

    private static <T> List<T> byPrincipal(List<T> items, java.util.function.Function<T, String> principal) {
        return items.stream().sorted(java.util.Comparator.comparing(principal)).toList();
    }
}
