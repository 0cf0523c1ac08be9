package dev.minilake.jobs;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.compute.Library;
import com.databricks.sdk.service.files.Put;
import com.databricks.sdk.service.jobs.CreateJob;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunNow;
import com.databricks.sdk.service.jobs.RunResultState;
import com.databricks.sdk.service.jobs.SparkJarTask;
import com.databricks.sdk.service.jobs.Task;
import dev.minilake.core.settings.Settings;
import dev.minilake.engines.spark.SparkRunnerLocation;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A spark_jar_task really runs on Spark: the test compiles a main class against the spark-runner's
 * Spark jars, uploads the jar to DBFS, and the job's spark-submit prints Spark's own count.
 */
class SparkJarTaskTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @TempDir
    Path tmp;

    @Test
    void jarTaskRunsItsMainClassOnRealSpark() throws Exception {
        server.reset();
        SparkRunnerLocation runner = SparkRunnerLocation.find(server.bean(Settings.class))
                .orElseThrow(() -> new AssertionError("spark-runner/target/spark-runner.jar is missing: the build makes it before api-server"));
        Path src = tmp.resolve("CountJob.java");
        Files.writeString(src, """
                public class CountJob {
                    public static void main(String[] args) {
                        org.apache.spark.sql.SparkSession spark = org.apache.spark.sql.SparkSession.builder().getOrCreate();
                        System.out.println("count=" + spark.range(Long.parseLong(args[0])).count() + " on " + spark.version());
                        spark.stop();
                    }
                }
                """);
        String classpath; // the compiler API does not expand "lib/*" as the java launcher does
        try (var jars = Files.list(runner.lib())) {
            classpath = String.join(java.io.File.pathSeparator, jars.map(Path::toString).toList());
        }
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", tmp.toString(), "-cp", classpath, src.toString());
        assertThat(rc).isZero();
        ByteArrayOutputStream jar = new ByteArrayOutputStream();
        try (JarOutputStream out = new JarOutputStream(jar)) {
            out.putNextEntry(new JarEntry("CountJob.class"));
            out.write(Files.readAllBytes(tmp.resolve("CountJob.class")));
        }
        w.dbfs().put(new Put().setPath("/jars/count.jar").setOverwrite(true).setContents(Base64.getEncoder().encodeToString(jar.toByteArray())));
        long jobId = w.jobs().create(new CreateJob().setName("jar").setTasks(List.of(new Task().setTaskKey("count")
                .setLibraries(List.of(new Library().setJar("dbfs:/jars/count.jar")))
                .setSparkJarTask(new SparkJarTask().setMainClassName("CountJob").setParameters(List.of("3")))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(Duration.ofMinutes(5));

        var out = w.jobs().getRunOutput(run.getTasks().iterator().next().getRunId());
        assertThat(run.getState().getResultState()).as(out.getError() + "\n" + out.getErrorTrace()).isEqualTo(RunResultState.SUCCESS);
        assertThat(out.getLogs()).contains("count=3 on 4.0");
    }
}
