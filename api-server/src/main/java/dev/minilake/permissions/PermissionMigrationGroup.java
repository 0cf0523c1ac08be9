package dev.minilake.permissions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.iam.ScimKind;
import dev.minilake.iam.ScimService;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/**
 * The PermissionMigrationAPI (used by UCX): moves the stored object ACL entries of a workspace group
 * onto another group, a batch of {@code size} per call, answering how many moved.
 */
@Component
public class PermissionMigrationGroup implements ApiGroup {
    /** UCX asks for batches; without a size, one call moves this many. */
    static final int DEFAULT_BATCH = 10_000;

    private final PermissionsService permissions;
    private final ScimService scim;
    private final CurrentUserService currentUser;

    public PermissionMigrationGroup(PermissionsService permissions, ScimService scim, CurrentUserService currentUser) {
        this.permissions = permissions;
        this.scim = scim;
        this.currentUser = currentUser;
    }

    @Override
    public String name() {
        return "permission-migration";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "moves the stored object ACL entries (/api/2.0/permissions) of a workspace group to another group for real, "
                + "in batches of size; MiniLake has no account, so the account group must be a SCIM group of the workspace; "
                + "Unity Catalog grants are not migrated; the ACLs themselves are not enforced";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("PermissionMigrationAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post("/api/2.0/permissionmigration", JsonNode.class, (req, b) -> Map.of("permissions_migrated", migrate(b)));
    }

    int migrate(JsonNode b) {
        if (!b.hasNonNull("workspace_id")) throw ApiException.missingField("workspace_id");
        if (!b.get("workspace_id").canConvertToLong() || b.get("workspace_id").asLong() != currentUser.workspaceId()) {
            throw ApiException.invalid("workspace_id " + b.get("workspace_id").asText() + " is not this workspace ("
                    + currentUser.workspaceId() + ")");
        }
        String from = required(b, "from_workspace_group_name");
        String to = required(b, "to_account_group_name");
        if (from.equalsIgnoreCase(to)) throw ApiException.invalid("from_workspace_group_name and to_account_group_name must differ");
        long size = b.hasNonNull("size") ? b.get("size").asLong() : DEFAULT_BATCH;
        if (size <= 0) throw ApiException.invalid("size must be positive, got " + size);
        String fromGroup = group(from, "Workspace group");
        String toGroup = group(to, "Account group");
        return permissions.migrateGroup(fromGroup, toGroup, (int) Math.min(size, Integer.MAX_VALUE));
    }

    private static String required(JsonNode b, String field) {
        String v = b.path(field).asText("");
        if (v.isBlank()) throw ApiException.missingField(field);
        return v;
    }

    /** The group's display name as SCIM spells it; 404 if there is no such group. */
    private String group(String displayName, String what) {
        String filter = "displayName eq \"" + displayName.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        JsonNode found = scim.list(ScimKind.GROUP, filter, null, null, null, null, null).path("Resources");
        if (found.isEmpty()) throw ApiException.notFound(what + " '" + displayName + "'");
        return found.get(0).path("displayName").asText();
    }
}
