package dev.minilake.bench;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksConfig;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;

import java.util.List;

/**
 * A statement routed to the warm Spark (auto mode sends regexp_extract there), median once warm,
 * through the Java SDK; printed beside the DuckDB {@code SELECT 42} median measured in the same run.
 * Goal (issue 18): at most 150 ms.
 */
final class SparkSqlScenario implements Bench.Scenario {
    static final int BATCH = 30;
    static final String SPARK_SQL = "SELECT regexp_extract('1a 2b', '\\\\d+', 0)";

    @Override
    public String name() {
        return "spark-sql";
    }

    @Override
    public String describe() {
        return "a statement routed to the warm Spark, median of " + BATCH + " SDK calls once warm, beside SELECT 42 on DuckDB (needs --url)";
    }

    @Override
    public void prepare(Bench.Target t) throws Exception {
        Http.ok(Http.post(t.url() + "/_minilake/spark/start?wait=true", ""));
        WorkspaceClient w = client(t);
        for (int i = 0; i < 20; i++) once(w, SPARK_SQL, "1"); // the first statements compile Spark's code paths
        for (int i = 0; i < 200; i++) once(w, "SELECT 42", "42");
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        WorkspaceClient w = client(t);
        double spark = batch(w, SPARK_SQL, "1", BATCH);
        double duck = batch(w, "SELECT 42", "42", Select42Scenario.BATCH);
        System.out.printf("    spark-routed median %.2f ms, DuckDB select42 median %.2f ms (same run)%n", spark, duck);
        return spark;
    }

    private static double batch(WorkspaceClient w, String sql, String expected, int n) {
        double[] samples = new double[n];
        for (int i = 0; i < n; i++) {
            long s = System.nanoTime();
            once(w, sql, expected);
            samples[i] = (System.nanoTime() - s) / 1e6;
        }
        java.util.Arrays.sort(samples);
        return Bench.median(samples);
    }

    private static void once(WorkspaceClient w, String sql, String expected) {
        StatementResponse r = w.statementExecution().executeStatement(
                new ExecuteStatementRequest().setWarehouseId("bench").setStatement(sql).setWaitTimeout("50s"));
        List<String> row = r.getResult() == null ? null : r.getResult().getDataArray().iterator().next().stream().toList();
        if (row == null || !expected.equals(row.get(0))) {
            throw new IllegalStateException(sql + " returned " + (r.getStatus().getError() != null ? r.getStatus().getError().getMessage() : row));
        }
    }

    private static WorkspaceClient client(Bench.Target t) {
        return new WorkspaceClient(new DatabricksConfig().setHost(t.url()).setToken("dev"));
    }
}
