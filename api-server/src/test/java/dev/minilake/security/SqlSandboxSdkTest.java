package dev.minilake.security;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SQL reaches only the lake (issue 17, finding 1), through the real Java SDK: DuckDB's file
 * functions, COPY, ATTACH, EXPORT and the control store's own files are refused with a
 * Databricks-style error naming the rule, and nothing is written outside the lake.
 */
class SqlSandboxSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    /** Outside the data dir and every storage root: nothing may appear here. */
    final Path outside = Path.of(System.getProperty("java.io.tmpdir"), "minilake-escape-" + UUID.randomUUID());

    @BeforeEach
    void reset() {
        server.reset();
    }

    StatementResponse run(String sql) {
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(sql));
    }

    String refusal(String sql) {
        StatementResponse r = run(sql);
        assertThat(r.getStatus().getState()).as(sql).isEqualTo(StatementState.FAILED);
        assertThat(r.getResult()).as(sql).isNull();
        return r.getStatus().getError().getMessage();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT content FROM read_text('/etc/passwd')",
            "SELECT * FROM read_csv('/etc/passwd')",
            "SELECT * FROM read_csv_auto('/etc/hostname')",
            "SELECT * FROM read_blob('/etc/passwd')",
            "SELECT * FROM glob('/root/*')",
            "SELECT * FROM glob('/*')",
            "SELECT * FROM read_json('/proc/self/environ')",
            "SELECT * FROM read_parquet('/etc/x.parquet')",
    })
    void fileFunctionsOutsideTheLakeAreRefused(String sql) {
        assertThat(refusal(sql)).startsWith("[PATH_NOT_ALLOWED]").doesNotContain("root:x:0");
    }

    /** The DuckDB probes of the table the Spark sandbox test shares, here without a warm Spark. */
    static java.util.stream.Stream<SandboxProbes.Probe> duckDbProbes() {
        return SandboxProbes.ALL.stream().filter(p -> p.engine() == SandboxProbes.Engine.DUCKDB);
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("duckDbProbes")
    void theSharedDuckDbProbesAreRefused(SandboxProbes.Probe probe) {
        assertThat(refusal(probe.with(outside.toString()))).startsWith("[" + probe.errorClass() + "]");
        assertThat(Files.exists(Path.of(outside + ".csv"))).isFalse();
        assertThat(Files.exists(Path.of(outside + ".db"))).isFalse();
    }

    @Test
    void theControlStoreAndTheSecretsKeyAreNotReachable() {
        w.secrets().createScope(new com.databricks.sdk.service.workspace.CreateScope().setScope("s"));
        w.secrets().putSecret(new com.databricks.sdk.service.workspace.PutSecret().setScope("s").setKey("k").setStringValue("never-in-sql-1"));
        Path control = server.dataDir().resolve("control");
        for (String file : new String[]{"minilake.db", "minilake.db-wal"}) {
            assertThat(refusal("SELECT * FROM read_blob('" + control.resolve(file) + "')")).startsWith("[PATH_NOT_ALLOWED]");
        }
        assertThat(refusal("SELECT * FROM read_text('" + server.dataDir().resolve("keys/secrets.key") + "')")).startsWith("[PATH_NOT_ALLOWED]");
        // a traversal out of an allowed area is refused too
        assertThat(refusal("SELECT * FROM read_blob('" + server.dataDir().resolve("external/../control/minilake.db") + "')"))
                .startsWith("[PATH_NOT_ALLOWED]");
    }

    @Test
    void nothingIsWrittenOutsideTheLake() {
        assertThat(refusal("COPY (SELECT 1 AS a) TO '" + outside + ".csv'")).startsWith("[PATH_NOT_ALLOWED]");
        assertThat(refusal("COPY (SELECT 1 AS a) TO '" + outside + ".parquet' (FORMAT PARQUET)")).startsWith("[PATH_NOT_ALLOWED]");
        assertThat(refusal("ATTACH '" + outside + ".db' AS x")).startsWith("[INSUFFICIENT_PERMISSIONS]");
        assertThat(refusal("EXPORT DATABASE '" + outside + "'")).startsWith("[INSUFFICIENT_PERMISSIONS]");
        assertThat(refusal("SELECT 1; COPY (SELECT 1) TO '" + outside + ".csv'")).isNotBlank();
        assertThat(Files.exists(Path.of(outside + ".csv"))).isFalse();
        assertThat(Files.exists(Path.of(outside + ".parquet"))).isFalse();
        assertThat(Files.exists(Path.of(outside + ".db"))).isFalse();
        assertThat(Files.exists(outside)).isFalse();
    }

    @Test
    void extensionsAreNeverInstalledOrLoaded() {
        assertThat(refusal("INSTALL httpfs")).startsWith("[INSUFFICIENT_PERMISSIONS]");
        assertThat(refusal("LOAD httpfs")).startsWith("[INSUFFICIENT_PERMISSIONS]");
        assertThat(refusal("FORCE INSTALL delta")).startsWith("[INSUFFICIENT_PERMISSIONS]");
    }

    @Test
    void theLakeItselfStaysUsable() throws Exception {
        // volume files and EXTERNAL Delta tables still work: the sandbox allows the lake
        Path ext = server.dataDir().resolve("external").resolve("t-" + UUID.randomUUID());
        assertThat(run("CREATE TABLE main.default.ext_t (id BIGINT) USING DELTA LOCATION '" + ext + "'").getStatus().getState())
                .isEqualTo(StatementState.SUCCEEDED);
        assertThat(run("INSERT INTO main.default.ext_t VALUES (7)").getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        assertThat(run("SELECT id FROM main.default.ext_t").getResult().getDataArray()).containsExactly(java.util.List.of("7"));
        assertThat(Files.list(ext.resolve("_delta_log")).count()).isGreaterThanOrEqualTo(2);

        w.volumes().create(new com.databricks.sdk.service.catalog.CreateVolumeRequestContent().setCatalogName("main")
                .setSchemaName("default").setName("landing").setVolumeType(com.databricks.sdk.service.catalog.VolumeType.MANAGED));
        w.files().upload(new com.databricks.sdk.service.files.UploadRequest().setFilePath("/Volumes/main/default/landing/a.csv").setContents(new java.io.ByteArrayInputStream("x\n1\n2\n".getBytes())));
        assertThat(run("SELECT sum(x) FROM read_csv('/Volumes/main/default/landing/a.csv')").getResult().getDataArray())
                .containsExactly(java.util.List.of("3"));
    }
}
