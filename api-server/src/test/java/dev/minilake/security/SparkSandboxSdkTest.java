package dev.minilake.security;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.CreateWarehouseRequest;
import com.databricks.sdk.service.sql.EndpointTagPair;
import com.databricks.sdk.service.sql.EndpointTags;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.core.settings.Settings;
import dev.minilake.engines.spark.SparkRunnerLocation;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The SQL sandbox on the Spark route (issue 29, finding 2), through the real Java SDK: every probe
 * of {@link SandboxProbes} fails on a warehouse in {@code auto} and on one pinned to Spark, names
 * its rule where that engine understands it, and leaves nothing outside the lake; Spark keeps
 * serving, no statement's session carries into the next, and the lake itself stays usable.
 */
class SparkSandboxSdkTest {
    static final MiniLakeServer server = MiniLakeServer.shared();
    static final WorkspaceClient w = server.workspace();
    static String sparkWarehouse;
    /** Outside the data dir and every storage root. */
    static final Path outside = Path.of(System.getProperty("java.io.tmpdir"), "minilake-spark-escape-" + UUID.randomUUID());

    @BeforeAll
    static void warehouses() {
        assumeTrue(SparkRunnerLocation.find(server.bean(Settings.class)).isPresent(),
                "spark-runner/target/spark-runner.jar is missing: mvn -pl spark-runner -am package -DskipTests");
        server.reset();
        sparkWarehouse = w.warehouses().create(new CreateWarehouseRequest().setName("wh-sandbox-" + UUID.randomUUID())
                .setTags(new EndpointTags().setCustomTags(List.of(new EndpointTagPair().setKey("minilake.engine").setValue("spark")))))
                .getResponse().getId();
        // the first statement waits for the warm Spark to start
        assertThat(run(sparkWarehouse, "SELECT 1").getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
    }

    static StatementResponse run(String warehouse, String sql) {
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId(warehouse).setStatement(sql)
                .setWaitTimeout("50s"));
    }

    static Stream<Arguments> probesOnBothRoutes() {
        return SandboxProbes.ALL.stream().flatMap(p -> Stream.of(Arguments.of("auto", p), Arguments.of("spark", p)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("probesOnBothRoutes")
    void everyProbeIsRefusedAndWritesNothing(String route, SandboxProbes.Probe probe) throws IOException {
        String warehouse = route.equals("auto") ? "dev" : sparkWarehouse;
        String sql = probe.with(outside.toString());
        StatementResponse r = run(warehouse, sql);
        assertThat(r.getStatus().getState()).as(sql).isEqualTo(StatementState.FAILED);
        assertThat(r.getResult()).as(sql).isNull();
        // on its engine's own route a probe names the rule; elsewhere (in auto, DuckDB may fail a Spark probe first) any refusal will do
        boolean nativeRoute = probe.engine() == (route.equals("auto") ? SandboxProbes.Engine.DUCKDB : SandboxProbes.Engine.SPARK);
        if (nativeRoute && probe.errorClass() != null) assertThat(r.getStatus().getError().getMessage()).as(sql).startsWith("[" + probe.errorClass() + "]");
        assertThat(r.getStatus().getError().getMessage()).doesNotContain("root:x:0").doesNotContain("dmlk");
        try (Stream<Path> escaped = Files.list(outside.getParent())) {
            assertThat(escaped.filter(p -> p.getFileName().toString().startsWith(outside.getFileName().toString())))
                    .as("nothing written outside the lake by " + sql).isEmpty();
        }
        // no statement can stop the warm Spark: the next one is served
        assertThat(run(sparkWarehouse, "SELECT 1 AS still_serving").getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
    }

    @Test
    void noConfigurationIsReadBackThroughSubstitution() {
        StatementResponse r = run(sparkWarehouse, "SELECT '${spark.minilake.token}' AS t, '${spark.connect.authenticate.token}' AS c");
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("${spark.minilake.token}", "${spark.connect.authenticate.token}"));
    }

    @Test
    void aStatementSeesNothingThePreviousOneLeft() {
        assertThat(run(sparkWarehouse, "CREATE TEMPORARY VIEW leak_v AS SELECT 1 AS a").getStatus().getState())
                .isEqualTo(StatementState.SUCCEEDED);
        StatementResponse next = run(sparkWarehouse, "SELECT * FROM leak_v");
        assertThat(next.getStatus().getState()).isEqualTo(StatementState.FAILED);
        assertThat(next.getStatus().getError().getMessage()).contains("TABLE_OR_VIEW_NOT_FOUND");
    }

    @Test
    void theLakeStaysUsableOnSpark() throws IOException {
        Path ext = server.dataDir().resolve("external").resolve("spark-t-" + UUID.randomUUID());
        assertThat(run(sparkWarehouse, "CREATE TABLE main.default.sbx_ext (id BIGINT) USING DELTA LOCATION '" + ext + "'")
                .getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        assertThat(run(sparkWarehouse, "INSERT INTO main.default.sbx_ext VALUES (7)").getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        assertThat(run(sparkWarehouse, "CREATE OR REPLACE TABLE main.default.sbx_managed AS SELECT id * 2 AS id FROM main.default.sbx_ext")
                .getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        assertThat(run(sparkWarehouse, "SELECT id FROM main.default.sbx_managed").getResult().getDataArray()).containsExactly(List.of("14"));
        try (Stream<Path> log = Files.list(ext.resolve("_delta_log"))) {
            assertThat(log.count()).isGreaterThanOrEqualTo(2);
        }
        // a refused LOCATION leaves no table and no files
        assertThat(run(sparkWarehouse, "SELECT count(*) FROM main.default.probe_escape").getStatus().getState()).isEqualTo(StatementState.FAILED);
    }

    @Test
    void cancelStopsTheSparkJobAndItsWrite() {
        assertThat(run(sparkWarehouse, "CREATE OR REPLACE TABLE main.default.cancel_t (n BIGINT) USING DELTA").getStatus().getState())
                .isEqualTo(StatementState.SUCCEEDED);
        // billions of rows: several seconds of Spark work before the one-row write
        StatementResponse started = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId(sparkWarehouse)
                .setStatement("INSERT INTO main.default.cancel_t SELECT max(a.id) FROM range(0, 12000000000) a").setWaitTimeout("0s"));
        await().atMost(Duration.ofSeconds(30)).until(() ->
                w.statementExecution().getStatement(started.getStatementId()).getStatus().getState() == StatementState.RUNNING);
        // cancel at once: on a loaded machine a longer wait let the whole job finish while its answer was on the way
        // (planning or running, either way the cancel must stop the write: a job that starts later is cancelled on start)
        sleep(300);
        w.statementExecution().cancelExecution(new com.databricks.sdk.service.sql.CancelExecutionRequest().setStatementId(started.getStatementId()));
        assertThat(w.statementExecution().getStatement(started.getStatementId()).getStatus().getState()).isEqualTo(StatementState.CANCELED);
        // long enough for the uncancelled job to have finished and written on this machine
        sleep(25_000);
        assertThat(run(sparkWarehouse, "SELECT count(*) FROM main.default.cancel_t").getResult().getDataArray())
                .as("the cancelled INSERT wrote nothing").containsExactly(List.of("0"));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
