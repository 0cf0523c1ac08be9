package dev.minilake.bench;

import java.io.File;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The warm Spark's cold start: a fresh MiniLake (not timed), then {@code POST /_minilake/spark/start?wait=true}
 * until Spark Connect is up with Delta and the catalogs loaded.
 */
final class SparkColdScenario implements Bench.Scenario {
    @Override
    public String name() {
        return "spark-cold";
    }

    @Override
    public String describe() {
        return "cold start of the warm Spark (spark-runner JVM, Delta, Connect) in a fresh server (needs --jar; use --runs 3)";
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        if (t.jar() == null) throw new IllegalArgumentException("spark-cold needs --jar");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path data = Files.createTempDirectory("minilake-bench-spark-");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-jar", t.jar(), "--port", Integer.toString(port), "--data-dir", data.toString())
                .redirectErrorStream(true).redirectOutput(new File("/dev/null")).start();
        String url = "http://127.0.0.1:" + port;
        try {
            while (true) {
                if (!p.isAlive()) throw new IllegalStateException("server exited with " + p.exitValue());
                try {
                    if (Http.get(url + "/_minilake/ready").statusCode() == 200) break;
                } catch (java.io.IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(20);
            }
            long start = System.nanoTime();
            var r = Http.post(url + "/_minilake/spark/start?wait=true", "");
            double ms = (System.nanoTime() - start) / 1e6;
            if (!r.body().contains("\"WARM\"")) throw new IllegalStateException("Spark did not get warm: " + r.body());
            return ms;
        } finally {
            p.destroy();
            p.waitFor();
            try (Stream<Path> files = Files.walk(data)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
