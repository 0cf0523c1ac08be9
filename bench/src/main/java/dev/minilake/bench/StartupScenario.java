package dev.minilake.bench;

import java.io.File;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Time from `java -jar minilake.jar` (or from a launcher script such as bin/minilake, given in place
 * of the jar) to the first 200 from /_minilake/ready. One unmeasured start per target comes first:
 * it warms the page cache and lets the launcher record its class-data archive.
 */
final class StartupScenario implements Bench.Scenario {
    @Override
    public String name() {
        return "startup";
    }

    @Override
    public String describe() {
        return "start-to-ready of `java -jar JAR`, or of a launcher script given as --jar (needs --jar)";
    }

    @Override
    public void prepare(Bench.Target t) throws Exception {
        if (t.jar() == null) throw new IllegalArgumentException("startup needs --jar (and --compare-jar for B)");
        measure(t);
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        if (t.jar() == null) throw new IllegalArgumentException("startup needs --jar (and --compare-jar for B)");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path data = Files.createTempDirectory("minilake-bench-");
        List<String> cmd = new ArrayList<>();
        if (t.jar().endsWith(".jar")) {
            cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar"));
        }
        cmd.addAll(List.of(t.jar(), "--port", Integer.toString(port), "--data-dir", data.toString()));
        long start = System.nanoTime();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(new File("/dev/null")).start();
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
            // SIGTERM, as a user stops it: the launcher writes its class-data archive at a clean exit
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) p.destroyForcibly().waitFor();
            try (Stream<Path> files = Files.walk(data)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
