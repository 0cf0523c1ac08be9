package dev.minilake.engines.spark;

import dev.minilake.core.settings.Settings;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** `minilake spark env` names real jars of this build, and the Spark settings parse strictly. */
class SparkEnvTest {

    @Test
    void exportsNameTheBuiltJarsAndThePluginClass() throws Exception {
        Settings s = Settings.parse(new String[]{"--port", "8123"}, Map.of());
        String out = SparkEnv.exports(s);
        assertThat(out).contains("export MINILAKE_SPARK_CATALOG_CLASS=dev.minilake.spark.catalog.MiniLakeCatalog\n")
                .contains("export MINILAKE_URL='http://127.0.0.1:8123'\n");
        String args = out.lines().filter(l -> l.startsWith("export PYSPARK_SUBMIT_ARGS=")).findFirst().orElseThrow();
        assertThat(args).endsWith(" pyspark-shell'");
        String jars = args.substring(args.indexOf("--jars ") + 7, args.lastIndexOf(" pyspark-shell"));
        assertThat(jars.split(",")).hasSize(3).allSatisfy(j -> assertThat(Files.isRegularFile(Path.of(j))).as(j).isTrue());
        assertThat(Arrays.stream(jars.split(",")).map(j -> Path.of(j).getFileName().toString()))
                .anySatisfy(n -> assertThat(n).startsWith("delta-spark_2.13-4.0"))
                .anySatisfy(n -> assertThat(n).startsWith("delta-storage-4.0"))
                .contains("spark-runner.jar");
    }

    @Test
    void sparkSettings() {
        Settings s = Settings.parse(new String[0], Map.of("MINILAKE_SPARK_MEMORY", "2G", "MINILAKE_SPARK_MASTER", "local[2]"));
        assertThat(s.sparkMemory()).isEqualTo("2g");
        assertThat(s.sparkMaster()).isEqualTo("local[2]");
        assertThat(Settings.parse(new String[0], Map.of()).sparkMemory()).isEqualTo("1g");
        assertThatThrownBy(() -> Settings.parse(new String[0], Map.of("MINILAKE_SPARK_MEMORY", "lots")))
                .hasMessageContaining("MINILAKE_SPARK_MEMORY");
        assertThat(Settings.help()).contains("MINILAKE_SPARK_MEMORY").contains("spark env");
    }

    @Test
    void aMissingRunnerIsReportedNotGuessed() {
        Settings s = Settings.parse(new String[0], Map.of("MINILAKE_SPARK_RUNNER", "/nonexistent/spark-runner.jar"));
        assertThat(SparkRunnerLocation.find(s)).isEmpty();
        assertThatThrownBy(() -> SparkEnv.exports(s)).hasMessageContaining("spark-runner.jar not found");
    }
}
