package dev.minilake.catalog.governance;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.ColumnInfo;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateTableConstraint;
import com.databricks.sdk.service.catalog.CreateTableRequest;
import com.databricks.sdk.service.catalog.DeleteTableConstraintRequest;
import com.databricks.sdk.service.catalog.ForeignKeyConstraint;
import com.databricks.sdk.service.catalog.PrimaryKeyConstraint;
import com.databricks.sdk.service.catalog.TableConstraint;
import com.databricks.sdk.service.catalog.TableType;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Primary and foreign key constraints through the real Java SDK: checked against real tables, shown by tables.get. */
class UcGovernanceConstraintsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
        table("customers", "id", "name");
        table("orders", "id", "customer_id");
    }

    void table(String name, String... cols) {
        w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default").setName(name).setTableType(TableType.MANAGED)
                .setColumns(java.util.Arrays.stream(cols).map(c -> new ColumnInfo().setName(c).setTypeText("int").setTypeName(ColumnTypeName.INT)).toList()));
    }

    TableConstraint pk(String table, String name, String... cols) {
        return w.tableConstraints().create(new CreateTableConstraint().setFullNameArg(table)
                .setConstraint(new TableConstraint().setPrimaryKeyConstraint(new PrimaryKeyConstraint().setName(name).setChildColumns(List.of(cols)))));
    }

    TableConstraint fk(String name, String child, String parent, String parentCol) {
        return w.tableConstraints().create(new CreateTableConstraint().setFullNameArg("main.default.orders")
                .setConstraint(new TableConstraint().setForeignKeyConstraint(new ForeignKeyConstraint().setName(name)
                        .setChildColumns(List.of(child)).setParentTable(parent).setParentColumns(List.of(parentCol)))));
    }

    @Test
    void createShowDelete() {
        TableConstraint c = pk("main.default.customers", "customers_pk", "id");
        assertThat(c.getPrimaryKeyConstraint().getName()).isEqualTo("customers_pk");
        assertThat(w.tables().get("main.default.customers").getTableConstraints()).singleElement()
                .satisfies(t -> assertThat(t.getPrimaryKeyConstraint().getChildColumns()).containsExactly("id"));
        fk("orders_customer_fk", "customer_id", "main.default.customers", "id");
        assertThat(w.tables().get("main.default.orders").getTableConstraints()).singleElement()
                .satisfies(t -> assertThat(t.getForeignKeyConstraint().getParentTable()).isEqualTo("main.default.customers"));

        w.tableConstraints().delete(new DeleteTableConstraintRequest().setFullName("main.default.orders")
                .setConstraintName("orders_customer_fk").setCascade(false));
        assertThat(w.tables().get("main.default.orders").getTableConstraints()).isNullOrEmpty();
        assertThatThrownBy(() -> w.tableConstraints().delete(new DeleteTableConstraintRequest().setFullName("main.default.orders")
                .setConstraintName("orders_customer_fk").setCascade(false))).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void checkedAgainstTheRealTables() {
        pk("main.default.customers", "customers_pk", "id");
        assertThatThrownBy(() -> pk("main.default.customers", "CUSTOMERS_PK", "name")).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> pk("main.default.customers", "second_pk", "name")).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("already has a primary key");
        assertThatThrownBy(() -> pk("main.default.orders", "orders_pk", "nope")).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("not a column");
        assertThatThrownBy(() -> pk("main.default.ghost", "g_pk", "id")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.tableConstraints().create(new CreateTableConstraint().setFullNameArg("main.default.orders")
                .setConstraint(new TableConstraint().setPrimaryKeyConstraint(new PrimaryKeyConstraint().setChildColumns(List.of("id"))))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("name");
        // a foreign key must reference the parent's primary key
        assertThatThrownBy(() -> fk("fk1", "customer_id", "main.default.customers", "name")).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("primary key");
        assertThatThrownBy(() -> fk("fk2", "customer_id", "main.default.ghost", "id")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.tables().get("main.default.orders").getTableConstraints()).isNullOrEmpty();
    }

    @Test
    void aReferencedPrimaryKeyNeedsCascade() {
        pk("main.default.customers", "customers_pk", "id");
        fk("orders_customer_fk", "customer_id", "main.default.customers", "id");
        assertThatThrownBy(() -> w.tableConstraints().delete(new DeleteTableConstraintRequest().setFullName("main.default.customers")
                .setConstraintName("customers_pk").setCascade(false))).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("orders_customer_fk");
        w.tableConstraints().delete(new DeleteTableConstraintRequest().setFullName("main.default.customers")
                .setConstraintName("customers_pk").setCascade(true));
        assertThat(w.tables().get("main.default.customers").getTableConstraints()).isNullOrEmpty();
        assertThat(w.tables().get("main.default.orders").getTableConstraints()).isNullOrEmpty();
    }

    @Test
    void aRecreatedTableHasNoConstraints() {
        pk("main.default.customers", "customers_pk", "id");
        w.tables().delete("main.default.customers");
        table("customers", "id", "name");
        assertThat(w.tables().get("main.default.customers").getTableConstraints()).isNullOrEmpty();
        pk("main.default.customers", "customers_pk", "id");
        assertThat(w.tables().get("main.default.customers").getTableConstraints()).hasSize(1);
    }
}
