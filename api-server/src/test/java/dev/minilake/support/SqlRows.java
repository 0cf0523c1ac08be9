package dev.minilake.support;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** SQL through the real SDK's Statement Execution API, as tests use it: rows of a statement that must succeed, or its failure. */
public final class SqlRows {
    private SqlRows() {
    }

    /**
     * Runs the statement to its end, as a client that polls does: a statement still running after the
     * wait (one that starts a cold Spark, say) is polled until it ends.
     */
    public static StatementResponse run(WorkspaceClient w, String sql) {
        return run(w, new ExecuteStatementRequest().setWarehouseId("dev").setStatement(sql));
    }

    /** {@link #run(WorkspaceClient, String)} on a given warehouse (the current schema is main.default, as a session starts). */
    public static StatementResponse run(WorkspaceClient w, String warehouse, String sql) {
        return run(w, new ExecuteStatementRequest().setWarehouseId(warehouse).setStatement(sql).setWaitTimeout("50s"));
    }

    /** A statement on a given warehouse that must succeed; the assertion names the error otherwise. */
    public static StatementResponse ok(WorkspaceClient w, String warehouse, String sql) {
        StatementResponse r = run(w, warehouse, sql);
        assertThat(r.getStatus().getState()).as(sql + ": " + (r.getStatus().getError() == null ? "" : r.getStatus().getError().getMessage()))
                .isEqualTo(StatementState.SUCCEEDED);
        return r;
    }

    private static StatementResponse run(WorkspaceClient w, ExecuteStatementRequest request) {
        StatementResponse r = w.statementExecution().executeStatement(request);
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(5);
        while ((r.getStatus().getState() == StatementState.PENDING || r.getStatus().getState() == StatementState.RUNNING)
                && System.nanoTime() < deadline) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            r = w.statementExecution().getStatement(r.getStatementId());
        }
        return r;
    }

    /** The rows (JSON_ARRAY strings) of a statement that must succeed; the assertion names the error otherwise. */
    public static List<List<String>> rows(WorkspaceClient w, String sql) {
        StatementResponse r = run(w, sql);
        assertThat(r.getStatus().getState()).as(sql + ": " + (r.getStatus().getError() == null ? "" : r.getStatus().getError().getMessage()))
                .isEqualTo(StatementState.SUCCEEDED);
        List<List<String>> out = new ArrayList<>();
        if (r.getResult() != null && r.getResult().getDataArray() != null) r.getResult().getDataArray().forEach(row -> out.add(new ArrayList<>(row)));
        return out;
    }

    /** The error message of a statement that must fail. */
    public static String failure(WorkspaceClient w, String sql) {
        StatementResponse r = run(w, sql);
        assertThat(r.getStatus().getState()).as(sql).isEqualTo(StatementState.FAILED);
        return r.getStatus().getError().getMessage();
    }
}
