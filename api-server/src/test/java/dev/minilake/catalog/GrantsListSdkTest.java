package dev.minilake.catalog;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.EffectivePrivilegeAssignment;
import com.databricks.sdk.service.catalog.ListPrivilegeAssignmentsRequest;
import com.databricks.sdk.service.catalog.PermissionsChange;
import com.databricks.sdk.service.catalog.Privilege;
import com.databricks.sdk.service.catalog.PrivilegeAssignment;
import com.databricks.sdk.service.catalog.UpdatePermissions;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.minilake.support.UcFixtures.all;
import static dev.minilake.support.UcFixtures.managedTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** GrantsAPI.list / list_effective through the real Java SDK: the paged forms of the same grants. */
class GrantsListSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void grantsListsArePagedOverTheSameGrants() {
        managedTable(w, "main", "default", "t");
        for (String who : List.of("zoe", "ana", "mia")) {
            w.grants().update(new UpdatePermissions().setSecurableType("table").setFullName("main.default.t")
                    .setChanges(List.of(new PermissionsChange().setPrincipal(who).setAdd(List.of(Privilege.SELECT)))));
        }
        w.grants().update(new UpdatePermissions().setSecurableType("catalog").setFullName("main")
                .setChanges(List.of(new PermissionsChange().setPrincipal("ana").setAdd(List.of(Privilege.USE_CATALOG)))));
        assertThat(all(w.grants().list(new ListPrivilegeAssignmentsRequest().setSecurableType("table").setFullName("main.default.t")
                .setPageSize(1L)))).extracting(PrivilegeAssignment::getPrincipal).containsExactly("ana", "mia", "zoe");
        var firstPage = server.send("GET", "/api/2.1/unity-catalog/privilege-assignments/table/main.default.t?page_size=2", null).body();
        assertThat(firstPage).contains("\"next_page_token\":\"mia\"").doesNotContain("zoe");
        List<EffectivePrivilegeAssignment> eff = all(w.grants().listEffective("table", "main.default.t"));
        assertThat(eff).filteredOn(a -> a.getPrincipal().equals("ana")).singleElement()
                .satisfies(a -> assertThat(a.getPrivileges()).extracting(p -> p.getPrivilege())
                        .containsExactly(Privilege.SELECT, Privilege.USE_CATALOG));
        assertThat(all(w.grants().list(new ListPrivilegeAssignmentsRequest().setSecurableType("table").setFullName("main.default.t")
                .setPrincipal("mia")))).extracting(PrivilegeAssignment::getPrincipal).containsExactly("mia");
        assertThatThrownBy(() -> all(w.grants().list("table", "main.default.ghost"))).isInstanceOf(ResourceDoesNotExist.class);
    }
}
