package dev.minilake.spark;

import com.sun.net.httpserver.HttpServer;
import dev.minilake.spark.sandbox.LakeRoots;
import org.apache.spark.sql.SparkSession;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * The warm Spark: one local Spark with Delta and MiniLake's catalogs, a Spark Connect endpoint for
 * Python tasks and users' Connect clients, and a loopback HTTP endpoint (POST /sql, guarded by a
 * secret from the parent) for the api-server's own Spark SQL, confined to the lake by the SQL sandbox. Prints one ready line on stdout, and
 * exits when its parent closes stdin (so it never outlives MiniLake).
 */
final class WarmSparkMain {
    static final String READY = "MINILAKE_SPARK_READY";

    private WarmSparkMain() {
    }

    static void main(String[] args) throws Exception {
        RunnerArgs a = RunnerArgs.parse(args);
        long start = System.nanoTime();
        // credentials come on stdin, never in the environment or system properties a statement could read
        Map<String, String> credentials = readCredentials(System.in);
        watchParent();
        Path dataDir = Path.of(a.get("data-dir", System.getProperty("java.io.tmpdir"))).toAbsolutePath();
        Files.createDirectories(dataDir);
        String connectPort = a.get("connect-port", "15002");
        String uri = a.get("uri", System.getenv("MINILAKE_URL"));
        SparkSession.Builder builder = Sessions.builder(a.get("master", "local[*]"), uri, credentials.get("token"), dataDir)
                .config("spark.plugins", "org.apache.spark.sql.connect.SparkConnectPlugin")
                .config("spark.connect.grpc.binding.address", "127.0.0.1")
                .config("spark.connect.grpc.binding.port", connectPort);
        // Spark Connect's own pre-shared token: a client without it is refused
        String connectToken = credentials.get("connect-token");
        if (connectToken != null) builder.config("spark.connect.authenticate.token", connectToken);
        SparkSession spark = builder.getOrCreate();
        Runtime.getRuntime().addShutdownHook(new Thread(spark::stop, "spark-stop"));
        spark.sql("SELECT 1").collectAsList(); // loads the SQL engine's classes before the first client
        String secret = credentials.get("secret");
        LakeRoots lake = LakeRoots.parse(a.get("lake-roots", ""));
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(a.get("http-port", "0"))), 16);
        // statements of different sessions run side by side; Spark's own scheduler shares the cores
        http.setExecutor(Executors.newFixedThreadPool(8));
        SqlEndpoint sql = new SqlEndpoint(spark, secret, lake);
        http.createContext("/sql", sql::handle);
        http.createContext("/cancel", sql::cancel);
        sql.cancelLateJobs();
        http.start();
        System.out.println(READY + " connect=" + connectPort + " http=" + http.getAddress().getPort()
                + " ms=" + (System.nanoTime() - start) / 1_000_000);
        System.out.flush();
        Thread.currentThread().join();
    }

    /**
     * {@code name=value} lines up to an empty line, which the parent writes first. Read byte by byte,
     * so nothing after the empty line is consumed before the parent watch reads it.
     */
    static Map<String, String> readCredentials(InputStream in) throws IOException {
        Map<String, String> out = new HashMap<>();
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0) {
            if (b != '\n') {
                line.append((char) b);
                continue;
            }
            if (line.isEmpty()) break;
            int eq = line.indexOf("=");
            if (eq > 0) out.put(line.substring(0, eq), line.substring(eq + 1));
            line.setLength(0);
        }
        return out;
    }

    /** The parent holds our stdin open; when it closes (the parent exited or was killed), we go. */
    private static void watchParent() {
        Thread t = new Thread(() -> {
            try {
                InputStream in = System.in;
                while (in.read() >= 0) {
                    // after the credentials the parent writes nothing; anything read is ignored
                }
            } catch (IOException ignored) {
                // closed
            }
            System.exit(0);
        }, "parent-watch");
        t.setDaemon(true);
        t.start();
    }
}
