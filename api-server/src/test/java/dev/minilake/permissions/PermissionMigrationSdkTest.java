package dev.minilake.permissions;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.iam.AccessControlRequest;
import com.databricks.sdk.service.iam.AccessControlResponse;
import com.databricks.sdk.service.iam.Group;
import com.databricks.sdk.service.iam.MigratePermissionsRequest;
import com.databricks.sdk.service.iam.ObjectPermissions;
import com.databricks.sdk.service.iam.PermissionLevel;
import com.databricks.sdk.service.iam.SetObjectPermissions;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** PermissionMigrationAPI through the real Java SDK: stored ACL entries really move, in batches. */
class PermissionMigrationSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    long workspaceId;

    @BeforeEach
    void reset() {
        server.reset();
        workspaceId = server.bean(CurrentUserService.class).workspaceId();
        w.groups().create(new Group().setDisplayName("ws-data"));
        w.groups().create(new Group().setDisplayName("acct-data"));
        acl("jobs", "1", "ws-data", PermissionLevel.CAN_MANAGE_RUN);
        acl("clusters", "c-1", "ws-data", PermissionLevel.CAN_RESTART);
        acl("notebooks", "7", "users", PermissionLevel.CAN_READ);
    }

    void acl(String type, String id, String group, PermissionLevel level) {
        w.permissions().set(new SetObjectPermissions().setRequestObjectType(type).setRequestObjectId(id)
                .setAccessControlList(List.of(new AccessControlRequest().setGroupName(group).setPermissionLevel(level))));
    }

    Optional<PermissionLevel> level(String type, String id, String group) {
        ObjectPermissions p = w.permissions().get(type, id);
        return p.getAccessControlList().stream().filter(e -> group.equals(e.getGroupName())).findFirst()
                .map(AccessControlResponse::getAllPermissions).map(l -> l.iterator().next().getPermissionLevel());
    }

    MigratePermissionsRequest migrate(Long size) {
        return new MigratePermissionsRequest().setWorkspaceId(workspaceId).setFromWorkspaceGroupName("ws-data")
                .setToAccountGroupName("acct-data").setSize(size);
    }

    @Test
    void movesEntriesInBatchesUntilNoneAreLeft() {
        assertThat(w.permissionMigration().migratePermissions(migrate(1L)).getPermissionsMigrated()).isEqualTo(1L);
        assertThat(w.permissionMigration().migratePermissions(migrate(10L)).getPermissionsMigrated()).isEqualTo(1L);
        assertThat(w.permissionMigration().migratePermissions(migrate(10L)).getPermissionsMigrated()).isEqualTo(0L);

        assertThat(level("jobs", "1", "acct-data")).contains(PermissionLevel.CAN_MANAGE_RUN);
        assertThat(level("jobs", "1", "ws-data")).isEmpty();
        assertThat(level("clusters", "c-1", "acct-data")).contains(PermissionLevel.CAN_RESTART);
        assertThat(level("notebooks", "7", "users")).contains(PermissionLevel.CAN_READ); // other groups untouched
    }

    @Test
    void higherLevelOfTheTargetStays() {
        w.permissions().update(new com.databricks.sdk.service.iam.UpdateObjectPermissions().setRequestObjectType("clusters").setRequestObjectId("c-1")
                .setAccessControlList(List.of(new AccessControlRequest().setGroupName("acct-data").setPermissionLevel(PermissionLevel.CAN_MANAGE))));
        w.permissionMigration().migratePermissions(migrate(null));
        assertThat(level("clusters", "c-1", "acct-data")).contains(PermissionLevel.CAN_MANAGE);
    }

    @Test
    void badRequestsAre400AndMoveNothing() {
        assertThatThrownBy(() -> w.permissionMigration().migratePermissions(migrate(null).setWorkspaceId(workspaceId + 1)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("workspace_id");
        assertThatThrownBy(() -> w.permissionMigration().migratePermissions(migrate(null).setToAccountGroupName(null)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("to_account_group_name");
        assertThatThrownBy(() -> w.permissionMigration().migratePermissions(migrate(0L))).isInstanceOf(InvalidParameterValue.class);
        assertThat(level("jobs", "1", "ws-data")).contains(PermissionLevel.CAN_MANAGE_RUN);
    }

    @Test
    void unknownGroupsAre404() {
        assertThatThrownBy(() -> w.permissionMigration().migratePermissions(migrate(null).setToAccountGroupName("nope")))
                .isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.permissionMigration().migratePermissions(migrate(null).setFromWorkspaceGroupName("nope")))
                .isInstanceOf(ResourceDoesNotExist.class);
        assertThat(level("jobs", "1", "ws-data")).contains(PermissionLevel.CAN_MANAGE_RUN);
    }
}
