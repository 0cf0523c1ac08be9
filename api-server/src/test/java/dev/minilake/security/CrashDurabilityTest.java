package dev.minilake.security;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksConfig;
import com.databricks.sdk.service.catalog.CatalogInfo;
import com.databricks.sdk.service.settings.PublicTokenInfo;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementState;
import com.databricks.sdk.service.workspace.CreateScope;
import com.databricks.sdk.service.workspace.SecretMetadata;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing acknowledged is lost to kill -9 (issue 17's durability goal): in each trial four writers
 * make mixed writes over HTTP (tokens, secrets, catalogs, SQL INSERTs into a DuckDB table) until the server is killed at a random moment; after the restart every write that
 * was acknowledged must be there. Prints the writes, the losses and the restart times.
 */
class CrashDurabilityTest {
    static final int TRIALS = Integer.getInteger("minilake.crash.trials", 10);

    @TempDir
    Path tmp;
    final HttpClient http = HttpClient.newHttpClient();
    final ObjectMapper json = new ObjectMapper();

    /** Acknowledged writes, by kind: what must be found after the restart. */
    record Acked(Set<String> tokens, Set<String> secrets, Set<String> catalogs, Set<String> rows) {
        static Acked fresh() {
            return new Acked(ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet(),
                    ConcurrentHashMap.newKeySet());
        }

        int size() {
            return tokens.size() + secrets.size() + catalogs.size() + rows.size();
        }
    }

    @Test
    void acknowledgedWritesSurviveKill9UnderMixedLoad() throws Exception {
        Path data = tmp.resolve("data");
        ServerProcess setup = ServerProcess.start(data, Map.of());
        try {
            WorkspaceClient w = client(setup);
            w.secrets().createScope(new CreateScope().setScope("crash"));
            sql(w, "CREATE TABLE main.default.acked (v STRING)");
        } finally {
            setup.kill9();
        }
        Acked acked = Acked.fresh();
        int lost = 0;
        List<Long> restartMillis = new ArrayList<>();
        for (int trial = 0; trial < TRIALS; trial++) {
            ServerProcess server = ServerProcess.start(data, Map.of());
            write(acked, trial, server);
            long t0 = System.nanoTime();
            ServerProcess restarted = ServerProcess.start(data, Map.of());
            restartMillis.add((System.nanoTime() - t0) / 1_000_000);
            try {
                lost += missing(client(restarted), acked);
            } finally {
                restarted.kill9();
            }
        }
        restartMillis.sort(Long::compare);
        System.out.printf("kill -9 durability: %d trials, %d acknowledged writes, %d lost; restart to ready median %d ms (min %d, max %d)%n",
                TRIALS, acked.size(), lost, restartMillis.get(TRIALS / 2), restartMillis.get(0), restartMillis.get(TRIALS - 1));
        assertThat(acked.size()).isGreaterThan(TRIALS * 4);
        assertThat(lost).isZero();
    }

    /**
     * Four writers until a kill -9 at a random moment between 0.3 s and 1.5 s. They write over
     * plain HTTP, so a request cut by the kill fails at once instead of entering the SDK's retries;
     * a write counts as acknowledged when its 200 arrived.
     */
    private void write(Acked acked, int trial, ServerProcess server) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService writers = Executors.newFixedThreadPool(4);
        for (int kind = 0; kind < 4; kind++) {
            int k = kind;
            writers.submit(() -> {
                for (int i = 0; !stop.get(); i++) {
                    String v = "t" + trial + "_" + k + "_" + i;
                    try {
                        switch (k) {
                            case 0 -> acked.tokens().add(json.readTree(post(server, "/api/2.0/token/create", "{\"comment\":\"" + v + "\"}"))
                                    .path("token_info").path("token_id").asText());
                            case 1 -> {
                                post(server, "/api/2.0/secrets/put", "{\"scope\":\"crash\",\"key\":\"" + v + "\",\"string_value\":\"" + v + "\"}");
                                acked.secrets().add(v);
                            }
                            case 2 -> {
                                post(server, "/api/2.1/unity-catalog/catalogs", "{\"name\":\"c_" + v + "\"}");
                                acked.catalogs().add("c_" + v);
                            }
                            default -> {
                                String r = post(server, "/api/2.0/sql/statements", "{\"warehouse_id\":\"dev\",\"wait_timeout\":\"50s\","
                                        + "\"statement\":\"INSERT INTO main.default.acked VALUES ('" + v + "')\"}");
                                if (json.readTree(r).path("status").path("state").asText().equals("SUCCEEDED")) acked.rows().add(v);
                            }
                        }
                    } catch (Exception killed) {
                        return; // the server died mid-request: that write was never acknowledged
                    }
                }
            });
        }
        Thread.sleep(ThreadLocalRandom.current().nextLong(300, 1500));
        server.kill9();
        stop.set(true);
        writers.shutdown();
        assertThat(writers.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    }

    /** The body of a 200 answer; anything else throws, so the write does not count. */
    private String post(ServerProcess server, String path, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.url() + path)).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IllegalStateException(r.statusCode() + " " + r.body());
        return r.body();
    }

    private int missing(WorkspaceClient w, Acked acked) {
        Set<String> tokens = new HashSet<>();
        StreamSupport.stream(w.tokens().list().spliterator(), false).map(PublicTokenInfo::getTokenId).forEach(tokens::add);
        Set<String> secrets = new HashSet<>();
        StreamSupport.stream(w.secrets().listSecrets("crash").spliterator(), false).map(SecretMetadata::getKey).forEach(secrets::add);
        Set<String> catalogs = new HashSet<>();
        StreamSupport.stream(w.catalogs().list(new com.databricks.sdk.service.catalog.ListCatalogsRequest()).spliterator(), false)
                .map(CatalogInfo::getName).forEach(catalogs::add);
        Set<String> rows = new HashSet<>();
        var r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT v FROM main.default.acked").setWaitTimeout("50s"));
        if (r.getResult() != null && r.getResult().getDataArray() != null) r.getResult().getDataArray().forEach(row -> rows.add(row.iterator().next()));
        int lost = 0;
        lost += acked.tokens().stream().filter(t -> !tokens.contains(t)).count();
        lost += acked.secrets().stream().filter(s -> !secrets.contains(s)).count();
        lost += acked.catalogs().stream().filter(c -> !catalogs.contains(c)).count();
        lost += acked.rows().stream().filter(v -> !rows.contains(v)).count();
        return lost;
    }

    private static boolean sql(WorkspaceClient w, String statement) {
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(statement)
                .setWaitTimeout("50s")).getStatus().getState() == StatementState.SUCCEEDED;
    }

    private static WorkspaceClient client(ServerProcess s) {
        return new WorkspaceClient(new DatabricksConfig().setHost(s.url()).setToken("dev"));
    }
}
