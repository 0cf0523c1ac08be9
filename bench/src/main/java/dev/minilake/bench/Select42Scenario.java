package dev.minilake.bench;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksConfig;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * `SELECT 42` through the Databricks Java SDK, one sample = the median of a batch of calls. The
 * server-time share comes from the Server-Timing header of the same statement sent over raw HTTP.
 */
final class Select42Scenario implements Bench.Scenario {
    static final int BATCH = 200;

    @Override
    public String name() {
        return "select42";
    }

    @Override
    public String describe() {
        return "SELECT 42 round trip through the Java SDK (median of " + BATCH + " calls per sample; needs --url)";
    }

    /** The warehouse each target answers on: its first one (a server that checks ids, as the Python minilake does), else "bench". */
    private final java.util.Map<Bench.Target, String> warehouses = new java.util.concurrent.ConcurrentHashMap<>();

    @Override
    public void prepare(Bench.Target t) throws Exception {
        var listed = client(t).warehouses().list(new com.databricks.sdk.service.sql.ListWarehousesRequest()).iterator();
        warehouses.put(t, listed.hasNext() ? listed.next().getId() : "bench");
        for (int i = 0; i < 200; i++) once(client(t), warehouses.get(t)); // warm up the JIT on both sides
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        WorkspaceClient w = client(t);
        double[] samples = new double[BATCH];
        List<Double> server = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            long s = System.nanoTime();
            once(w, warehouses.get(t));
            samples[i] = (System.nanoTime() - s) / 1e6;
            server.add(serverMillis(t, warehouses.get(t)));
        }
        java.util.Arrays.sort(samples);
        double[] sv = server.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double median = Bench.median(samples);
        System.out.printf("    server time (Server-Timing) median %.2f ms = %.0f%% of the SDK round trip%n",
                Bench.median(sv), 100 * Bench.median(sv) / median);
        return median;
    }

    private static void once(WorkspaceClient w, String warehouse) {
        StatementResponse r = w.statementExecution().executeStatement(
                new ExecuteStatementRequest().setWarehouseId(warehouse).setStatement("SELECT 42"));
        if (!"42".equals(r.getResult().getDataArray().iterator().next().iterator().next())) {
            throw new IllegalStateException("SELECT 42 returned " + r.getResult().getDataArray());
        }
    }

    private static double serverMillis(Bench.Target t, String warehouse) throws Exception {
        HttpResponse<String> r = Http.CLIENT.send(HttpRequest.newBuilder(URI.create(t.url() + "/api/2.0/sql/statements"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"warehouse_id\":\"" + warehouse + "\",\"statement\":\"SELECT 42\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        String timing = r.headers().firstValue("Server-Timing").orElse("app;dur=NaN"); // NaN: a server that does not say
        return Double.parseDouble(timing.substring(timing.indexOf("dur=") + 4));
    }

    private static WorkspaceClient client(Bench.Target t) {
        return new WorkspaceClient(new DatabricksConfig().setHost(t.url()).setToken("dev"));
    }
}
