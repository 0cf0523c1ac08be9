package dev.minilake.catalog;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.ColumnInfo;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateTableRequest;
import com.databricks.sdk.service.catalog.EffectivePrivilege;
import com.databricks.sdk.service.catalog.EffectivePrivilegeAssignment;
import com.databricks.sdk.service.catalog.PermissionsChange;
import com.databricks.sdk.service.catalog.Privilege;
import com.databricks.sdk.service.catalog.PrivilegeAssignment;
import com.databricks.sdk.service.catalog.SecurableType;
import com.databricks.sdk.service.catalog.TableType;
import com.databricks.sdk.service.catalog.UpdatePermissions;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Grants through the real Java SDK: stored per securable, inherited catalog → schema → table, not enforced. */
class GrantsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
        w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default").setName("t")
                .setTableType(TableType.MANAGED)
                .setColumns(List.of(new ColumnInfo().setName("id").setTypeText("int").setTypeName(ColumnTypeName.INT))));
    }

    @Test
    void grantRevokeAndInherit() {
        grant("catalog", "main", "analysts", List.of(Privilege.USE_CATALOG), null);
        grant("schema", "main.default", "analysts", List.of(Privilege.USE_SCHEMA), null);
        var direct = grant("table", "main.default.t", "analysts", List.of(Privilege.SELECT, Privilege.MODIFY), null);
        assertThat(direct.getPrivilegeAssignments()).singleElement().satisfies(a -> {
            assertThat(a.getPrincipal()).isEqualTo("analysts");
            assertThat(a.getPrivileges()).containsExactly(Privilege.SELECT, Privilege.MODIFY);
        });

        grant("table", "main.default.t", "analysts", null, List.of(Privilege.MODIFY));
        assertThat(w.grants().get("table", "main.default.t").getPrivilegeAssignments())
                .extracting(PrivilegeAssignment::getPrivileges).containsExactly(List.of(Privilege.SELECT));

        List<EffectivePrivilegeAssignment> eff = List.copyOf(w.grants().getEffective("table", "main.default.t").getPrivilegeAssignments());
        assertThat(eff).singleElement().satisfies(a -> assertThat(a.getPrincipal()).isEqualTo("analysts"));
        List<EffectivePrivilege> ps = List.copyOf(eff.get(0).getPrivileges());
        assertThat(ps).extracting(EffectivePrivilege::getPrivilege)
                .containsExactly(Privilege.SELECT, Privilege.USE_SCHEMA, Privilege.USE_CATALOG);
        assertThat(ps.get(0).getInheritedFromType()).isNull();
        assertThat(ps.get(1).getInheritedFromType()).isEqualTo(SecurableType.SCHEMA);
        assertThat(ps.get(1).getInheritedFromName()).isEqualTo("main.default");
        assertThat(ps.get(2).getInheritedFromType()).isEqualTo(SecurableType.CATALOG);
        assertThat(ps.get(2).getInheritedFromName()).isEqualTo("main");
    }

    @Test
    void droppingATableForgetsItsGrants() {
        grant("table", "main.default.t", "bob", List.of(Privilege.SELECT), null);
        w.tables().delete("main.default.t");
        w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default").setName("t")
                .setTableType(TableType.MANAGED)
                .setColumns(List.of(new ColumnInfo().setName("id").setTypeText("int").setTypeName(ColumnTypeName.INT))));
        assertThat(w.grants().get("table", "main.default.t").getPrivilegeAssignments()).isNullOrEmpty();
    }

    @Test
    void errors() {
        assertThatThrownBy(() -> w.grants().get("table", "main.default.nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.grants().get("catalog", "nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.grants().get("share", "x")).isInstanceOf(InvalidParameterValue.class);
        var raw = server.send("PATCH", "/api/2.1/unity-catalog/permissions/catalog/main",
                "{\"changes\":[{\"principal\":\"a\",\"add\":[\"FLY\"]}]}");
        assertThat(raw.statusCode()).isEqualTo(400);
        assertThat(raw.body()).contains("FLY");
    }

    private com.databricks.sdk.service.catalog.UpdatePermissionsResponse grant(String type, String name, String principal,
                                                                             List<Privilege> add, List<Privilege> remove) {
        return w.grants().update(new UpdatePermissions().setSecurableType(type).setFullName(name)
                .setChanges(List.of(new PermissionsChange().setPrincipal(principal).setAdd(add).setRemove(remove))));
    }
}
