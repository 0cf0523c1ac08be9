package dev.minilake.spark;

import com.sun.net.httpserver.HttpServer;
import org.apache.spark.sql.SparkSession;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;

/**
 * The warm Spark: one local Spark with Delta and MiniLake's catalogs, a Spark Connect endpoint for
 * Python tasks and users' Connect clients, and a loopback HTTP endpoint (POST /sql, guarded by a
 * secret from the parent) for the api-server's own Spark SQL. Prints one ready line on stdout, and
 * exits when its parent closes stdin (so it never outlives MiniLake).
 */
final class WarmSparkMain {
    static final String READY = "MINILAKE_SPARK_READY";

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
        // statements of different sessions run side by side; Spark's own scheduler shares the cores
        http.setExecutor(Executors.newFixedThreadPool(8));
        http.createContext("/sql", new SqlEndpoint(spark, secret)::handle);
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
}
