package dev.minilake.engines.spark;

import dev.minilake.core.settings.Settings;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the spark-runner is: {@code spark-runner.jar} with its {@code lib/} of Spark, Delta and
 * Connect jars beside it. Built by Maven into {@code spark-runner/target/}; found from this class's
 * own location (the api-server jar or classes dir) unless {@code MINILAKE_SPARK_RUNNER} says where.
 */
public record SparkRunnerLocation(Path jar, Path lib) {

    public static Optional<SparkRunnerLocation> find(Settings settings) {
        if (settings.sparkRunner() != null) {
            Path p = settings.sparkRunner();
            return of(Files.isDirectory(p) ? p.resolve("spark-runner.jar") : p);
        }
        Path here;
        try {
            here = Path.of(SparkRunnerLocation.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
        for (Path p = here; p != null; p = p.getParent()) {
            for (Path candidate : List.of(p.resolve("spark-runner/target/spark-runner.jar"), p.resolve("spark-runner/spark-runner.jar"))) {
                Optional<SparkRunnerLocation> found = of(candidate);
                if (found.isPresent()) return found;
            }
        }
        return Optional.empty();
    }

    private static Optional<SparkRunnerLocation> of(Path jar) {
        Path lib = jar.resolveSibling("lib");
        return Files.isRegularFile(jar) && Files.isDirectory(lib) ? Optional.of(new SparkRunnerLocation(jar, lib)) : Optional.empty();
    }

    /** The JVM class path of the warm Spark. */
    public String classpath() {
        return jar + File.pathSeparator + lib + File.separator + "*";
    }

    /** What a user's own PySpark needs on top of its Spark: delta-spark, delta-storage and the plugin. */
    public List<Path> userJars() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(lib)) {
            s.filter(p -> p.getFileName().toString().matches("delta-(spark_2\\.13|storage)-.*\\.jar")).sorted().forEach(out::add);
        }
        out.add(jar);
        return out;
    }
}
