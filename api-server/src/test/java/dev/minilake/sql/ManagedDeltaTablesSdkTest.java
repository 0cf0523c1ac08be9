package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.NotFound;
import com.databricks.sdk.service.catalog.ColumnInfo;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateTableRequest;
import com.databricks.sdk.service.catalog.DataSourceFormat;
import com.databricks.sdk.service.catalog.ListTablesRequest;
import com.databricks.sdk.service.catalog.TableInfo;
import com.databricks.sdk.service.catalog.TableType;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.engines.delta.DeltaTables;
import dev.minilake.engines.delta.KernelDeltaTables;
import dev.minilake.support.MiniLakeServer;
import dev.minilake.support.SqlRows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * MANAGED tables are Delta tables, as on Databricks: SQL and tables.create make a real
 * {@code _delta_log} in the managed area, every write is one commit, and an independent Kernel
 * reader plus a separate DuckDB read back exactly what SQL shows, before and after commits made
 * from outside MiniLake (as Spark makes them).
 */
class ManagedDeltaTablesSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    final DeltaTables kernel = new KernelDeltaTables();

    @BeforeEach
    void reset() {
        server.reset();
    }

    StatementResponse run(String sql) {
        return SqlRows.run(w, sql);
    }

    List<List<String>> rows(String sql) {
        return SqlRows.rows(w, sql);
    }

    String failure(String sql) {
        return SqlRows.failure(w, sql);
    }

    Path dir(String fullName) {
        return Path.of(w.tables().get(fullName).getStorageLocation());
    }

    /** The rows on disk as any Delta reader sees them: Kernel's latest snapshot, read by a fresh in-process DuckDB. */
    List<String> onDisk(Path dir, String orderBy) throws Exception {
        DeltaTables.Snapshot s = kernel.latest(dir);
        List<String> out = new ArrayList<>();
        if (s.files().isEmpty()) return out;
        List<String> files = s.files().stream().map(f -> "'" + f.path() + "'").toList();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT * FROM read_parquet([" + String.join(", ", files) + "]) ORDER BY " + orderBy)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) row.add(rs.getString(i));
                out.add(String.join(",", row));
            }
        }
        return out;
    }

    static List<String> joined(List<List<String>> rows) {
        return rows.stream().map(r -> String.join(",", r.stream().map(String::valueOf).toList())).toList();
    }

    @Test
    void sqlCreateTableMakesADeltaTableInTheManagedArea() throws Exception {
        rows("CREATE TABLE main.default.orders (id BIGINT COMMENT 'key', name STRING, amount DECIMAL(10,2))");
        TableInfo t = w.tables().get("main.default.orders");
        assertThat(t.getTableType()).isEqualTo(TableType.MANAGED);
        assertThat(t.getDataSourceFormat()).isEqualTo(DataSourceFormat.DELTA);
        Path dir = Path.of(t.getStorageLocation());
        assertThat(dir).startsWith(server.dataDir().toRealPath(java.nio.file.LinkOption.NOFOLLOW_LINKS).resolve("tables"));
        assertThat(dir.resolve("_delta_log/00000000000000000000.json")).exists();
        assertThat(kernel.latest(dir).version()).isZero();
        assertThat(t.getColumns()).extracting(ColumnInfo::getName).containsExactly("id", "name", "amount");
        assertThat(new ArrayList<>(t.getColumns()).get(0).getComment()).isEqualTo("key");
        assertThat(new ArrayList<>(t.getColumns()).get(2).getTypeText()).isEqualTo("decimal(10,2)");
        // listed once, as the table it is, never as DuckDB's view of it
        var listed = StreamSupport.stream(w.tables().list(new ListTablesRequest().setCatalogName("main").setSchemaName("default"))
                .spliterator(), false).toList();
        assertThat(listed).extracting(TableInfo::getName, TableInfo::getTableType)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("orders", TableType.MANAGED));
        assertThat(rows("DESCRIBE TABLE EXTENDED main.default.orders")).contains(List.of("Type", "MANAGED", ""));
    }

    @Test
    void everyWriteIsOneCommitAndEveryReaderSeesTheSameRows() throws Exception {
        rows("CREATE TABLE orders (id BIGINT, name STRING, amount DECIMAL(10,2))");
        Path dir = dir("main.default.orders");
        rows("INSERT INTO orders VALUES (1, 'Ana', 459.90), (2, 'Bo', 3.50), (3, 'Cy', 10.00)");
        rows("UPDATE orders SET amount = amount + 1 WHERE id = 2");
        rows("DELETE FROM orders WHERE id = 3");
        // Delta's MERGE counts: affected, updated, deleted, inserted
        assertThat(rows("MERGE INTO orders t USING (SELECT 1 AS id, 'Ann' AS name, 1.00 AS amount UNION ALL SELECT 4, 'Di', 4.00) s ON t.id = s.id "
                + "WHEN MATCHED THEN UPDATE SET name = s.name WHEN NOT MATCHED THEN INSERT (id, name, amount) VALUES (s.id, s.name, s.amount)"))
                .containsExactly(List.of("2", "1", "0", "1"));
        assertThat(kernel.latest(dir).version()).isEqualTo(4);
        List<String> sql = joined(rows("SELECT * FROM orders ORDER BY id"));
        assertThat(sql).containsExactly("1,Ann,459.90", "2,Bo,4.50", "4,Di,4.00");
        assertThat(onDisk(dir, "id")).containsExactly("1,Ann,459.90", "2,Bo,4.50", "4,Di,4.00");
        assertThat(rows("DESCRIBE HISTORY orders")).extracting(r -> r.get(0) + ":" + r.get(3))
                .containsExactly("4:MERGE", "3:DELETE", "2:UPDATE", "1:INSERT", "0:CREATE TABLE");
        assertThat(joined(rows("SELECT * FROM orders VERSION AS OF 1 ORDER BY id"))).containsExactly("1,Ana,459.90", "2,Bo,3.50", "3,Cy,10.00");
        rows("INSERT OVERWRITE orders SELECT id * 10, name, amount FROM orders");
        assertThat(joined(rows("SELECT id FROM orders ORDER BY id"))).containsExactly("10", "20", "40");
        assertThat(kernel.latest(dir).version()).isEqualTo(5);
        rows("TRUNCATE TABLE orders");
        assertThat(rows("SELECT count(*) FROM orders")).containsExactly(List.of("0"));
        assertThat(onDisk(dir, "id")).isEmpty();
    }

    @Test
    void ctasAndCreateOrReplaceTakeTheQueryTypes() throws Exception {
        rows("CREATE TABLE src (id INT, price DOUBLE)");
        rows("INSERT INTO src VALUES (1, 2.5), (2, 4.0)");
        rows("CREATE TABLE totals AS SELECT id, price * 2 AS doubled, 'x' AS tag FROM src");
        TableInfo t = w.tables().get("main.default.totals");
        assertThat(t.getTableType()).isEqualTo(TableType.MANAGED);
        assertThat(t.getColumns()).extracting(ColumnInfo::getName, ColumnInfo::getTypeText).containsExactly(
                org.assertj.core.groups.Tuple.tuple("id", "int"), org.assertj.core.groups.Tuple.tuple("doubled", "double"),
                org.assertj.core.groups.Tuple.tuple("tag", "string"));
        assertThat(onDisk(Path.of(t.getStorageLocation()), "id")).containsExactly("1,5.0,x", "2,8.0,x");
        Path before = Path.of(t.getStorageLocation());
        rows("CREATE OR REPLACE TABLE totals AS SELECT 7 AS n");
        assertThat(rows("SELECT * FROM totals")).containsExactly(List.of("7"));
        assertThat(before).doesNotExist();
        // a CTAS whose query fails leaves no table behind
        assertThat(failure("CREATE TABLE broken AS SELECT no_such_column FROM src")).isNotBlank();
        assertThatThrownBy(() -> w.tables().get("main.default.broken")).isInstanceOf(NotFound.class);
        rows("CREATE TABLE IF NOT EXISTS totals AS SELECT 8 AS n");
        assertThat(rows("SELECT * FROM totals")).containsExactly(List.of("7"));
        // LIKE: the columns (and partitioning) of another table, no rows
        rows("CREATE TABLE src_copy LIKE src");
        assertThat(w.tables().get("main.default.src_copy").getColumns()).extracting(ColumnInfo::getName, ColumnInfo::getTypeText)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("id", "int"), org.assertj.core.groups.Tuple.tuple("price", "double"));
        assertThat(rows("SELECT count(*) FROM src_copy")).containsExactly(List.of("0"));
    }

    @Test
    void viewsOverAManagedTableFollowItsCommits() throws Exception {
        rows("CREATE TABLE t (id INT)");
        rows("CREATE VIEW v AS SELECT id * 2 AS twice FROM t");
        rows("INSERT INTO t VALUES (1)");
        assertThat(rows("SELECT * FROM v")).containsExactly(List.of("2"));
        rows("INSERT INTO t VALUES (2)");
        assertThat(joined(rows("SELECT * FROM v ORDER BY 1"))).containsExactly("2", "4");
        assertThat(w.tables().get("main.default.v").getTableType()).isEqualTo(TableType.VIEW);
        assertThat(failure("DROP VIEW t")).contains("EXPECT_VIEW_NOT_TABLE");
        assertThat(rows("SELECT count(*) FROM t")).containsExactly(List.of("2"));
    }

    @Test
    void aCommitMadeOutsideMiniLakeIsSeenByTheNextRead() throws Exception {
        rows("CREATE TABLE t (id BIGINT, name STRING)");
        rows("INSERT INTO t VALUES (1, 'a')");
        assertThat(rows("SELECT count(*) FROM t")).containsExactly(List.of("1"));
        Path dir = dir("main.default.t");
        // another engine (Spark through the Unity Catalog plugin does the same) commits a new file
        Path file = dir.resolve("part-00000-" + UUID.randomUUID() + "-c000.snappy.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT 2::BIGINT AS id, 'b' AS name) TO '" + file + "' (FORMAT PARQUET)");
        }
        DeltaTables.Write tx = kernel.begin(dir, "WRITE");
        tx.commit(List.of(new DeltaTables.NewFile(file, Map.of(), 1)), List.of());
        assertThat(joined(rows("SELECT * FROM t ORDER BY id"))).containsExactly("1,a", "2,b");
    }

    @Test
    void tablesCreateManagedMakesADeltaTableThatSqlWrites() throws Exception {
        TableInfo t = w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default").setName("api_t")
                .setTableType(TableType.MANAGED).setDataSourceFormat(DataSourceFormat.DELTA)
                .setColumns(List.of(new ColumnInfo().setName("id").setTypeName(ColumnTypeName.LONG).setTypeText("bigint"),
                        new ColumnInfo().setName("day").setTypeName(ColumnTypeName.DATE).setTypeText("date").setPartitionIndex(0L))));
        assertThat(t.getTableType()).isEqualTo(TableType.MANAGED);
        Path dir = Path.of(t.getStorageLocation());
        assertThat(kernel.latest(dir).partitionColumns()).containsExactly("day");
        rows("INSERT INTO api_t VALUES (1, DATE'2024-01-02'), (2, DATE'2024-01-03')");
        assertThat(joined(rows("SELECT * FROM api_t ORDER BY id"))).containsExactly("1,2024-01-02", "2,2024-01-03");
        try (var dirs = Files.list(dir)) {
            assertThat(dirs.map(p -> p.getFileName().toString())).contains("day=2024-01-02", "day=2024-01-03");
        }
    }

    @Test
    void dropDeletesTheFilesAndRenameKeepsThem() throws Exception {
        rows("CREATE TABLE a (id INT)");
        rows("INSERT INTO a VALUES (1)");
        Path dir = dir("main.default.a");
        String id = w.tables().get("main.default.a").getTableId();
        rows("ALTER TABLE a RENAME TO b");
        assertThatThrownBy(() -> w.tables().get("main.default.a")).isInstanceOf(NotFound.class);
        TableInfo b = w.tables().get("main.default.b");
        assertThat(b.getTableId()).isEqualTo(id);
        assertThat(Path.of(b.getStorageLocation())).isEqualTo(dir);
        assertThat(rows("SELECT * FROM b")).containsExactly(List.of("1"));
        assertThat(failure("SELECT * FROM a")).contains("TABLE_OR_VIEW_NOT_FOUND");
        rows("COMMENT ON TABLE b IS 'renamed'");
        assertThat(w.tables().get("main.default.b").getComment()).isEqualTo("renamed");
        rows("DROP TABLE b");
        assertThat(dir).doesNotExist();
        assertThatThrownBy(() -> w.tables().get("main.default.b")).isInstanceOf(NotFound.class);
        // the name is free again, for a new table with new files
        rows("CREATE TABLE b (x STRING)");
        assertThat(rows("SELECT count(*) FROM b")).containsExactly(List.of("0"));
    }

    @Test
    void resetAndDropSchemaDeleteManagedFiles() throws Exception {
        rows("CREATE SCHEMA s");
        rows("CREATE TABLE s.t (id INT)");
        rows("INSERT INTO s.t VALUES (1)");
        Path inSchema = dir("main.s.t");
        rows("DROP SCHEMA s CASCADE");
        assertThat(inSchema).doesNotExist();
        rows("CREATE TABLE t (id INT)");
        Path kept = dir("main.default.t");
        server.reset();
        assertThat(kept).doesNotExist();
    }

    @Test
    void columnFeaturesADeltaTableCannotKeepFailClearlyAndCreateNothing() {
        assertThat(failure("CREATE TABLE d (id INT, n INT DEFAULT 5)")).contains("DEFAULT");
        assertThatThrownBy(() -> w.tables().get("main.default.d")).isInstanceOf(NotFound.class);
        // NOT NULL is kept: a null is refused and nothing is committed
        rows("CREATE TABLE x (id INT NOT NULL)");
        assertThat(failure("INSERT INTO x VALUES (NULL)")).containsIgnoringCase("null");
        assertThat(kernel.latest(dir("main.default.x")).version()).isZero();
    }

    @Test
    void mergeWithStarsRunsOnDuckDbAsOneCommit() {
        rows("CREATE TABLE t (id INT, v STRING)");
        rows("INSERT INTO t VALUES (1, 'a'), (2, 'b')");
        rows("CREATE TABLE s AS SELECT 2 AS id, 'z' AS v UNION ALL SELECT 3, 'y'");
        StatementResponse r = run("MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *");
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        assertThat(joined(rows("SELECT * FROM t ORDER BY id"))).containsExactly("1,a", "2,z", "3,y");
        assertThat(kernel.latest(dir("main.default.t")).version()).isEqualTo(2);
    }

    @Test
    void tablePropertiesAndDescribeDetail() {
        rows("CREATE TABLE p (id INT, day STRING) PARTITIONED BY (day) COMMENT 'props'");
        rows("INSERT INTO p VALUES (1, 'mon'), (2, 'tue')");
        rows("ALTER TABLE p SET TBLPROPERTIES ('delta.appendOnly' = 'true', 'team' = 'data')");
        TableInfo t = w.tables().get("main.default.p");
        assertThat(t.getProperties()).containsEntry("delta.appendOnly", "true").containsEntry("team", "data");
        assertThat(kernel.latest(dir("main.default.p")).configuration()).containsEntry("delta.appendOnly", "true");
        List<String> detail = rows("DESCRIBE DETAIL p").get(0);
        assertThat(detail.get(0)).isEqualTo("delta");
        assertThat(detail.get(2)).isEqualTo("main.default.p");
        assertThat(detail.get(3)).isEqualTo("props");
        assertThat(detail.get(7)).isEqualTo("[\"day\"]");
        assertThat(detail.get(9)).isEqualTo("2");
        assertThat(Long.parseLong(detail.get(10))).isPositive();
        assertThat(detail.get(11)).contains("delta.appendOnly");
        String ddl = rows("SHOW CREATE TABLE p").get(0).get(0);
        assertThat(ddl).startsWith("CREATE TABLE main.default.p (\n  id INT,\n  day STRING)\nUSING delta\nPARTITIONED BY (day)\nCOMMENT 'props'")
                .contains("'delta.appendOnly' = 'true'").doesNotContain("LOCATION");
        rows("ALTER TABLE p UNSET TBLPROPERTIES ('team')");
        assertThat(w.tables().get("main.default.p").getProperties()).doesNotContainKey("team");
    }

    @Test
    void addColumnsIsOneCommitWithoutSpark() throws Exception {
        rows("CREATE TABLE people (id BIGINT COMMENT 'the key', name STRING)");
        rows("INSERT INTO people VALUES (1, 'Ana')");
        rows("ALTER TABLE people ADD COLUMNS (age INT, tags ARRAY<STRING> COMMENT 'labels')");
        rows("ALTER TABLE people ADD COLUMN city STRING");
        rows("INSERT INTO people VALUES (2, 'Bo', 30, array('x'), 'Porto')");
        assertThat(joined(rows("SELECT id, name, age, city FROM people ORDER BY id"))).containsExactly("1,Ana,null,null", "2,Bo,30,Porto");
        assertThat(w.tables().get("main.default.people").getColumns()).extracting(ColumnInfo::getName, ColumnInfo::getTypeText, ColumnInfo::getComment)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("id", "bigint", "the key"), org.assertj.core.groups.Tuple.tuple("name", "string", null),
                        org.assertj.core.groups.Tuple.tuple("age", "int", null), org.assertj.core.groups.Tuple.tuple("tags", "array<string>", "labels"),
                        org.assertj.core.groups.Tuple.tuple("city", "string", null));
        assertThat(rows("DESCRIBE HISTORY people")).extracting(r -> r.get(3)).containsExactly("INSERT", "ADD COLUMNS", "ADD COLUMNS", "INSERT", "CREATE TABLE");
        assertThat(failure("ALTER TABLE people ADD COLUMNS (age INT)")).contains("FIELD_ALREADY_EXISTS");
        assertThat(kernel.latest(dir("main.default.people")).version()).isEqualTo(4);
    }

    @Test
    void columnCommentsLiveInTheDeltaSchema() {
        rows("CREATE TABLE c (id BIGINT COMMENT 'key', name STRING)");
        rows("COMMENT ON COLUMN c.name IS 'who'");
        rows("ALTER TABLE c ALTER COLUMN id COMMENT 'the key'");
        assertThat(rows("DESCRIBE c")).containsExactly(List.of("id", "bigint", "the key"), List.of("name", "string", "who"));
        assertThat(kernel.latest(dir("main.default.c")).columns()).extracting(DeltaTables.Column::comment).containsExactly("the key", "who");
        assertThat(w.tables().get("main.default.c").getColumns()).extracting(ColumnInfo::getComment).containsExactly("the key", "who");
        assertThat(failure("COMMENT ON COLUMN c.nope IS 'x'")).contains("nope");
    }

    @Test
    void restoreAndCloneWorkOnDeltaFiles() throws Exception {
        rows("CREATE TABLE r (id INT, day STRING) PARTITIONED BY (day)");
        rows("INSERT INTO r VALUES (1, 'mon'), (2, 'tue')");
        rows("DELETE FROM r WHERE id = 1");
        rows("INSERT INTO r VALUES (3, 'wed')");
        List<String> metrics = rows("RESTORE TABLE r TO VERSION AS OF 1").get(0);
        assertThat(metrics.subList(1, 4)).containsExactly("2", "1", "1"); // files after, removed, restored
        assertThat(joined(rows("SELECT id, day FROM r ORDER BY id"))).containsExactly("1,mon", "2,tue");
        assertThat(onDisk(dir("main.default.r"), "id")).containsExactly("1,mon", "2,tue");
        assertThat(rows("DESCRIBE HISTORY r").get(0).get(3)).isEqualTo("RESTORE");

        rows("CREATE TABLE r_copy DEEP CLONE r");
        TableInfo copy = w.tables().get("main.default.r_copy");
        assertThat(copy.getTableType()).isEqualTo(TableType.MANAGED);
        assertThat(kernel.latest(Path.of(copy.getStorageLocation())).partitionColumns()).containsExactly("day");
        rows("INSERT INTO r_copy VALUES (9, 'sun')");
        assertThat(rows("SELECT count(*) FROM r_copy")).containsExactly(List.of("3"));
        assertThat(rows("SELECT count(*) FROM r")).containsExactly(List.of("2"));
    }

    @Test
    void manyCommitsLeaveACheckpointAndNoPartialFiles() throws Exception {
        rows("CREATE TABLE many (id INT)");
        for (int i = 1; i <= 12; i++) rows("INSERT INTO many VALUES (" + i + ")");
        Path log = dir("main.default.many").resolve("_delta_log");
        // the checkpoint is written after the commit is answered, off the statement's path; no partial file stays
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).untilAsserted(() -> {
            assertThat(log.resolve("00000000000000000010.checkpoint.parquet")).exists();
            try (var files = Files.list(log)) {
                assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
            }
        });
        assertThat(rows("SELECT count(*), sum(id) FROM many")).containsExactly(List.of("12", "78"));
        assertThat(kernel.latest(dir("main.default.many")).files()).hasSize(12);
    }
}
