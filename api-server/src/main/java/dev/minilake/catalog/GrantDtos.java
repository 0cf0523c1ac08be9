package dev.minilake.catalog;

import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;
import java.util.Map;

/** Wire shapes of grants, with the field names of the SDK's PrivilegeAssignment / EffectivePrivilege. */
public final class GrantDtos {
    private GrantDtos() {
    }

    public record PrivilegeAssignment(String principal, List<String> privileges) {
    }

    public record PermissionsChange(String principal, List<String> add, List<String> remove) {
    }

    public record UpdatePermissions(List<PermissionsChange> changes, Boolean omit_permissions_in_response) implements Validated {
        @Override
        public void validate() {
            if (changes == null) return;
            for (PermissionsChange c : changes) {
                if (c == null || c.principal() == null || c.principal().isBlank()) throw ApiException.missingField("changes.principal");
            }
        }
    }

    public record GetPermissionsResponse(List<PrivilegeAssignment> privilege_assignments) {
    }

    public record UpdatePermissionsResponse(List<PrivilegeAssignment> privilege_assignments) {
    }

    public record EffectivePrivilege(String privilege, String inherited_from_type, String inherited_from_name) {
    }

    public record EffectivePrivilegeAssignment(String principal, List<EffectivePrivilege> privileges) {
    }

    public record EffectivePermissionsList(List<EffectivePrivilegeAssignment> privilege_assignments) {
    }

    public record ListPrivilegeAssignmentsResponse(List<PrivilegeAssignment> privilege_assignments, String next_page_token) {
    }

    public record ListEffectivePrivilegeAssignmentsResponse(List<EffectivePrivilegeAssignment> effective_privilege_assignments,
                                                            String next_page_token) {
    }

    /** The grants on one securable: principal to privileges, both in the order they were first granted. */
    public record GrantRecord(String securable_type, String full_name, Map<String, List<String>> privileges) implements UcStore.Keyed {
        /** {@code full_name/type}: a table and a volume may share a name. */
        @Override
        public String key() {
            return full_name + "/" + securable_type;
        }
    }
}
