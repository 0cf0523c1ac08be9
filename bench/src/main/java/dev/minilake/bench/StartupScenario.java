package dev.minilake.bench;

import java.io.File;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Time from `java -jar minilake.jar` to the first 200 from /_minilake/ready. */
final class StartupScenario implements Bench.Scenario {
    @Override
    public String name() {
        return "startup";
    }

    @Override
    public String describe() {
        return "start-to-ready of `java -jar JAR` (needs --jar)";
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        if (t.jar() == null) throw new IllegalArgumentException("startup needs --jar (and --compare-jar for B)");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path data = Files.createTempDirectory("minilake-bench-");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        long start = System.nanoTime();
        Process p = new ProcessBuilder(java, "-jar", t.jar(), "--port", Integer.toString(port), "--data-dir", data.toString())
                .redirectErrorStream(true).redirectOutput(new File("/dev/null")).start();
        try {
            String url = "http://127.0.0.1:" + port + "/_minilake/ready";
            while (true) {
                if (!p.isAlive()) throw new IllegalStateException("server exited with " + p.exitValue());
                try {
                    if (Http.get(url).statusCode() == 200) break;
                } catch (java.io.IOException notYet) {
                    // not listening yet
                }
                Thread.sleep(10);
            }
            return (System.nanoTime() - start) / 1e6;
        } finally {
            p.destroyForcibly().waitFor();
            try (Stream<Path> files = Files.walk(data)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
