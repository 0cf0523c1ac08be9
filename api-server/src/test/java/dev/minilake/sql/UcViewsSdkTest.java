package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.catalog.TableInfo;
import com.databricks.sdk.service.catalog.TableType;
import com.databricks.sdk.service.jobs.CreateJob;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunNow;
import com.databricks.sdk.service.jobs.RunOutput;
import com.databricks.sdk.service.jobs.RunResultState;
import com.databricks.sdk.service.jobs.SparkPythonTask;
import com.databricks.sdk.service.jobs.Task;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import dev.minilake.support.MiniLakeServer;
import dev.minilake.support.SqlRows;
import dev.minilake.support.Warehouses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Views are Unity Catalog objects (issue 30): a view keeps its query's Spark SQL text, and every engine
 * reads it. A view DuckDB can answer exactly gets a DuckDB translation too; one whose query needs
 * Spark is Spark's, and so is every statement that reads it. Delta features MiniLake's own writer
 * lacks (identity, generated and default columns, CHECK constraints) are written by Delta on Spark.
 */
class UcViewsSdkTest {
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

    StatementResponse run(String warehouse, String sql) {
        return SqlRows.run(w, warehouse, sql);
    }

    StatementResponse ok(String warehouse, String sql) {
        return SqlRows.ok(w, warehouse, sql);
    }

    String warehouse(String engine) {
        return Warehouses.pinnedTo(w, engine);
    }

    String engineOf(String statementId) throws Exception {
        return Warehouses.engineOf(server, statementId);
    }

    @Test
    void aViewWithASparkOnlyQueryIsAUnityCatalogViewThatSqlOnEitherWarehouseAndAJobRead() throws Exception {
        String query = "SELECT * FROM VALUES (\"one\", array(11, 12)), (\"two\", array(13)) AS data(a, b)";
        ok("dev", "CREATE VIEW main.default.pairs AS " + query);

        TableInfo info = w.tables().get("main.default.pairs");
        assertThat(info.getTableType()).isEqualTo(TableType.VIEW);
        assertThat(info.getViewDefinition()).isEqualTo(query);
        assertThat(info.getColumns()).extracting(c -> c.getName() + " " + c.getTypeText()).containsExactly("a string", "b array<int>");
        assertThat(w.tables().list("main", "default")).extracting(TableInfo::getName).contains("pairs");

        // auto: DuckDB has no translation of it, so the read goes to Spark
        StatementResponse r = ok("dev", "SELECT a, size(b) AS n FROM pairs ORDER BY a");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("one", "2"), List.of("two", "1"));
        assertThat(engineOf(r.getStatementId())).isEqualTo("spark");
        // a Spark-pinned warehouse reads it through MiniLake's Spark catalog
        r = ok(warehouse("spark"), "SELECT a FROM main.default.pairs WHERE size(b) = 2");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("one"));

        // and so does a job task, with spark.table()
        String script = """
                from pyspark.sql import SparkSession
                spark = SparkSession.builder.getOrCreate()
                rows = spark.table("main.default.pairs").orderBy("a").collect()
                print("rows:", [(r.a, list(r.b)) for r in rows])
                """;
        w.workspace().importContent(new Import().setPath("/Shared/read_view.py").setFormat(ImportFormat.AUTO).setOverwrite(true)
                .setContent(Base64.getEncoder().encodeToString(script.getBytes(StandardCharsets.UTF_8))));
        long jobId = w.jobs().create(new CreateJob().setName("read-view").setTasks(List.of(new Task().setTaskKey("t")
                .setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/read_view.py"))))).getJobId();
        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(Duration.ofMinutes(4));
        RunOutput out = w.jobs().getRunOutput(run.getTasks().iterator().next().getRunId());
        assertThat(run.getState().getResultState()).as(out.getError() + "\n" + out.getLogs()).isEqualTo(RunResultState.SUCCESS);
        assertThat(out.getLogs()).contains("rows: [('one', [11, 12]), ('two', [13])]");

        ok("dev", "DROP VIEW pairs");
        assertThat(run("dev", "SELECT * FROM pairs").getStatus().getError().getMessage()).startsWith("[TABLE_OR_VIEW_NOT_FOUND]");
        assertThat(w.tables().exists("main.default.pairs").getTableExists()).isFalse();
    }

    @Test
    void aViewDuckDbAnswersExactlyStaysOnDuckDbAndSparkReadsTheSameDefinition() throws Exception {
        ok("dev", "CREATE TABLE main.default.nums (n INT, s STRING)");
        ok("dev", "INSERT INTO main.default.nums VALUES (1, 'a'), (2, 'b'), (3, 'c')");
        ok("dev", "CREATE VIEW odd AS SELECT n, upper(s) AS s FROM nums WHERE n % 2 = 1");
        assertThat(w.tables().get("main.default.odd").getViewDefinition()).isEqualTo("SELECT n, upper(s) AS s FROM nums WHERE n % 2 = 1");

        StatementResponse r = ok("dev", "SELECT * FROM odd ORDER BY n");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("1", "A"), List.of("3", "C"));
        assertThat(engineOf(r.getStatementId())).isEqualTo("duckdb");
        // Spark resolves the view's unqualified names where it was made, whatever its session's schema
        ok("dev", "CREATE SCHEMA main.other");
        StatementResponse s = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId(warehouse("spark"))
                .setStatement("SELECT * FROM main.default.odd ORDER BY n").setCatalog("main").setSchema("other").setWaitTimeout("50s"));
        assertThat(s.getStatus().getState()).as(String.valueOf(s.getStatus().getError())).isEqualTo(StatementState.SUCCEEDED);
        assertThat(s.getResult().getDataArray()).isEqualTo(r.getResult().getDataArray());
    }

    @Test
    void aViewMadeOnASparkWarehouseIsOneObjectWithOneDefinition() {
        String spark = warehouse("spark");
        ok(spark, "CREATE VIEW main.default.sq (x, sq COMMENT 'the square') AS SELECT id, id * id FROM range(3)");
        TableInfo info = w.tables().get("main.default.sq");
        assertThat(info.getTableType()).isEqualTo(TableType.VIEW);
        assertThat(info.getViewDefinition()).isEqualTo("SELECT id, id * id FROM range(3)");
        assertThat(info.getColumns()).extracting(c -> c.getName() + " " + c.getTypeText() + " " + c.getComment())
                .containsExactly("x bigint null", "sq bigint the square");
        assertThat(run(spark, "CREATE VIEW main.default.sq AS SELECT 1").getStatus().getError().getMessage())
                .startsWith("[TABLE_OR_VIEW_ALREADY_EXISTS]");
        ok(spark, "CREATE OR REPLACE VIEW main.default.sq AS SELECT 7 AS seven");
        assertThat(ok("dev", "SELECT * FROM main.default.sq").getResult().getDataArray()).containsExactly(List.of("7"));
        assertThat(run(spark, "DROP VIEW main.default.nothing_here").getStatus().getError().getMessage()).startsWith("[TABLE_OR_VIEW_NOT_FOUND]");
        ok(spark, "DROP VIEW IF EXISTS main.default.nothing_here");
        ok(spark, "DROP VIEW main.default.sq");
        assertThat(w.tables().exists("main.default.sq").getTableExists()).isFalse();
    }

    @Test
    void aMisspeltTableIsTheSameErrorClassOnBothEngines() {
        for (String warehouse : List.of("dev", warehouse("spark"))) {
            StatementResponse r = run(warehouse, "SELECT * FROM main.default.no_such_tabel");
            assertThat(r.getStatus().getState()).isEqualTo(StatementState.FAILED);
            assertThat(r.getStatus().getError().getMessage()).startsWith("[TABLE_OR_VIEW_NOT_FOUND]");
        }
    }

    @Test
    void identityGeneratedAndDefaultColumnsAndCheckConstraintsAreWrittenByDelta() {
        ok("dev", "CREATE TABLE main.default.ids (id BIGINT GENERATED ALWAYS AS IDENTITY, v STRING)");
        ok("dev", "INSERT INTO main.default.ids (v) VALUES ('a'), ('b')");
        assertThat(ok("dev", "SELECT id, v FROM main.default.ids ORDER BY id").getResult().getDataArray())
                .containsExactly(List.of("1", "a"), List.of("2", "b"));

        ok("dev", "CREATE TABLE main.default.gen (a INT, b INT GENERATED ALWAYS AS (a * 2), c STRING DEFAULT 'dflt')"
                + " TBLPROPERTIES ('delta.feature.allowColumnDefaults' = 'supported')");
        ok("dev", "INSERT INTO main.default.gen (a) VALUES (1), (2)");
        assertThat(ok("dev", "SELECT * FROM main.default.gen ORDER BY a").getResult().getDataArray())
                .containsExactly(List.of("1", "2", "dflt"), List.of("2", "4", "dflt"));
        ok("dev", "ALTER TABLE main.default.gen ADD CONSTRAINT positive CHECK (a > 0)");
        assertThat(run("dev", "INSERT INTO main.default.gen (a) VALUES (-1)").getStatus().getError().getMessage())
                .startsWith("[DELTA_VIOLATE_CONSTRAINT_WITH_VALUES]");
        assertThat(ok("dev", "SELECT count(*) FROM main.default.gen").getResult().getDataArray()).containsExactly(List.of("2"));

        // a default without its table feature is Delta's refusal, and leaves no table behind
        assertThat(run("dev", "CREATE TABLE main.default.nodflt (a INT, c STRING DEFAULT 'x')").getStatus().getError().getMessage())
                .startsWith("[WRONG_COLUMN_DEFAULTS_FOR_DELTA_FEATURE_NOT_ENABLED]");
        assertThat(w.tables().exists("main.default.nodflt").getTableExists()).isFalse();
    }

    @Test
    void doubleQuotedTextIsAStringAsInDatabricksSql() throws Exception {
        StatementResponse r = ok("dev", "SELECT trim(\" xyz \") AS t, \"it's\" AS q, concat(\"a\", 'b') AS c");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("xyz", "it's", "ab"));
        assertThat(engineOf(r.getStatementId())).isEqualTo("duckdb");
    }
}
