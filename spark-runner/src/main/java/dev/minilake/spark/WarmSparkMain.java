package dev.minilake.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;

/**
 * The warm Spark: one local Spark with Delta and MiniLake's catalogs, a Spark Connect endpoint for
 * Python tasks and users' Connect clients, and a loopback HTTP endpoint (POST /sql, guarded by a
 * secret from the parent) for the api-server's own Spark SQL. Prints one ready line on stdout, and
 * exits when its parent closes stdin (so it never outlives MiniLake).
 */
final class WarmSparkMain {
    static final String READY = "MINILAKE_SPARK_READY";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_ROWS = 10_000;

    private WarmSparkMain() {
    }

    static void main(String[] args) throws Exception {
        RunnerArgs a = RunnerArgs.parse(args);
        long start = System.nanoTime();
        watchParent();
        Path dataDir = Path.of(a.get("data-dir", System.getProperty("java.io.tmpdir"))).toAbsolutePath();
        Files.createDirectories(dataDir);
        String connectPort = a.get("connect-port", "15002");
        String uri = a.get("uri", System.getenv("MINILAKE_URL"));
        SparkSession spark = Sessions.builder(a.get("master", "local[*]"), uri, System.getenv("DATABRICKS_TOKEN"), dataDir)
                .config("spark.plugins", "org.apache.spark.sql.connect.SparkConnectPlugin")
                .config("spark.connect.grpc.binding.address", "127.0.0.1")
                .config("spark.connect.grpc.binding.port", connectPort)
                .getOrCreate();
        Runtime.getRuntime().addShutdownHook(new Thread(spark::stop, "spark-stop"));
        spark.sql("SELECT 1").collectAsList(); // loads the SQL engine's classes before the first client
        String secret = System.getenv("MINILAKE_SPARK_SECRET");
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(a.get("http-port", "0"))), 16);
        http.setExecutor(Executors.newFixedThreadPool(2));
        http.createContext("/sql", ex -> handleSql(spark, secret, ex));
        http.start();
        System.out.println(READY + " connect=" + connectPort + " http=" + http.getAddress().getPort()
                + " ms=" + (System.nanoTime() - start) / 1_000_000);
        System.out.flush();
        Thread.currentThread().join();
    }

    /** The parent holds our stdin open; when it closes (the parent exited or was killed), we go. */
    private static void watchParent() {
        Thread t = new Thread(() -> {
            try {
                InputStream in = System.in;
                while (in.read() >= 0) {
                    // the parent never writes; anything read is ignored
                }
            } catch (IOException ignored) {
                // closed
            }
            System.exit(0);
        }, "parent-watch");
        t.setDaemon(true);
        t.start();
    }

    private static void handleSql(SparkSession root, String secret, HttpExchange ex) throws IOException {
        try (ex) {
            if (secret != null && !secret.equals(ex.getRequestHeaders().getFirst("X-MiniLake-Spark-Secret"))) {
                reply(ex, 403, JSON.createObjectNode().put("error", "forbidden"));
                return;
            }
            if (!"POST".equals(ex.getRequestMethod())) {
                reply(ex, 405, JSON.createObjectNode().put("error", "POST a SQL statement"));
                return;
            }
            String sql = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            try {
                SparkSession s = root.newSession();
                Dataset<Row> df = s.sql(sql);
                ObjectNode out = JSON.createObjectNode();
                ArrayNode cols = out.putArray("columns");
                for (StructField f : df.schema().fields()) cols.addObject().put("name", f.name()).put("type", f.dataType().catalogString());
                ArrayNode rows = out.putArray("rows");
                List<Row> collected = df.limit(MAX_ROWS).collectAsList();
                for (Row r : collected) {
                    ArrayNode row = rows.addArray();
                    for (int i = 0; i < r.length(); i++) row.add(r.isNullAt(i) ? null : String.valueOf(r.get(i)));
                }
                reply(ex, 200, out);
            } catch (Exception e) {
                reply(ex, 400, JSON.createObjectNode().put("error", String.valueOf(e.getMessage())));
            }
        }
    }

    private static void reply(HttpExchange ex, int status, ObjectNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream os = ex.getResponseBody()) {
            os.write(bytes);
        }
    }
}
