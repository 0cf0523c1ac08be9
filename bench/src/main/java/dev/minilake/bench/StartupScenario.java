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
        return "start-to-ready of `java -jar JAR`, or of a launcher script given as --jar (needs --jar); "
                + "--compare-jar floor:JAR is the framework alone (Spring Boot reactive context, Netty, Jackson, one route) on JAR's class path";
    }

    static final String FLOOR = "floor:";

    /** Built once per bench run: the floor class and the Class-Path do not change between samples. */
    private static final java.util.Map<Path, String> FLOOR_CLASS_PATHS = new java.util.HashMap<>();

    /** The floor server's class, out of this jar into a temp dir, then the jar's Class-Path in its order. */
    private static String floorClassPath(Path minilakeJar) throws java.io.IOException {
        String known = FLOOR_CLASS_PATHS.get(minilakeJar);
        if (known != null) return known;
        Path classes = Files.createTempDirectory("minilake-floor-");
        String name = "dev/minilake/bench/floor/FrameworkFloor.class";
        Path target = classes.resolve(name);
        Files.createDirectories(target.getParent());
        try (java.io.InputStream in = StartupScenario.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException(name + " is not in the bench jar");
            Files.copy(in, target);
        }
        // deleted at exit in reverse order of registration: the file, then its folders
        Path p = classes;
        p.toFile().deleteOnExit();
        for (Path part : classes.relativize(target)) {
            p = p.resolve(part);
            p.toFile().deleteOnExit();
        }
        StringBuilder cp = new StringBuilder(classes.toString());
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(minilakeJar.toFile())) {
            String entries = jar.getManifest().getMainAttributes().getValue("Class-Path");
            if (entries == null) throw new IllegalArgumentException(minilakeJar + " has no Class-Path in its manifest");
            for (String e : entries.trim().split("\\s+")) {
                cp.append(java.io.File.pathSeparator).append(minilakeJar.toAbsolutePath().getParent().resolve(e));
            }
        }
        FLOOR_CLASS_PATHS.put(minilakeJar, cp.toString());
        return cp.toString();
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
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        if (t.jar().startsWith(FLOOR)) {
            cmd.addAll(List.of(java, "-Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider",
                    "-cp", floorClassPath(Path.of(t.jar().substring(FLOOR.length()))),
                    "dev.minilake.bench.floor.FrameworkFloor", Integer.toString(port)));
        } else {
            if (t.jar().endsWith(".jar")) cmd.addAll(List.of(java, "-jar"));
            cmd.addAll(List.of(t.jar(), "--port", Integer.toString(port), "--data-dir", data.toString()));
        }
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
