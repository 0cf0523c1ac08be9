package dev.minilake.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * MCP against REST, in the same run on the same server: the agent workload (fixture, a 1,000-row
 * typed table, one query) through MCP's composite tools, and the same work through the REST API
 * (catalog, schema and warehouse calls; the same CREATE and batched, parameterised INSERTs; the
 * same query). And tools/list latency.
 */
final class McpScenarios {
    static final ObjectMapper JSON = new ObjectMapper();
    static final int ROWS = 1000;
    static final int BATCH = 250; // as the server's seed_table batches
    static final String QUERY = "SELECT count(*), sum(amount) FROM %s.s.orders";

    private McpScenarios() {
    }

    static McpSyncClient connect(Bench.Target t) {
        McpSyncClient c = McpClient.sync(HttpClientStreamableHttpTransport.builder(t.url()).endpoint("/mcp").build())
                .requestTimeout(Duration.ofSeconds(120)).build();
        c.initialize();
        return c;
    }

    /** One sample = the MCP workload's time; the REST time of the same run is printed beside it, and the running medians. */
    static final class FixtureVsRest implements Bench.Scenario {
        private McpSyncClient mcp;
        private final List<Double> restMs = new ArrayList<>();
        private final List<Double> mcpMs = new ArrayList<>();

        @Override
        public String name() {
            return "mcp-fixture";
        }

        @Override
        public String describe() {
            return "setup_fixture + seed_table (" + ROWS + " rows) + run_sql via MCP vs the same work via REST, same run (needs --url)";
        }

        @Override
        public void prepare(Bench.Target t) throws Exception {
            mcp = connect(t);
            viaMcp(t); // warm both paths once
            viaRest(t);
        }

        @Override
        public double measure(Bench.Target t) throws Exception {
            boolean restFirst = restMs.size() % 2 == 0; // alternate, so neither always runs on a warmer server
            double rest = 0, viaMcp;
            if (restFirst) rest = viaRest(t);
            viaMcp = viaMcp(t);
            if (!restFirst) rest = viaRest(t);
            restMs.add(rest);
            mcpMs.add(viaMcp);
            double r = median(restMs), m = median(mcpMs);
            System.out.printf("    REST %.1f ms, MCP %.1f ms | medians so far: REST %.1f ms, MCP %.1f ms, MCP/REST = %.2f%n",
                    rest, viaMcp, r, m, m / r);
            return viaMcp;
        }

        private double viaMcp(Bench.Target t) throws Exception {
            long start = System.nanoTime();
            call(mcp, "setup_fixture", Map.of("catalog", "bench_mcp", "schema", "s", "warehouse", "bench"));
            List<Map<String, Object>> cols = List.of(Map.of("name", "id", "type", "BIGINT"), Map.of("name", "customer", "type", "STRING"),
                    Map.of("name", "amount", "type", "DECIMAL(10,2)"));
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) rows.add(List.of(i, "customer-" + i, i + ".25"));
            JsonNode seeded = call(mcp, "seed_table", Map.of("full_name", "bench_mcp.s.orders", "columns", cols, "rows", rows));
            if (seeded.get("row_count").asLong() != ROWS) throw new IllegalStateException("seed_table: " + seeded);
            JsonNode q = call(mcp, "run_sql", Map.of("statement", QUERY.formatted("bench_mcp")));
            check(q.get("rows").get(0).get(0).asText());
            return (System.nanoTime() - start) / 1e6;
        }

        private double viaRest(Bench.Target t) throws Exception {
            String u = t.url();
            long start = System.nanoTime();
            accept(Http.post(u + "/api/2.1/unity-catalog/catalogs", "{\"name\":\"bench_rest\"}"));
            accept(Http.post(u + "/api/2.1/unity-catalog/schemas", "{\"name\":\"s\",\"catalog_name\":\"bench_rest\"}"));
            String warehouse = restWarehouse(u);
            statement(u, warehouse, "CREATE OR REPLACE TABLE `bench_rest`.`s`.`orders` (`id` BIGINT, `customer` STRING, `amount` DECIMAL(10,2))", null);
            for (int b = 0; b < ROWS; b += BATCH) {
                StringBuilder sql = new StringBuilder("INSERT INTO `bench_rest`.`s`.`orders` VALUES ");
                ArrayNode params = JSON.createArrayNode();
                for (int i = b; i < Math.min(ROWS, b + BATCH); i++) {
                    sql.append(i == b ? "" : ", ").append("(:a").append(i).append(", :b").append(i).append(", :c").append(i).append(')');
                    params.addObject().put("name", "a" + i).put("value", Integer.toString(i)).put("type", "BIGINT");
                    params.addObject().put("name", "b" + i).put("value", "customer-" + i).put("type", "STRING");
                    params.addObject().put("name", "c" + i).put("value", i + ".25").put("type", "DECIMAL(10,2)");
                }
                statement(u, warehouse, sql.toString(), params);
            }
            statement(u, warehouse, "SELECT count(*) FROM `bench_rest`.`s`.`orders`", null);
            JsonNode q = statement(u, warehouse, QUERY.formatted("bench_rest"), null);
            check(q.path("result").path("data_array").get(0).get(0).asText());
            return (System.nanoTime() - start) / 1e6;
        }

        /** The warehouse named bench, created when missing, polled until RUNNING: what setup_fixture does. */
        private static String restWarehouse(String u) throws Exception {
            JsonNode list = JSON.readTree(Http.get(u + "/api/2.0/sql/warehouses").body()).path("warehouses");
            String id = null;
            for (JsonNode w : list) if ("bench".equals(w.path("name").asText())) id = w.get("id").asText();
            if (id == null) id = JSON.readTree(ok(Http.post(u + "/api/2.0/sql/warehouses", "{\"name\":\"bench\"}"))).get("id").asText();
            while (!"RUNNING".equals(JSON.readTree(ok(Http.get(u + "/api/2.0/sql/warehouses/" + id))).path("state").asText())) {
                Thread.sleep(20);
            }
            return id;
        }

        private static JsonNode statement(String u, String warehouse, String sql, ArrayNode params) throws Exception {
            ObjectNode body = JSON.createObjectNode().put("warehouse_id", warehouse).put("statement", sql).put("wait_timeout", "50s");
            if (params != null) body.set("parameters", params);
            JsonNode r = JSON.readTree(ok(Http.post(u + "/api/2.0/sql/statements", body.toString())));
            if (!"SUCCEEDED".equals(r.path("status").path("state").asText())) throw new IllegalStateException("REST statement: " + r);
            return r;
        }

        private static void check(String count) {
            if (!Integer.toString(ROWS).equals(count)) throw new IllegalStateException("expected " + ROWS + " rows, got " + count);
        }
    }

    /** One sample = the median of 50 tools/list calls on one session. */
    static final class ToolsList implements Bench.Scenario {
        static final int CALLS = 50;
        private McpSyncClient mcp;

        @Override
        public String name() {
            return "mcp-tools-list";
        }

        @Override
        public String describe() {
            return "tools/list latency: median of " + CALLS + " calls per sample (needs --url)";
        }

        @Override
        public void prepare(Bench.Target t) {
            mcp = connect(t);
            for (int i = 0; i < 10; i++) mcp.listTools();
        }

        @Override
        public double measure(Bench.Target t) throws Exception {
            double[] ms = new double[CALLS];
            double[] rest = new double[CALLS];
            int tools = 0;
            for (int i = 0; i < CALLS; i++) {
                long start = System.nanoTime();
                tools = mcp.listTools().tools().size();
                ms[i] = (System.nanoTime() - start) / 1e6;
                start = System.nanoTime();
                Http.ok(Http.get(t.url() + "/_minilake/services")); // a REST listing of the same declarations, for scale
                rest[i] = (System.nanoTime() - start) / 1e6;
            }
            Arrays.sort(ms);
            Arrays.sort(rest);
            System.out.printf("    %d tools per list; GET /_minilake/services median %.2f ms; tools/list / services = %.2f%n",
                    tools, Bench.median(rest), Bench.median(ms) / Bench.median(rest));
            return Bench.median(ms);
        }
    }

    static JsonNode call(McpSyncClient c, String tool, Map<String, Object> args) throws Exception {
        McpSchema.CallToolResult r = c.callTool(new McpSchema.CallToolRequest(tool, args));
        String text = ((McpSchema.TextContent) r.content().get(0)).text();
        if (Boolean.TRUE.equals(r.isError())) throw new IllegalStateException(tool + ": " + text);
        return JSON.readTree(text);
    }

    private static String ok(java.net.http.HttpResponse<String> r) {
        Http.ok(r);
        return r.body();
    }

    /** Creating what exists already is fine: a fixture is idempotent. */
    private static void accept(java.net.http.HttpResponse<String> r) {
        if (r.statusCode() / 100 != 2 && r.statusCode() != 409) Http.ok(r);
    }

    private static double median(List<Double> xs) {
        double[] s = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return Bench.median(s);
    }
}
