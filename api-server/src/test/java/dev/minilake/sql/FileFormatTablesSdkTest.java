package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.catalog.DataSourceFormat;
import com.databricks.sdk.service.catalog.TableInfo;
import com.databricks.sdk.service.catalog.TableType;
import com.databricks.sdk.service.sql.StatementResponse;
import dev.minilake.support.MiniLakeServer;
import dev.minilake.support.SqlRows;
import dev.minilake.support.Warehouses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tables of Spark's file formats (issue 30): {@code CREATE TABLE ... USING parquet|csv|json} makes a
 * Unity Catalog table with that {@code data_source_format}, whose files Spark writes and reads, in
 * that format and with no Delta log; auto and Spark-pinned warehouses give the same rows, and DuckDB
 * reads the very Parquet files Spark wrote.
 */
class FileFormatTablesSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeAll
    static void needsSparkRunner() {
        MiniLakeServer.assumeSparkRunner();
    }

    @BeforeEach
    void reset() {
        server.reset();
    }

    static Path location(TableInfo t) {
        String loc = t.getStorageLocation();
        return loc.startsWith("file:") ? Path.of(URI.create(loc)) : Path.of(loc);
    }

    static List<String> files(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).filter(n -> !n.contains("/.") && !n.startsWith(".")).toList();
        }
    }

    @Test
    void aParquetTableIsWrittenAndReadBySparkAndItsFilesAreReadByDuckDb() throws Exception {
        SqlRows.ok(w, "dev", "CREATE TABLE main.default.pq (id INT, name STRING) USING parquet");
        SqlRows.ok(w, "dev", "INSERT INTO main.default.pq VALUES (1, 'ana'), (2, 'bo'), (3, 'cy')");

        TableInfo t = w.tables().get("main.default.pq");
        assertThat(t.getTableType()).isEqualTo(TableType.MANAGED);
        assertThat(t.getDataSourceFormat()).isEqualTo(DataSourceFormat.PARQUET);
        assertThat(t.getColumns()).extracting(c -> c.getName() + " " + c.getTypeText()).containsExactly("id int", "name string");
        Path dir = location(t);
        assertThat(files(dir)).isNotEmpty().allMatch(n -> n.endsWith(".parquet") || n.equals("_SUCCESS"), "Parquet files, no Delta log");
        assertThat(dir.resolve("_delta_log")).doesNotExist();

        StatementResponse auto = SqlRows.ok(w, "dev", "SELECT name FROM pq WHERE id >= 2 ORDER BY id");
        assertThat(auto.getResult().getDataArray()).containsExactly(List.of("bo"), List.of("cy"));
        assertThat(Warehouses.engineOf(server, auto.getStatementId())).isEqualTo("spark");
        StatementResponse pinned = SqlRows.ok(w, Warehouses.pinnedTo(w, "spark"), "SELECT count(*), max(name) FROM main.default.pq");
        assertThat(pinned.getResult().getDataArray()).containsExactly(List.of("3", "cy"));

        // the same bytes, read by DuckDB's own Parquet reader
        String glob = dir.resolve("*.parquet").toString();
        StatementResponse duck = SqlRows.ok(w, Warehouses.pinnedTo(w, "duckdb"), "SELECT sum(id), string_agg(name, ',' ORDER BY id) FROM read_parquet('" + glob + "')");
        assertThat(duck.getResult().getDataArray()).containsExactly(List.of("6", "ana,bo,cy"));

        SqlRows.ok(w, "dev", "DROP TABLE pq");
        assertThat(SqlRows.failure(w, "SELECT * FROM main.default.pq")).startsWith("[TABLE_OR_VIEW_NOT_FOUND]");
        assertThat(dir).as("a MANAGED table's files go with it").doesNotExist();
    }

    @Test
    void csvAndJsonTablesKeepTheirFormatAndTheirRows() throws Exception {
        SqlRows.ok(w, "dev", "CREATE TABLE main.default.c USING csv AS SELECT id, concat('n', id) AS name FROM range(4)");
        SqlRows.ok(w, "dev", "CREATE TABLE main.default.j (k STRING, v BIGINT) USING json");
        SqlRows.ok(w, "dev", "INSERT INTO main.default.j SELECT name, id * 10 FROM main.default.c WHERE id > 1");

        assertThat(w.tables().get("main.default.c").getDataSourceFormat()).isEqualTo(DataSourceFormat.CSV);
        TableInfo j = w.tables().get("main.default.j");
        assertThat(j.getDataSourceFormat()).isEqualTo(DataSourceFormat.JSON);
        assertThat(files(location(j))).isNotEmpty().allMatch(n -> n.endsWith(".json") || n.equals("_SUCCESS"));

        assertThat(SqlRows.ok(w, "dev", "SELECT k, v FROM j ORDER BY v").getResult().getDataArray())
                .containsExactly(List.of("n2", "20"), List.of("n3", "30"));
        assertThat(w.tables().list("main", "default")).extracting(TableInfo::getName).contains("c", "j");
    }
}
