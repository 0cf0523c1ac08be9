package dev.minilake.catalog;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksConfig;
import com.databricks.sdk.service.catalog.TableInfo;
import com.databricks.sdk.service.catalog.TableType;
import com.databricks.sdk.service.catalog.DataSourceFormat;
import dev.minilake.engines.delta.KernelDeltaTables;
import dev.minilake.support.ServerProcess;
import dev.minilake.support.SqlRows;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A data dir written before MANAGED tables were Delta (its tables are DuckDB tables in the
 * catalogs' files) opens with every row, now as Delta tables; views over them keep working, and a
 * second start changes nothing.
 */
class ManagedTableMigrationTest {
    @TempDir
    Path tmp;

    @Test
    void duckDbManagedTablesBecomeDeltaTablesWithEveryRow() throws Exception {
        Path data = tmp.resolve("data");
        Map<String, String> env = Map.of("MINILAKE_PERSIST", "1");
        ServerProcess first = ServerProcess.start(data, env);
        try {
            WorkspaceClient w = client(first);
            rows(w, "CREATE CATALOG sales");
            rows(w, "CREATE SCHEMA sales.store");
        } finally {
            first.kill9();
        }
        // what earlier versions wrote for CREATE TABLE: a table in the catalog's DuckDB file
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + data.resolve("duckdb").resolve("sales.duckdb"));
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE store.orders (id BIGINT NOT NULL, customer VARCHAR, amount DECIMAL(10,2), placed DATE)");
            st.execute("INSERT INTO store.orders SELECT i, 'c' || (i % 7), (i % 100) + 0.25, DATE '2024-01-01' + CAST(i % 30 AS INTEGER) "
                    + "FROM range(1, 1001) t(i)");
            st.execute("COMMENT ON TABLE store.orders IS 'legacy orders'");
            st.execute("CREATE VIEW store.big AS SELECT * FROM store.orders WHERE amount > 90");
        }

        ServerProcess second = ServerProcess.start(data, env);
        String tableId;
        Path dir;
        try {
            WorkspaceClient w = client(second);
            TableInfo t = w.tables().get("sales.store.orders");
            assertThat(t.getTableType()).isEqualTo(TableType.MANAGED);
            assertThat(t.getDataSourceFormat()).isEqualTo(DataSourceFormat.DELTA);
            assertThat(t.getComment()).isEqualTo("legacy orders");
            dir = Path.of(t.getStorageLocation());
            assertThat(dir.resolve("_delta_log")).isDirectory();
            assertThat(new KernelDeltaTables().latest(dir).version()).isEqualTo(1);
            tableId = t.getTableId();
            assertThat(rows(w, "SELECT count(*), sum(amount), max(placed) FROM sales.store.orders"))
                    .containsExactly(List.of("1000", "49750.00", "2024-01-30"));
            assertThat(rows(w, "SELECT count(*) FROM sales.store.big")).containsExactly(List.of("100"));
            rows(w, "INSERT INTO sales.store.orders VALUES (1001, 'new', 99.00, DATE'2024-02-01')");
            assertThat(rows(w, "SELECT count(*) FROM sales.store.big")).containsExactly(List.of("101"));
            assertThat(second.log()).contains("MANAGED table sales.store.orders is now a Delta table (1000 rows");
        } finally {
            second.kill9();
        }

        ServerProcess third = ServerProcess.start(data, env);
        try {
            WorkspaceClient w = client(third);
            TableInfo t = w.tables().get("sales.store.orders");
            assertThat(t.getTableId()).isEqualTo(tableId);
            assertThat(Path.of(t.getStorageLocation())).isEqualTo(dir);
            assertThat(rows(w, "SELECT count(*) FROM sales.store.orders")).containsExactly(List.of("1001"));
        } finally {
            third.kill9();
        }
    }

    private static List<List<String>> rows(WorkspaceClient w, String sql) {
        return SqlRows.rows(w, sql);
    }

    private static WorkspaceClient client(ServerProcess p) {
        return new WorkspaceClient(new DatabricksConfig().setHost(p.url()).setToken("dev"));
    }
}
