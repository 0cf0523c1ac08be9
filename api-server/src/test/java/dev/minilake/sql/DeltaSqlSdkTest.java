package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.service.catalog.ColumnInfo;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateTableRequest;
import com.databricks.sdk.service.catalog.DataSourceFormat;
import com.databricks.sdk.service.catalog.TableInfo;
import com.databricks.sdk.service.catalog.TableType;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * EXTERNAL Delta tables end to end through the real Java SDK: tables.create and SQL create real
 * {@code _delta_log} commits, every statement is exactly one new version, and an independent
 * Kernel reader plus a separate in-process DuckDB read back exactly what SQL wrote.
 */
class DeltaSqlSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    /** A second, independent Kernel engine: what any Delta reader sees on disk. */
    final DeltaTables kernel = new KernelDeltaTables();

    @BeforeEach
    void reset() {
        server.reset();
    }

    Path location() {
        return server.dataDir().resolve("external").resolve(UUID.randomUUID().toString());
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

    long version(Path dir) {
        return kernel.latest(dir).version();
    }

    /** The table's rows as an independent reader sees them: Kernel's snapshot files, read by a fresh DuckDB. */
    List<String> independentRead(Path dir, String orderBy) throws Exception {
        DeltaTables.Snapshot s = kernel.latest(dir);
        List<String> out = new ArrayList<>();
        if (s.files().isEmpty()) return out;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            List<String> parts = new ArrayList<>();
            for (DeltaTables.DataFile f : s.files()) {
                StringBuilder sel = new StringBuilder("SELECT *");
                f.partitionValues().forEach((k, v) -> sel.append(", '").append(v).append("' AS ").append(k));
                parts.add(sel + " FROM read_parquet('" + f.path() + "', hive_partitioning = false)");
            }
            try (ResultSet rs = st.executeQuery("SELECT * FROM (" + String.join(" UNION ALL BY NAME ", parts) + ") ORDER BY " + orderBy)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= n; i++) row.add(rs.getMetaData().getColumnName(i) + "=" + rs.getString(i));
                    out.add(String.join(",", row));
                }
            }
        }
        return out;
    }

    @Test
    void tablesCreateExternalMakesAnEmptyDeltaTable() throws Exception {
        Path dir = location();
        TableInfo t = w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default").setName("ext_api")
                .setTableType(TableType.EXTERNAL).setDataSourceFormat(DataSourceFormat.DELTA).setStorageLocation(dir.toString())
                .setColumns(List.of(new ColumnInfo().setName("id").setTypeName(ColumnTypeName.LONG).setTypeText("bigint"),
                        new ColumnInfo().setName("name").setTypeName(ColumnTypeName.STRING).setTypeText("string").setComment("who"))));
        assertThat(t.getTableType()).isEqualTo(TableType.EXTERNAL);
        assertThat(t.getDataSourceFormat()).isEqualTo(DataSourceFormat.DELTA);
        assertThat(t.getStorageLocation()).isEqualTo(dir.toString());
        assertThat(Files.exists(dir.resolve("_delta_log/00000000000000000000.json"))).isTrue();
        assertThat(version(dir)).isZero();

        TableInfo got = w.tables().get("main.default.ext_api");
        assertThat(got.getTableId()).isEqualTo(t.getTableId());
        assertThat(got.getColumns()).extracting(ColumnInfo::getName, ColumnInfo::getTypeText).containsExactly(
                org.assertj.core.groups.Tuple.tuple("id", "bigint"), org.assertj.core.groups.Tuple.tuple("name", "string"));
        assertThat(new ArrayList<>(got.getColumns()).get(1).getComment()).isEqualTo("who");
        assertThat(w.tables().list("main", "default")).extracting(TableInfo::getName).contains("ext_api");
        assertThat(w.tables().exists("main.default.ext_api").getTableExists()).isTrue();

        assertThat(rows("SELECT count(*) FROM main.default.ext_api")).containsExactly(List.of("0"));
        assertThat(rows("INSERT INTO ext_api VALUES (1, 'a'), (2, 'b')")).containsExactly(List.of("2"));
        assertThat(version(dir)).isEqualTo(1);
        assertThat(independentRead(dir, "id")).containsExactly("id=1,name=a", "id=2,name=b");
    }

    @Test
    void everyStatementIsExactlyOneCommitAndReadsBack() throws Exception {
        Path dir = location();
        rows("CREATE TABLE main.default.events (id BIGINT, name STRING, amount DECIMAL(10,2)) USING DELTA LOCATION '" + dir + "'");
        assertThat(version(dir)).isZero();

        assertThat(rows("INSERT INTO main.default.events VALUES (1, 'a', 1.50), (2, 'b', 2.00)")).containsExactly(List.of("2"));
        assertThat(version(dir)).isEqualTo(1);
        rows("INSERT INTO events SELECT id + 10, upper(name), amount * 2 FROM events");
        assertThat(version(dir)).isEqualTo(2);
        assertThat(rows("SELECT id, name, amount FROM events ORDER BY id"))
                .containsExactly(List.of("1", "a", "1.50"), List.of("2", "b", "2.00"), List.of("11", "A", "3.00"), List.of("12", "B", "4.00"));

        assertThat(rows("UPDATE events SET name = 'z' WHERE id = 2")).containsExactly(List.of("1"));
        assertThat(version(dir)).isEqualTo(3);
        assertThat(rows("DELETE FROM events WHERE id > 10")).containsExactly(List.of("2"));
        assertThat(version(dir)).isEqualTo(4);
        assertThat(independentRead(dir, "id")).containsExactly("id=1,name=a,amount=1.50", "id=2,name=z,amount=2.00");

        rows("CREATE TABLE updates (id BIGINT, name STRING)");
        rows("INSERT INTO updates VALUES (1, 'merged'), (3, 'new')");
        rows("MERGE INTO events t USING updates u ON t.id = u.id WHEN MATCHED THEN UPDATE SET name = u.name "
                + "WHEN NOT MATCHED THEN INSERT (id, name, amount) VALUES (u.id, u.name, 0)");
        assertThat(version(dir)).isEqualTo(5);
        assertThat(rows("SELECT id, name FROM events ORDER BY id"))
                .containsExactly(List.of("1", "merged"), List.of("2", "z"), List.of("3", "new"));

        rows("INSERT OVERWRITE events SELECT id, name, amount FROM events WHERE id = 3");
        assertThat(version(dir)).isEqualTo(6);
        assertThat(rows("SELECT id, name FROM events")).containsExactly(List.of("3", "new"));

        rows("TRUNCATE TABLE events");
        assertThat(version(dir)).isEqualTo(7);
        assertThat(rows("SELECT count(*) FROM events")).containsExactly(List.of("0"));
        assertThat(kernel.latest(dir).files()).isEmpty();
        try (Stream<Path> log = Files.list(dir.resolve("_delta_log"))) {
            assertThat(log.filter(p -> p.toString().endsWith(".json")).count()).isEqualTo(8);
        }
    }

    @Test
    void aFailedStatementLeavesNoCommitAndNoFiles() throws Exception {
        Path dir = location();
        rows("CREATE TABLE strict_t (id BIGINT NOT NULL, name STRING) USING DELTA LOCATION 'file://" + dir + "'");
        rows("INSERT INTO strict_t VALUES (1, 'a')");
        long files = parquetFiles(dir);
        assertThat(failure("INSERT INTO strict_t VALUES (NULL, 'b')")).isNotBlank();
        assertThat(failure("INSERT INTO strict_t VALUES (2, 'b'), ('x', 'c')")).isNotBlank();
        assertThat(failure("UPDATE strict_t SET id = NULL")).isNotBlank();
        assertThat(version(dir)).isEqualTo(1);
        assertThat(parquetFiles(dir)).isEqualTo(files);
        assertThat(rows("SELECT id, name FROM strict_t")).containsExactly(List.of("1", "a"));
    }

    @Test
    void existingLogWinsOverDeclaredColumnsAndTheMismatchIsVisible() throws Exception {
        Path dir = location();
        rows("CREATE TABLE src (id INT, label STRING) USING DELTA LOCATION '" + dir + "'");
        rows("INSERT INTO src VALUES (7, 'seven')");
        rows("DROP TABLE src");
        assertThat(Files.exists(dir.resolve("_delta_log/00000000000000000001.json"))).isTrue();
        assertThat(parquetFiles(dir)).isEqualTo(1);
        assertThat(w.tables().exists("main.default.src").getTableExists()).isFalse();

        rows("CREATE TABLE again USING DELTA LOCATION '" + dir + "'");
        assertThat(rows("SELECT id, label FROM again")).containsExactly(List.of("7", "seven"));
        assertThat(w.tables().get("main.default.again").getProperties()).doesNotContainKey("minilake.declared_schema_mismatch");

        rows("DROP TABLE again");
        rows("CREATE TABLE liar (id BIGINT, other STRING) USING DELTA LOCATION '" + dir + "'");
        TableInfo t = w.tables().get("main.default.liar");
        assertThat(t.getColumns()).extracting(ColumnInfo::getName, ColumnInfo::getTypeText).containsExactly(
                org.assertj.core.groups.Tuple.tuple("id", "int"), org.assertj.core.groups.Tuple.tuple("label", "string"));
        assertThat(t.getProperties().get("minilake.declared_schema_mismatch"))
                .contains("declared (id bigint, other string)").contains("(id int, label string)");
    }

    @Test
    void rejectedLocations() {
        CreateTableRequest base = new CreateTableRequest().setCatalogName("main").setSchemaName("default").setName("bad")
                .setTableType(TableType.EXTERNAL).setDataSourceFormat(DataSourceFormat.DELTA)
                .setColumns(List.of(new ColumnInfo().setName("id").setTypeName(ColumnTypeName.LONG).setTypeText("bigint")));
        for (String loc : List.of("/etc/minilake-bad", server.dataDir() + "/external/../../../etc/x", "s3://bucket/t", "relative/path",
                "file://otherhost/tmp/x")) {
            assertThatThrownBy(() -> w.tables().create(base.setStorageLocation(loc))).as(loc).isInstanceOf(InvalidParameterValue.class);
        }
        assertThat(failure("CREATE TABLE bad (id BIGINT) USING DELTA LOCATION '/etc/minilake-bad'")).contains("outside the allowed storage roots");
        assertThat(Files.exists(Path.of("/etc/minilake-bad"))).isFalse();
        assertThat(w.tables().exists("main.default.bad").getTableExists()).isFalse();
    }

    @Test
    void describeHistoryAndTimeTravel() throws Exception {
        Path dir = location();
        rows("CREATE TABLE h (id BIGINT) USING DELTA LOCATION '" + dir + "'");
        rows("INSERT INTO h VALUES (1)");
        Thread.sleep(20);
        Instant between = Instant.now();
        Thread.sleep(20);
        rows("INSERT INTO h VALUES (2)");
        rows("DELETE FROM h WHERE id = 1");

        List<List<String>> history = rows("DESCRIBE HISTORY main.default.h");
        assertThat(history).extracting(r -> r.get(0)).containsExactly("3", "2", "1", "0");
        assertThat(history).extracting(r -> r.get(3)).containsExactly("DELETE", "INSERT", "INSERT", "CREATE TABLE");

        assertThat(rows("SELECT id FROM h VERSION AS OF 1")).containsExactly(List.of("1"));
        assertThat(rows("SELECT id FROM main.default.h VERSION AS OF 2 ORDER BY id")).containsExactly(List.of("1"), List.of("2"));
        assertThat(rows("SELECT h.id FROM h TIMESTAMP AS OF '" + between + "'")).containsExactly(List.of("1"));
        assertThat(rows("SELECT id FROM h")).containsExactly(List.of("2"));
        assertThat(rows("SELECT a.id, b.id FROM h VERSION AS OF 1 a JOIN h b ON a.id < b.id")).containsExactly(List.of("1", "2"));
        assertThat(failure("SELECT * FROM h VERSION AS OF 99")).isNotBlank();
    }

    @Test
    void partitionedTablesOptimizeAndVacuum() throws Exception {
        Path dir = location();
        rows("CREATE TABLE p (id BIGINT, day STRING) USING DELTA PARTITIONED BY (day) LOCATION '" + dir + "'");
        rows("INSERT INTO p VALUES (1, '2024-01-01'), (2, '2024-01-02')");
        rows("INSERT INTO p VALUES (3, '2024-01-01')");
        assertThat(Files.isDirectory(dir.resolve("day=2024-01-01"))).isTrue();
        assertThat(kernel.latest(dir).partitionColumns()).containsExactly("day");
        assertThat(rows("SELECT day, count(*) FROM p GROUP BY day ORDER BY day"))
                .containsExactly(List.of("2024-01-01", "2"), List.of("2024-01-02", "1"));
        assertThat(new ArrayList<>(w.tables().get("main.default.p").getColumns()).get(1).getPartitionIndex()).isEqualTo(0);

        long before = parquetFiles(dir);
        assertThat(before).isEqualTo(3);
        rows("OPTIMIZE p");
        assertThat(version(dir)).isEqualTo(3);
        assertThat(kernel.latest(dir).files()).hasSize(2);
        rows("VACUUM p");
        assertThat(parquetFiles(dir)).isEqualTo(5);
        rows("VACUUM p RETAIN 0 HOURS");
        assertThat(parquetFiles(dir)).isEqualTo(2);
        assertThat(rows("SELECT id, day FROM p ORDER BY id"))
                .containsExactly(List.of("1", "2024-01-01"), List.of("2", "2024-01-02"), List.of("3", "2024-01-01"));
        assertThat(independentRead(dir, "id")).containsExactly("id=1,day=2024-01-01", "id=2,day=2024-01-02", "id=3,day=2024-01-01");
    }

    @Test
    void dropNeverDeletesFiles() throws Exception {
        Path dir = location();
        rows("CREATE TABLE d (id BIGINT) USING DELTA LOCATION '" + dir + "'");
        rows("INSERT INTO d VALUES (1)");
        w.tables().delete("main.default.d");
        assertThat(kernel.latest(dir).files()).hasSize(1);
        assertThat(parquetFiles(dir)).isEqualTo(1);
        assertThat(failure("SELECT * FROM d")).isNotBlank();
    }

    @Test
    void columnMappingIsRefusedClearly() throws Exception {
        Path dir = location();
        kernel.create(dir, List.of(new DeltaTables.Column("id", dev.minilake.engines.types.DataType.of(
                dev.minilake.engines.types.DataType.Kind.LONG), true)), List.of(), Map.of("delta.columnMapping.mode", "name"));
        rows("CREATE TABLE mapped USING DELTA LOCATION '" + dir + "'");
        assertThat(failure("SELECT * FROM mapped")).contains("column mapping");
        assertThat(failure("INSERT INTO mapped VALUES (1)")).contains("column mapping");
        assertThat(version(dir)).isZero();
    }

    @Test
    void deletionVectorsAreRefusedClearlyNeverWrongRows() throws Exception {
        Path dir = location();
        rows("CREATE TABLE dv (id BIGINT) USING DELTA LOCATION '" + dir + "'");
        rows("INSERT INTO dv VALUES (1), (2)");
        String file = kernel.latest(dir).files().get(0).relativePath();
        // what Spark writes after DELETE on a table with delta.enableDeletionVectors: the same file with a DV
        Files.writeString(dir.resolve("_delta_log/00000000000000000002.json"), String.join("\n",
                "{\"commitInfo\":{\"timestamp\":" + System.currentTimeMillis() + ",\"operation\":\"DELETE\"}}",
                "{\"protocol\":{\"minReaderVersion\":3,\"minWriterVersion\":7,\"readerFeatures\":[\"deletionVectors\"],"
                        + "\"writerFeatures\":[\"deletionVectors\"]}}",
                "{\"remove\":{\"path\":\"" + file + "\",\"deletionTimestamp\":1,\"dataChange\":true}}",
                "{\"add\":{\"path\":\"" + file + "\",\"partitionValues\":{},\"size\":1,\"modificationTime\":1,\"dataChange\":true,"
                        + "\"deletionVector\":{\"storageType\":\"i\",\"pathOrInlineDv\":\"wi5b=000010000siXQKl0rr91000f55c8Xg0@@D72lkbi5=-{L\","
                        + "\"sizeInBytes\":40,\"cardinality\":1}}}") + "\n");
        assertThat(failure("SELECT count(*) FROM dv")).contains("deletion vectors");
        assertThat(rows("SELECT count(*) FROM dv VERSION AS OF 1")).containsExactly(List.of("2"));
        // a plain append reads no existing file, so it needs no deletion vector applied: one new version
        assertThat(rows("INSERT INTO dv VALUES (3)")).containsExactly(List.of("1"));
        assertThat(version(dir)).isEqualTo(3);
        assertThat(failure("SELECT count(*) FROM dv")).contains("deletion vectors");
        // a statement that reads or rewrites the files is still refused, and commits nothing
        assertThat(failure("DELETE FROM dv WHERE id = 1")).contains("deletion vectors");
        assertThat(failure("INSERT INTO dv SELECT id + 10 FROM dv")).contains("deletion vectors");
        assertThat(version(dir)).isEqualTo(3);
    }

    @Test
    void updateDeleteAndMergeRewriteOnlyTheFilesTheyTouch() throws Exception {
        Path dir = location();
        rows("CREATE TABLE touched (id BIGINT, name STRING) USING DELTA LOCATION '" + dir + "'");
        for (int i = 1; i <= 3; i++) rows("INSERT INTO touched VALUES (" + i + ", 'n" + i + "'), (" + (i + 10) + ", 'm" + i + "')");
        java.util.Set<Path> three = files(dir);
        assertThat(three).hasSize(3);

        assertThat(rows("UPDATE touched SET name = 'two' WHERE id = 2")).containsExactly(List.of("1"));
        java.util.Set<Path> afterUpdate = files(dir);
        assertThat(afterUpdate).hasSize(3);
        assertThat(three).containsAll(afterUpdate.stream().filter(three::contains).toList());
        assertThat(afterUpdate.stream().filter(three::contains)).hasSize(2); // one file replaced, two kept as they were

        assertThat(rows("DELETE FROM touched WHERE id IN (3, 13)")).containsExactly(List.of("2"));
        java.util.Set<Path> afterDelete = files(dir);
        assertThat(afterDelete).hasSize(2).isSubsetOf(afterUpdate); // the emptied file is removed, nothing rewritten

        rows("DELETE FROM touched WHERE id = 99");
        assertThat(files(dir)).isEqualTo(afterDelete);
        assertThat(version(dir)).isEqualTo(6);
        assertThat(rows("SELECT id, name FROM touched ORDER BY id")).containsExactly(
                List.of("1", "n1"), List.of("2", "two"), List.of("11", "m1"), List.of("12", "m2"));

        // MERGE: the file of the matched row is rewritten with the inserted row; the other file stays
        rows("MERGE INTO touched t USING (SELECT 12 AS id, 'M' AS name UNION ALL SELECT 50, 'new') s ON t.id = s.id "
                + "WHEN MATCHED THEN UPDATE SET name = s.name WHEN NOT MATCHED THEN INSERT (id, name) VALUES (s.id, s.name)");
        java.util.Set<Path> afterMerge = files(dir);
        assertThat(afterMerge).hasSize(2);
        assertThat(afterMerge.stream().filter(afterDelete::contains)).hasSize(1);
        // a MERGE that only inserts (no column list) keeps every file and adds one
        rows("MERGE INTO touched t USING (SELECT 60 AS id, 'sixty' AS name) s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.name)");
        assertThat(files(dir)).hasSize(3).containsAll(afterMerge);
        assertThat(version(dir)).isEqualTo(8);
        assertThat(rows("SELECT id, name FROM touched ORDER BY id")).containsExactly(List.of("1", "n1"), List.of("2", "two"),
                List.of("11", "m1"), List.of("12", "M"), List.of("50", "new"), List.of("60", "sixty"));
        assertThat(rows("DESCRIBE HISTORY touched")).hasSize(9);
    }

    private java.util.Set<Path> files(Path dir) {
        return kernel.latest(dir).files().stream().map(DeltaTables.DataFile::path).collect(java.util.stream.Collectors.toSet());
    }

    @Test
    void showTablesListsExternalTablesAndManagedCannotShadowThem() {
        Path dir = location();
        rows("CREATE TABLE zeta (id BIGINT) USING DELTA LOCATION '" + dir + "'");
        rows("CREATE TABLE alpha (id BIGINT)");
        assertThat(rows("SHOW TABLES")).extracting(r -> r.get(1)).containsSubsequence("alpha", "zeta");
        assertThat(failure("CREATE TABLE zeta (id BIGINT)")).contains("TABLE_OR_VIEW_ALREADY_EXISTS");
        rows("CREATE TABLE IF NOT EXISTS zeta (id BIGINT)");
        assertThat(failure("CREATE TABLE zeta (id BIGINT) USING DELTA LOCATION '" + location() + "'")).contains("already exists");
        assertThat(w.tables().listSummaries(new com.databricks.sdk.service.catalog.ListSummariesRequest().setCatalogName("main")))
                .extracting(com.databricks.sdk.service.catalog.TableSummary::getFullName).contains("main.default.zeta", "main.default.alpha");
    }

    static long parquetFiles(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".parquet") && !p.toString().contains("_delta_log")).count();
        }
    }
}
