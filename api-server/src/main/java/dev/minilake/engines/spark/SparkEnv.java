package dev.minilake.engines.spark;

import dev.minilake.core.settings.Settings;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code minilake spark env}: shell {@code export} lines that make a user's own PySpark (4.0.x from
 * PyPI) or spark-submit load Delta and MiniLake's catalog plugin from this build, offline.
 * {@code eval "$(java -jar minilake.jar spark env)"}, then configure
 * {@code spark.sql.catalog.<name>} as {@code $MINILAKE_SPARK_CATALOG_CLASS} with {@code .uri}.
 */
public final class SparkEnv {
    public static final String CATALOG_CLASS = "dev.minilake.spark.catalog.MiniLakeCatalog";
    public static final String EXTENSIONS_CLASS = "dev.minilake.spark.catalog.MiniLakeSparkExtensions";

    private SparkEnv() {
    }

    public static String exports(Settings settings) throws IOException {
        SparkRunnerLocation loc = SparkRunnerLocation.find(settings).orElseThrow(() -> new IOException(
                "spark-runner.jar not found: build it (mvn package) or set MINILAKE_SPARK_RUNNER"));
        List<Path> jars = loc.userJars();
        String jarList = jars.stream().map(Path::toString).collect(Collectors.joining(","));
        String host = settings.host().equals("0.0.0.0") ? "127.0.0.1" : settings.host();
        String url = "http://" + host + ":" + settings.port();
        return "export PYSPARK_SUBMIT_ARGS=" + quote("--jars " + jarList + " pyspark-shell") + "\n"
                + "export MINILAKE_SPARK_JARS=" + quote(jarList) + "\n"
                + "export MINILAKE_SPARK_CATALOG_CLASS=" + CATALOG_CLASS + "\n"
                + "export MINILAKE_SPARK_EXTENSIONS=" + quote("io.delta.sql.DeltaSparkSessionExtension," + EXTENSIONS_CLASS) + "\n"
                + "export MINILAKE_URL=" + quote(url) + "\n";
    }

    /** POSIX single quotes. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
