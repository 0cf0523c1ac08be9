package dev.minilake.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.spark.sql.SparkSession;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A Spark task's driver pod: the Spark runs here, in the pod, not in the api-server. It starts a
 * local Spark (Delta and MiniLake's UC catalogs, the tables resolved through the api-server's REST
 * API at {@code --uri}, their files on the shared data volume) with a Spark Connect endpoint on the
 * pod's loopback, runs the task's command (the arguments after {@code --}) with {@code SPARK_REMOTE}
 * pointing at it, and exits with the task's exit code once Spark has stopped.
 * <p>
 * The master and the task cluster's {@code spark_conf} come from the operator
 * ({@code MINILAKE_SPARK_MASTER}, {@code MINILAKE_SPARK_CONF} as JSON). The catalog's token is the
 * task's own scoped token ({@code DATABRICKS_TOKEN}), the identity the task already has.
 */
final class PodDriverMain {
    private PodDriverMain() {
    }

    static void main(String[] args) throws Exception {
        int split = Arrays.asList(args).indexOf("--");
        if (split < 0 || split == args.length - 1) {
            System.err.println("usage: spark-runner pod-driver --uri URL [--data-dir D] -- COMMAND ...");
            System.exit(64);
        }
        RunnerArgs a = RunnerArgs.parse(Arrays.copyOfRange(args, 0, split));
        List<String> command = List.of(Arrays.copyOfRange(args, split + 1, args.length));
        long start = System.nanoTime();
        Path dataDir = Path.of(a.get("data-dir", System.getProperty("java.io.tmpdir") + "/minilake-spark")).toAbsolutePath();
        Files.createDirectories(dataDir);
        String master = envOr("MINILAKE_SPARK_MASTER", "local[*]");
        if (master.startsWith("k8s://") && !onClasspath("org.apache.spark.scheduler.cluster.k8s.KubernetesClusterManager")) {
            // executor pods need Spark's Kubernetes module, which the spark-runner does not ship
            System.err.println("minilake: num_workers > 0 asks for executor pods, but this image has no Spark Kubernetes module;"
                    + " Spark runs local in the driver pod");
            master = "local[*]";
        }
        String uri = a.get("uri", System.getenv("DATABRICKS_HOST"));
        int port = freePort();
        String connectToken = HexFormat.of().formatHex(randomBytes(16));
        SparkSession.Builder builder = Sessions.builder(master, uri, System.getenv("DATABRICKS_TOKEN"), dataDir)
                .config("spark.plugins", "org.apache.spark.sql.connect.SparkConnectPlugin")
                .config("spark.connect.grpc.binding.address", "127.0.0.1")
                .config("spark.connect.grpc.binding.port", Integer.toString(port))
                .config("spark.connect.authenticate.token", connectToken);
        for (Map.Entry<String, String> e : sparkConf().entrySet()) {
            // the master was chosen above; the Connect endpoint stays the pod's own
            if (!e.getKey().equals("spark.master") && !e.getKey().startsWith("spark.connect.")) builder.config(e.getKey(), e.getValue());
        }
        SparkSession spark = builder.getOrCreate();
        System.err.printf("minilake: Spark %s (%s) ready in the driver pod in %d ms%n", spark.version(), master,
                (System.nanoTime() - start) / 1_000_000);
        int code;
        try {
            ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
            // "localhost": pyspark sends a token without TLS only to that host name
            pb.environment().put("SPARK_REMOTE", "sc://localhost:" + port + "/;token=" + connectToken);
            code = pb.start().waitFor();
        } finally {
            spark.stop();
        }
        System.exit(code);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> sparkConf() throws IOException {
        String text = System.getenv("MINILAKE_SPARK_CONF");
        if (text == null || text.isBlank()) return Map.of();
        return new ObjectMapper().readValue(text, Map.class);
    }

    private static boolean onClasspath(String name) {
        try {
            Class.forName(name, false, PodDriverMain.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static String envOr(String name, String dflt) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? dflt : v;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new SecureRandom().nextBytes(b);
        return b;
    }
}
