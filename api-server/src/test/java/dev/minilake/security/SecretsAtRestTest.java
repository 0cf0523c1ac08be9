package dev.minilake.security;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.compute.ClusterSpec;
import com.databricks.sdk.service.jobs.CreateJob;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunNow;
import com.databricks.sdk.service.jobs.RunOutput;
import com.databricks.sdk.service.jobs.RunResultState;
import com.databricks.sdk.service.jobs.SparkPythonTask;
import com.databricks.sdk.service.jobs.Task;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import com.databricks.sdk.service.workspace.CreateScope;
import com.databricks.sdk.service.workspace.PutSecret;
import dev.minilake.core.crypto.SecretSeal;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Secret values are encrypted at rest (issue 17, finding 1): the store's files never hold them in plaintext. */
class SecretsAtRestTest {

    @Test
    void theControlStoreHoldsNoSecretValueInPlaintext() throws Exception {
        MiniLakeServer server = MiniLakeServer.shared();
        server.reset();
        WorkspaceClient w = server.workspace();
        String value = "plaintext-canary-" + System.nanoTime();
        w.secrets().createScope(new CreateScope().setScope("at-rest"));
        w.secrets().putSecret(new PutSecret().setScope("at-rest").setKey("k").setStringValue(value));
        server.send("POST", "/api/2.1/unity-catalog/secrets",
                "{\"catalog_name\":\"main\",\"schema_name\":\"default\",\"name\":\"uc\",\"value\":\"" + value + "-uc\"}");

        byte[] needle = value.getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(server.dataDir().resolve("control"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(indexOf(Files.readAllBytes(f), needle)).as(f.toString()).isEqualTo(-1);
            }
        }
        // the value still resolves where it should: UC's include_value
        assertThat(server.send("GET", "/api/2.1/unity-catalog/secrets/main.default.uc?include_value=true", null).body())
                .contains(value + "-uc");
    }

    /**
     * Issue 29: a job that prints a secret (resolved with dbutils.secrets.get and from a secret
     * env var, printed whole and split across writes, in stdout, stderr, its error and a task
     * value) leaves it nowhere on disk: every file of the data dir is searched.
     */
    @Test
    void aJobThatPrintsItsSecretsLeavesThemNowhereOnDisk() throws Exception {
        MiniLakeServer server = MiniLakeServer.shared();
        server.reset();
        WorkspaceClient w = server.workspace();
        String viaGet = "dbutils-canary-" + System.nanoTime();
        String viaEnv = "env-canary-" + System.nanoTime();
        w.secrets().createScope(new CreateScope().setScope("leak"));
        w.secrets().putSecret(new PutSecret().setScope("leak").setKey("get").setStringValue(viaGet));
        w.secrets().putSecret(new PutSecret().setScope("leak").setKey("env").setStringValue(viaEnv));
        String script = """
                import os, sys
                v = dbutils.secrets.get("leak", "get")
                e = os.environ["MY_SECRET"]
                print("whole:", v, e)
                sys.stdout.write("split:")
                for part in (v[:5], v[5:11], v[11:]):
                    sys.stdout.write(part)
                    sys.stdout.flush()
                print()
                print("to stderr:", v, e, file=sys.stderr)
                dbutils.jobs.taskValues.set("leaked", v)
                raise RuntimeError("failing with " + v + " and " + e)
                """;
        w.workspace().importContent(new Import().setPath("/Shared/leak.py").setFormat(ImportFormat.AUTO).setOverwrite(true)
                .setContent(Base64.getEncoder().encodeToString(script.getBytes(StandardCharsets.UTF_8))));
        long jobId = w.jobs().create(new CreateJob().setName("leak").setTasks(List.of(new Task().setTaskKey("leak")
                .setNewCluster(new ClusterSpec().setSparkEnvVars(Map.of("MY_SECRET", "{{secrets/leak/env}}")))
                .setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/leak.py"))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(Duration.ofSeconds(90));

        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.FAILED);
        RunOutput out = w.jobs().getRunOutput(run.getTasks().iterator().next().getRunId());
        assertThat(out.getLogs()).contains("whole: [REDACTED] [REDACTED]").contains("split:[REDACTED]")
                .doesNotContain(viaGet).doesNotContain(viaEnv);
        assertThat(out.getError()).contains("failing with [REDACTED] and [REDACTED]");
        assertThat(out.getErrorTrace()).doesNotContain(viaGet).doesNotContain(viaEnv);
        // the command API (an execution context has no task token, so the value cannot be resolved there)
        assertThat(server.send("GET", "/_minilake/jobs/task-secret?scope=leak&key=get", null).statusCode()).isEqualTo(403);

        int files = 0;
        try (Stream<Path> all = Files.walk(server.dataDir())) {
            for (Path f : all.filter(Files::isRegularFile).toList()) {
                byte[] bytes = Files.readAllBytes(f);
                files++;
                for (String secret : List.of(viaGet, viaEnv)) {
                    assertThat(indexOf(bytes, secret.getBytes(StandardCharsets.UTF_8))).as(secret + " in " + f).isEqualTo(-1);
                }
            }
        }
        System.out.println("data dir files searched for the secrets: " + files + ", hits: 0");
        assertThat(files).isGreaterThan(5);
    }

    /**
     * A job's Spark statements run in the shared warm Spark, whose log no run owns: a secret a task
     * put into a statement (here a column name, which Spark's error and its log line repeat) is
     * redacted in {@code spark/spark.log} too.
     */
    @Test
    void aSecretInAJobsSparkStatementIsRedactedInTheWarmSparksLog() throws Exception {
        MiniLakeServer server = MiniLakeServer.shared();
        org.junit.jupiter.api.Assumptions.assumeTrue(dev.minilake.engines.spark.SparkRunnerLocation
                .find(server.bean(dev.minilake.core.settings.Settings.class)).isPresent(), "spark-runner.jar is not built");
        server.reset();
        WorkspaceClient w = server.workspace();
        String canary = "sparklog" + System.nanoTime();
        w.secrets().createScope(new CreateScope().setScope("spark-leak"));
        w.secrets().putSecret(new PutSecret().setScope("spark-leak").setKey("k").setStringValue(canary));
        String script = """
                from pyspark.sql import SparkSession
                spark = SparkSession.builder.getOrCreate()
                v = dbutils.secrets.get("spark-leak", "k")
                try:
                    spark.sql("SELECT `col_" + v + "` FROM range(1)").collect()
                except Exception as e:
                    print("spark refused:", type(e).__name__)
                print(spark.sql("SELECT '" + v + "' AS s").collect()[0][0])
                from pyspark.sql.functions import udf
                @udf("string")
                def shout(x):
                    import sys
                    print("udf sees", v, file=sys.stderr, flush=True)
                    return str(x)
                print("udf:", spark.range(1).select(shout("id")).collect()[0][0])
                """;
        w.workspace().importContent(new Import().setPath("/Shared/spark_leak.py").setFormat(ImportFormat.AUTO).setOverwrite(true)
                .setContent(Base64.getEncoder().encodeToString(script.getBytes(StandardCharsets.UTF_8))));
        long jobId = w.jobs().create(new CreateJob().setName("spark-leak").setTasks(List.of(new Task().setTaskKey("t")
                .setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/spark_leak.py"))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(Duration.ofMinutes(4));

        RunOutput out = w.jobs().getRunOutput(run.getTasks().iterator().next().getRunId());
        assertThat(run.getState().getResultState()).as(out.getError() + "\n" + out.getLogs()).isEqualTo(RunResultState.SUCCESS);
        assertThat(out.getLogs()).contains("spark refused: AnalysisException").contains("[REDACTED]").doesNotContain(canary);
        Path sparkLog = server.dataDir().resolve("spark/spark.log");
        // a Python UDF's stderr goes to the warm Spark's stderr, which is the shared log
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(Files.readString(sparkLog)).contains("udf sees [REDACTED]"));
        assertThat(indexOf(Files.readAllBytes(sparkLog), canary.getBytes(StandardCharsets.UTF_8))).isEqualTo(-1);
    }

    @Test
    void aSealedValueOpensOnlyWithItsKey(@TempDir Path dir) {
        SecretSeal seal = new SecretSeal(dir.resolve("a/secrets.key"));
        String sealed = seal.seal("hunter2".getBytes(StandardCharsets.UTF_8));
        assertThat(sealed).doesNotContain("hunter2");
        assertThat(seal.seal("hunter2".getBytes(StandardCharsets.UTF_8))).isNotEqualTo(sealed); // fresh nonce each time
        assertThat(new String(seal.open(sealed), StandardCharsets.UTF_8)).isEqualTo("hunter2");
        assertThat(new String(new SecretSeal(dir.resolve("a/secrets.key")).open(sealed), StandardCharsets.UTF_8)).isEqualTo("hunter2");
        assertThatThrownBy(() -> new SecretSeal(dir.resolve("b/secrets.key")).open(sealed)).isInstanceOf(IllegalStateException.class);
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }
}
