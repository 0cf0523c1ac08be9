package dev.minilake.jobs.exec;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.jobs.CreateJob;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunResultState;
import com.databricks.sdk.service.jobs.SparkPythonTask;
import com.databricks.sdk.service.jobs.Task;
import com.databricks.sdk.service.workspace.ImportFormat;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.Language;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * MINILAKE_EXECUTOR=kubernetes end to end: the Java SDK's run_now goes through a MiniLakeJob, the
 * operator, a driver Pod run by the kubelet stand-in as a real python process, the CR status, and
 * comes back as runs/get SUCCESS with the real stdout in get-output. The mock cluster runs in its own
 * JVM (operator module test classpath) because its Netty 4.2 cannot share this JVM's Netty 4.1.
 */
class KubernetesExecutorEndToEndTest {
    static Process cluster;
    static MiniLakeServer server;
    static String namespace;

    @BeforeAll
    static void start() throws Exception {
        Path cpFile = Path.of("../operator/target/test-classpath.txt");
        // the reactor builds the operator before api-server, so a missing classpath file is a failure, not a skip
        assertThat(cpFile).as("build the operator module first (mvn -pl api-server -am)").exists();
        String cp = "../operator/target/test-classes" + java.io.File.pathSeparator + "../operator/target/classes"
                + java.io.File.pathSeparator + Files.readString(cpFile).trim();
        cluster = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", cp,
                "dev.minilake.operator.testing.MockClusterMain").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(cluster.getInputStream(), StandardCharsets.UTF_8));
        String line;
        String url = null;
        while ((line = out.readLine()) != null) {
            if (line.startsWith("MOCK_CLUSTER ")) {
                String[] parts = line.split(" ");
                url = parts[1];
                namespace = parts[2];
                break;
            }
        }
        assertThat(url).as("mock cluster started").isNotNull();
        Thread drain = new Thread(() -> {
            try {
                out.transferTo(java.io.Writer.nullWriter());
            } catch (java.io.IOException ignored) {
            }
        });
        drain.setDaemon(true);
        drain.start();
        server = MiniLakeServer.startWith(Map.of("MINILAKE_EXECUTOR", "kubernetes", "MINILAKE_K8S_MASTER", url,
                "MINILAKE_K8S_NAMESPACE", namespace, "MINILAKE_K8S_TTL_SECONDS", "0"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) server.close();
        if (cluster != null) {
            cluster.getOutputStream().close();
            if (!cluster.waitFor(10, TimeUnit.SECONDS)) cluster.destroyForcibly();
        }
    }

    @Test
    void runNowGoesThroughAMiniLakeJobPodAndReturnsItsStdout() throws Exception {
        WorkspaceClient w = server.workspace();
        w.workspace().mkdirs("/Shared/k8s");
        String code = "import os\nprint('hello from pod', os.environ.get('MINILAKE_POD_NAME'))\n";
        w.workspace().importContent(new Import().setPath("/Shared/k8s/hello.py").setFormat(ImportFormat.AUTO)
                .setContent(Base64.getEncoder().encodeToString(code.getBytes(StandardCharsets.UTF_8))).setOverwrite(true));
        long jobId = w.jobs().create(new CreateJob().setName("k8s-hello").setTasks(List.of(new Task().setTaskKey("hello")
                .setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/k8s/hello.py"))))).getJobId();
        long start = System.nanoTime();
        Run run = w.jobs().runNow(new com.databricks.sdk.service.jobs.RunNow().setJobId(jobId)).get(Duration.ofMinutes(2));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        long taskRunId = run.getTasks().iterator().next().getRunId();
        String logs = w.jobs().getRunOutput(taskRunId).getLogs();
        assertThat(logs).contains("hello from pod mlj-" + run.getRunId() + "-" + taskRunId + "-driver");
        System.out.println("kubernetes executor: run_now -> TERMINATED SUCCESS in " + ms + " ms");
    }
}
