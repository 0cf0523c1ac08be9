package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.ColumnInfo;
import com.databricks.sdk.service.sql.CreateWarehouseRequest;
import com.databricks.sdk.service.sql.EndpointTagPair;
import com.databricks.sdk.service.sql.EndpointTags;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.settings.Settings;
import dev.minilake.support.MiniLakeServer;
import dev.minilake.support.SqlRows;
import dev.minilake.support.Warehouses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two engines behind one interface (issue 18): in auto, DuckDB answers what it answers exactly and
 * the warm Spark the rest; a warehouse's {@code minilake.engine} tag pins one; Spark runs each
 * statement in its SQL session's own Spark session; query history says which engine ran it; and
 * without Spark a statement that needs it fails saying how to fix that.
 */
class SparkEngineSdkTest {
    static final ObjectMapper JSON = new ObjectMapper();
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

    /** The engine query history records for a statement (MiniLake's extra field; the SDK drops it). */
    String engineOf(String statementId) throws Exception {
        return Warehouses.engineOf(server, statementId);
    }

    @Test
    void autoSendsWhatDuckDbAnswersDifferentlyToSpark() throws Exception {
        StatementResponse r = ok("dev", "SELECT regexp_extract('1a 2b', '\\\\d+', 0) AS m");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("1"));
        assertThat(r.getManifest().getSchema().getColumns()).extracting(ColumnInfo::getName, c -> c.getTypeName().name(), ColumnInfo::getTypeText)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("m", "STRING", "string"));
        assertThat(engineOf(r.getStatementId())).isEqualTo("spark");

        r = ok("dev", "SELECT transform(array(1, 2, 3), x -> x + 1)");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("[2,3,4]"));
        ColumnInfo c = r.getManifest().getSchema().getColumns().iterator().next();
        assertThat(c.getName()).isEqualTo("transform(array(1, 2, 3), lambdafunction((namedlambdavariable() + 1), namedlambdavariable()))");
        assertThat(c.getTypeName().name()).isEqualTo("ARRAY");
        assertThat(c.getTypeText()).isEqualTo("array<int>");

        // a LATERAL VIEW generator DuckDB has no form for goes to Spark; explode is rewritten for DuckDB (SparkJoins)
        r = ok("dev", "SELECT id, a, b FROM range(2) LATERAL VIEW inline(array(struct(1, 'x'))) t AS a, b ORDER BY id");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("0", "1", "x"), List.of("1", "1", "x"));
        assertThat(engineOf(r.getStatementId())).isEqualTo("spark");
        r = ok("dev", "SELECT id, v FROM range(2) LATERAL VIEW explode(array(10, 20)) t AS v ORDER BY id, v");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("0", "10"), List.of("0", "20"), List.of("1", "10"), List.of("1", "20"));
        assertThat(engineOf(r.getStatementId())).isEqualTo("duckdb");
    }

    @Test
    void plainQueriesStayOnDuckDb() throws Exception {
        StatementResponse r = ok("dev", "SELECT 42");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("42"));
        assertThat(engineOf(r.getStatementId())).isEqualTo("duckdb");
        // a user's own mistake that Spark would report the same way does not wake Spark
        StatementResponse missing = run("dev", "SELECT * FROM no_such_table");
        assertThat(missing.getStatus().getError().getMessage()).startsWith("[TABLE_OR_VIEW_NOT_FOUND]");
        assertThat(engineOf(missing.getStatementId())).isEqualTo("duckdb");
    }

    @Test
    void bothEnginesFormatValuesAlike() {
        String sql = "SELECT DATE'2024-01-31' AS d, TIMESTAMP'2024-01-02 03:04:05.678' AS ts, CAST(459.9 AS DECIMAL(10,2)) AS dec,"
                + " CAST(1.5 AS DOUBLE) AS dbl, true AS b, CAST(NULL AS STRING) AS n, CAST(7 AS BIGINT) AS l, 'x' AS s, 3 AS i";
        StatementResponse duck = ok(warehouse("duckdb"), sql);
        StatementResponse spark = ok(warehouse("spark"), sql);
        assertThat(spark.getResult().getDataArray()).isEqualTo(duck.getResult().getDataArray());
        assertThat(duck.getResult().getDataArray()).containsExactly(java.util.Arrays.asList(
                "2024-01-31", "2024-01-02T03:04:05.678Z", "459.90", "1.5", "true", null, "7", "x", "3"));
        assertThat(spark.getManifest().getSchema().getColumns()).extracting(ColumnInfo::getName, x -> x.getTypeName().name(),
                        ColumnInfo::getTypeText, ColumnInfo::getTypePrecision, ColumnInfo::getTypeScale)
                .isEqualTo(duck.getManifest().getSchema().getColumns().stream().map(x -> org.assertj.core.groups.Tuple.tuple(x.getName(),
                        x.getTypeName().name(), x.getTypeText(), x.getTypePrecision(), x.getTypeScale())).toList());
    }

    @Test
    void aWarehousePinnedToDuckDbSaysWhatItCannotRun() throws Exception {
        StatementResponse r = run(warehouse("duckdb"), "SELECT id, v FROM range(2) LATERAL VIEW inline(array(struct(1))) t AS v");
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.FAILED);
        assertThat(r.getStatus().getError().getMessage()).startsWith("[UNSUPPORTED_FEATURE]").contains("minilake.engine")
                .doesNotContain("Binder Error").doesNotContain("Parser Error").doesNotContain("$uc");
        assertThat(engineOf(r.getStatementId())).isEqualTo("duckdb");
    }

    @Test
    void aWarehousePinnedToSparkRunsEverythingOnSpark() throws Exception {
        String wh = warehouse("spark");
        StatementResponse r = ok(wh, "SELECT 1 AS one, current_catalog(), current_user()");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("1", "main", server.bean(Settings.class).userName()));
        assertThat(engineOf(r.getStatementId())).isEqualTo("spark");

        StatementResponse bad = run(wh, "SELECT nope FROM range(1)");
        assertThat(bad.getStatus().getState()).isEqualTo(StatementState.FAILED);
        assertThat(bad.getStatus().getError().getMessage()).startsWith("[UNRESOLVED_COLUMN.WITH_SUGGESTION]").contains("`id`")
                .doesNotContain("\tat ").doesNotContain("Project [");
        JsonNode raw = JSON.readTree(server.send("GET", "/api/2.0/sql/statements/" + bad.getStatementId(), null).body());
        assertThat(raw.at("/status/sql_state").asText()).isEqualTo("42703");
    }

    @Test
    void sparkReadsExternalDeltaTablesThroughUnityCatalog() {
        Path dir = server.dataDir().resolve("external").resolve(UUID.randomUUID().toString());
        ok("dev", "CREATE TABLE main.default.orders (id BIGINT, amount DECIMAL(10,2)) USING DELTA LOCATION '" + dir + "'");
        ok("dev", "INSERT INTO main.default.orders VALUES (1, 459.90), (2, 10.00)");
        StatementResponse r = ok(warehouse("spark"), "SELECT id, amount FROM main.default.orders ORDER BY id");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("1", "459.90"), List.of("2", "10.00"));
        assertThat(r.getManifest().getSchema().getColumns()).extracting(ColumnInfo::getTypeText).containsExactly("bigint", "decimal(10,2)");
    }

    @Test
    void aSetReachesSparkForItsOwnSessionOnly() throws Exception {
        String wh = warehouse("spark");
        String a = session(wh);
        String b = session(wh);
        JsonNode set = statement(a, wh, "SET spark.sql.session.timeZone = 'America/New_York'");
        assertThat(set.at("/status/state").asText()).as(set.toString()).isEqualTo("SUCCEEDED");
        JsonNode tz = statement(a, wh, "SELECT current_timezone()");
        assertThat(tz.at("/result/data_array/0/0").asText()).as(tz.toString()).isEqualTo("America/New_York");
        assertThat(statement(b, wh, "SELECT current_timezone()").at("/result/data_array/0/0").asText()).isEqualTo("UTC");
        // and a temp view lives in its session's Spark session
        statement(a, wh, "CREATE TEMPORARY VIEW mine AS SELECT 5 AS v");
        assertThat(statement(a, wh, "SELECT v FROM mine").at("/result/data_array/0/0").asText()).isEqualTo("5");
        assertThat(statement(b, wh, "SELECT v FROM mine").at("/status/error/message").asText()).startsWith("[TABLE_OR_VIEW_NOT_FOUND]");
        assertThat(statement(a, wh, "RESET spark.sql.session.timeZone").at("/status/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(statement(a, wh, "SELECT current_timezone()").at("/result/data_array/0/0").asText()).isEqualTo("UTC");
    }

    String session(String warehouse) throws Exception {
        return JSON.readTree(server.send("POST", "/api/2.0/sql/sessions", "{\"warehouse_id\":\"" + warehouse + "\"}").body())
                .get("session_id").asText();
    }

    JsonNode statement(String session, String warehouse, String sql) throws Exception {
        String body = JSON.createObjectNode().put("statement", sql).put("session_id", session).put("warehouse_id", warehouse)
                .put("wait_timeout", "50s").toString();
        return JSON.readTree(server.send("POST", "/api/2.0/sql/statements", body).body());
    }

    @Test
    void withoutSparkAStatementThatNeedsItSaysHowToFixIt() throws Exception {
        MiniLakeServer noSpark = MiniLakeServer.startWith(Map.of("MINILAKE_SPARK_RUNNER",
                server.dataDir().resolve("no-such-dir/spark-runner.jar").toString()));
        try {
            WorkspaceClient c = noSpark.workspace();
            StatementResponse r = c.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                    .setStatement("SELECT transform(array(1), x -> x + 1)").setWaitTimeout("30s"));
            assertThat(r.getStatus().getState()).isEqualTo(StatementState.FAILED);
            assertThat(r.getStatus().getError().getMessage()).startsWith("[SPARK_UNAVAILABLE]")
                    .contains("spark-runner.jar not found").contains("MINILAKE_SPARK_RUNNER").contains("mvn -pl spark-runner");
            assertThat(r.getResult()).isNull();
            // DuckDB's own answers do not need Spark
            StatementResponse plain = c.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                    .setStatement("SELECT 42"));
            assertThat(plain.getResult().getDataArray()).containsExactly(List.of("42"));
        } finally {
            noSpark.close();
        }
    }

    /** A warm Spark that dies (kill -9, an OOM) is started again by the next statement, which then runs, UC tables too. */
    @Test
    void aWarmSparkThatDiesIsRestartedAndTheNextStatementRuns() throws Exception {
        MiniLakeServer own = MiniLakeServer.startWith(Map.of());
        try {
            WorkspaceClient c = own.workspace();
            String wh = c.warehouses().create(new CreateWarehouseRequest().setName("wh-restart")
                    .setTags(new EndpointTags().setCustomTags(List.of(new EndpointTagPair().setKey("minilake.engine").setValue("spark")))))
                    .getResponse().getId();
            Path dir = own.dataDir().resolve("external").resolve("orders");
            run(c, "dev", "CREATE TABLE main.default.orders (id BIGINT) USING DELTA LOCATION '" + dir + "'");
            run(c, "dev", "INSERT INTO main.default.orders VALUES (1), (2)");
            assertThat(run(c, wh, "SELECT count(*) FROM main.default.orders").getResult().getDataArray()).containsExactly(List.of("2"));

            String dataDir = own.dataDir().toString();
            ProcessHandle spark = ProcessHandle.current().descendants()
                    .filter(h -> h.info().commandLine().map(l -> l.contains("spark-runner") && l.contains(" warm ") && l.contains(dataDir)).orElse(false))
                    .findFirst().orElseThrow(() -> new AssertionError("no warm Spark process for " + dataDir));
            spark.destroyForcibly();
            spark.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);

            // the first statement after the death starts Spark again; then a UC table (the catalog plugin calls back)
            StatementResponse plain = c.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId(wh)
                    .setStatement("SELECT 1 + 1").setWaitTimeout("50s"));
            for (int i = 0; i < 60 && plain.getStatus().getState() != StatementState.SUCCEEDED && plain.getStatus().getState() != StatementState.FAILED; i++) {
                Thread.sleep(2000);
                plain = c.statementExecution().getStatement(plain.getStatementId());
            }
            assertThat(plain.getStatus().getState()).as(plain.getStatus().getError() == null ? "" : plain.getStatus().getError().getMessage())
                    .isIn(StatementState.SUCCEEDED, StatementState.FAILED);
            StatementResponse again = c.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId(wh)
                    .setStatement("SELECT count(*) FROM main.default.orders").setWaitTimeout("50s"));
            String id = again.getStatementId();
            for (int i = 0; i < 60 && again.getStatus().getState() != StatementState.SUCCEEDED && again.getStatus().getState() != StatementState.FAILED; i++) {
                Thread.sleep(2000);
                again = c.statementExecution().getStatement(id);
            }
            assertThat(again.getStatus().getState()).as(again.getStatus().getError() == null ? "" : again.getStatus().getError().getMessage())
                    .isEqualTo(StatementState.SUCCEEDED);
            assertThat(again.getResult().getDataArray()).containsExactly(List.of("2"));
        } finally {
            own.close();
        }
    }

    static StatementResponse run(WorkspaceClient c, String warehouse, String sql) {
        StatementResponse r = c.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId(warehouse).setStatement(sql)
                .setWaitTimeout("50s"));
        assertThat(r.getStatus().getState()).as(sql + ": " + (r.getStatus().getError() == null ? "" : r.getStatus().getError().getMessage()))
                .isEqualTo(StatementState.SUCCEEDED);
        return r;
    }
}
