package dev.minilake.security;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.catalog.CreateCatalog;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One client's SQL cannot change the engine for another (issue 17, finding 3): client A tries every
 * engine-wide change it can; client B's answers, and the Unity Catalog API, do not change. Engine
 * statements are refused; a Spark {@code SET key = value} succeeds as a configuration of A's own
 * session and never reaches the engine.
 */
class CrossClientIsolationSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient a = server.workspace("client-a");
    final WorkspaceClient b = server.workspace("client-b");

    static final List<String> ENGINE_CHANGES = List.of(
            "SET memory_limit='1MB'",
            "SET threads=1",
            "SET enable_external_access=false",
            "SET allowed_directories=['/']",
            "SET lock_configuration=false",
            "SET GLOBAL search_path='memory.main'",
            "SET schema='information_schema'",
            "RESET threads",
            "PRAGMA threads=1",
            "PRAGMA memory_limit='1MB'",
            "DETACH other",
            "DETACH \"main$uc\"",
            "ATTACH ':memory:' AS other",
            "USE memory",
            "CREATE SECRET s (TYPE s3, KEY_ID 'x', SECRET 'y')",
            "CREATE PERSISTENT SECRET s2 (TYPE s3, KEY_ID 'x', SECRET 'y')",
            "CALL enable_logging()",
            "LOAD icu",
            "SELECT 1; SET threads=1",
            "SELECT 1; DETACH other");

    @BeforeEach
    void reset() {
        server.reset();
    }

    StatementResponse run(WorkspaceClient w, String sql) {
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(sql));
    }

    List<List<String>> rows(WorkspaceClient w, String sql) {
        StatementResponse r = run(w, sql);
        assertThat(r.getStatus().getState()).as(sql + " " + (r.getStatus().getError() == null ? "" : r.getStatus().getError().getMessage()))
                .isEqualTo(StatementState.SUCCEEDED);
        List<List<String>> out = new ArrayList<>();
        if (r.getResult() != null && r.getResult().getDataArray() != null) r.getResult().getDataArray().forEach(x -> out.add(List.copyOf(x)));
        return out;
    }

    @Test
    void engineChangingStatementsFromOneClientLeaveTheOtherUntouched() {
        b.catalogs().create(new CreateCatalog().setName("other"));
        rows(b, "CREATE TABLE other.default.t AS SELECT id FROM range(100000)");
        String probe = "SELECT count(*), sum(id), current_setting('threads'), current_setting('memory_limit') FROM other.default.t";
        List<List<String>> before = rows(b, probe);

        for (String change : ENGINE_CHANGES) {
            StatementResponse r = run(a, change);
            if (r.getStatus().getState() == StatementState.SUCCEEDED) {
                // only a Spark SET/RESET succeeds: a configuration of A's own session, echoed as key/value
                assertThat(change).as(change).matches("(?i)^(SET|RESET) \\w.*");
                assertThat(change).doesNotContainIgnoringCase("GLOBAL").doesNotContain(";");
            }
            // whatever A's statement did, B sees the same engine, the same data, and UC still works
            assertThat(rows(b, probe)).as("after " + change).isEqualTo(before);
        }
        assertThat(b.catalogs().get("other").getName()).isEqualTo("other");
        b.catalogs().create(new CreateCatalog().setName("after_changes"));
        assertThat(rows(b, "SELECT count(*) FROM other.default.t")).containsExactly(List.of("100000"));
    }

    @Test
    void aRefusalNamesTheRule() {
        StatementResponse r = run(a, "SET GLOBAL memory_limit='1MB'");
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.FAILED);
        assertThat(r.getStatus().getError().getMessage()).startsWith("[INSUFFICIENT_PERMISSIONS]").contains("every client");
        // a Spark SET is a configuration of the statement's own session: echoed, never applied to the engine
        assertThat(rows(a, "SET memory_limit = '1MB'")).containsExactly(List.of("memory_limit", "1MB"));
        assertThat(rows(b, "SELECT current_setting('memory_limit') <> '1.0 MiB'")).containsExactly(List.of("true"));
        assertThat(run(a, "DETACH other").getStatus().getError().getMessage()).startsWith("[INSUFFICIENT_PERMISSIONS]")
                .contains("Unity Catalog");
    }
}
