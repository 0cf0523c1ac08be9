package dev.minilake.permissions;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.service.iam.AccessControlRequest;
import com.databricks.sdk.service.iam.AccessControlResponse;
import com.databricks.sdk.service.iam.ObjectPermissions;
import com.databricks.sdk.service.iam.PermissionLevel;
import com.databricks.sdk.service.iam.PermissionsDescription;
import com.databricks.sdk.service.iam.SetObjectPermissions;
import com.databricks.sdk.service.iam.UpdateObjectPermissions;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The permissions API through the real Java SDK: stored, read back, inherited admins, never enforced. */
class PermissionsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void setUpdateAndGetWithInheritedAdmins() {
        ObjectPermissions set = w.permissions().set(new SetObjectPermissions().setRequestObjectType("jobs").setRequestObjectId("42")
                .setAccessControlList(List.of(
                        new AccessControlRequest().setUserName("dev@minilake.local").setPermissionLevel(PermissionLevel.IS_OWNER),
                        new AccessControlRequest().setGroupName("users").setPermissionLevel(PermissionLevel.CAN_VIEW))));
        assertThat(set.getObjectId()).isEqualTo("/jobs/42");
        assertThat(set.getObjectType()).isEqualTo("job");

        w.permissions().update(new UpdateObjectPermissions().setRequestObjectType("jobs").setRequestObjectId("42")
                .setAccessControlList(List.of(new AccessControlRequest().setGroupName("users").setPermissionLevel(PermissionLevel.CAN_MANAGE_RUN))));
        ObjectPermissions got = w.permissions().get("jobs", "42");
        AccessControlResponse users = entry(got, "users");
        assertThat(users.getAllPermissions().iterator().next().getPermissionLevel()).isEqualTo(PermissionLevel.CAN_MANAGE_RUN);
        assertThat(users.getAllPermissions().iterator().next().getInherited()).isFalse();
        AccessControlResponse admins = entry(got, "admins");
        assertThat(admins.getAllPermissions().iterator().next().getInherited()).isTrue();
        assertThat(admins.getAllPermissions().iterator().next().getInheritedFromObject()).containsExactly("/jobs/");

        // PUT replaces the direct entries
        w.permissions().set(new SetObjectPermissions().setRequestObjectType("jobs").setRequestObjectId("42").setAccessControlList(List.of()));
        assertThat(w.permissions().get("jobs", "42").getAccessControlList()).extracting(AccessControlResponse::getGroupName).containsExactly("admins");
    }

    @Test
    void levelsPerTypeAndValidation() {
        assertThat(w.permissions().getPermissionLevels("clusters", "c1").getPermissionLevels())
                .extracting(PermissionsDescription::getPermissionLevel)
                .containsExactly(PermissionLevel.CAN_ATTACH_TO, PermissionLevel.CAN_RESTART, PermissionLevel.CAN_MANAGE);
        assertThatThrownBy(() -> w.permissions().set(new SetObjectPermissions().setRequestObjectType("clusters").setRequestObjectId("c1")
                .setAccessControlList(List.of(new AccessControlRequest().setUserName("x").setPermissionLevel(PermissionLevel.IS_OWNER)))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("IS_OWNER");
        assertThatThrownBy(() -> w.permissions().get("no-such-type", "1")).isInstanceOf(InvalidParameterValue.class);
        // a refused request changed nothing
        assertThat(w.permissions().get("clusters", "c1").getAccessControlList()).hasSize(1);
    }

    @Test
    void perServiceCallsShareTheStore() {
        w.permissions().set(new SetObjectPermissions().setRequestObjectType("warehouses").setRequestObjectId("wh1")
                .setAccessControlList(List.of(new AccessControlRequest().setUserName("ana@example.com").setPermissionLevel(PermissionLevel.CAN_USE))));
        assertThat(w.warehouses().getPermissions("wh1").getAccessControlList())
                .anySatisfy(a -> assertThat(a.getUserName()).isEqualTo("ana@example.com"));
    }

    private static AccessControlResponse entry(ObjectPermissions p, String group) {
        return p.getAccessControlList().stream().filter(a -> group.equals(a.getGroupName())).findFirst().orElseThrow();
    }
}
