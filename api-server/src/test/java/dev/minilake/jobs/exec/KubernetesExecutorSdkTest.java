package dev.minilake.jobs.exec;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.jobs.CreateJob;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunLifeCycleState;
import com.databricks.sdk.service.jobs.RunNow;
import com.databricks.sdk.service.jobs.RunOutput;
import com.databricks.sdk.service.jobs.RunResultState;
import com.databricks.sdk.service.jobs.SparkPythonTask;
import com.databricks.sdk.service.jobs.Task;
import com.databricks.sdk.service.workspace.CreateScope;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import com.databricks.sdk.service.workspace.PutSecret;
import dev.minilake.crd.MiniLakeJob;
import dev.minilake.operator.OperatorMain;
import dev.minilake.operator.OperatorSettings;
import dev.minilake.operator.testing.MockCluster;
import dev.minilake.support.MiniLakeServer;
import io.fabric8.kubernetes.api.model.Secret;
import io.javaoperatorsdk.operator.Operator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The api-server in MINILAKE_EXECUTOR=kubernetes mode, driven by the real Java SDK: each task run
 * becomes a MiniLakeJob (+ env Secret) in the fabric8 mock API server, the real operator turns it
 * into a driver pod, the kubelet stand-in runs that pod's command as a local process, and the run's
 * state and output come back from the CR status and the pod log.
 */
class KubernetesExecutorSdkTest {
    static final Duration WAIT = Duration.ofSeconds(120);
    static MockCluster cluster;
    static Operator operator;
    static MiniLakeServer server;
    static WorkspaceClient w;

    @BeforeAll
    static void start() throws Exception {
        cluster = new MockCluster();
        operator = OperatorMain.start(cluster.newClient(),
                new OperatorSettings(cluster.namespace(), "minilake:test", "Never", null, 0));
        server = MiniLakeServer.startWith(Map.of(
                "MINILAKE_EXECUTOR", "kubernetes",
                "MINILAKE_K8S_MASTER", cluster.url(),
                "MINILAKE_K8S_NAMESPACE", cluster.namespace(),
                "MINILAKE_K8S_TTL_SECONDS", "0"));
        w = server.workspace();
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
        if (operator != null) operator.stop();
        if (cluster != null) cluster.close();
    }

    @Test
    void runNowRunsThroughAMiniLakeJobPodAndReturnsItsStdout() throws Exception {
        assertThat(server.bean(TaskExecutor.class).name()).isEqualTo("kubernetes");
        w.secrets().createScope(new CreateScope().setScope("k8s"));
        w.secrets().putSecret(new PutSecret().setScope("k8s").setKey("pw").setStringValue("pod-s3cret"));
        w.workspace().importContent(new Import().setPath("/Workspace/Shared/k8s_hello.py").setFormat(ImportFormat.AUTO)
                .setOverwrite(true).setContent(Base64.getEncoder().encodeToString("""
                        import os, sys
                        print("hello from pod", os.environ.get("HOSTNAME", "?"), "args=" + ",".join(sys.argv[1:]))
                        print("secret", dbutils.secrets.get("k8s", "pw"))
                        """.getBytes(StandardCharsets.UTF_8))));
        long jobId = w.jobs().create(new CreateJob().setName("k8s-hello").setTasks(List.of(
                new Task().setTaskKey("main").setSparkPythonTask(new SparkPythonTask()
                        .setPythonFile("/Workspace/Shared/k8s_hello.py").setParameters(List.of("a", "{{job.id}}")))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(WAIT);

        assertThat(run.getState().getLifeCycleState()).isEqualTo(RunLifeCycleState.TERMINATED);
        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        long taskRunId = run.getTasks().iterator().next().getRunId();
        RunOutput out = w.jobs().getRunOutput(taskRunId);
        assertThat(out.getLogs()).contains("hello from pod").contains("args=a," + jobId)
                .contains("secret [REDACTED]").doesNotContain("pod-s3cret");

        // it really went through the cluster: the CR finished, its pod ran, and the secret was a Secret, not spec
        String name = "mlj-" + run.getRunId() + "-" + taskRunId;
        MiniLakeJob job = cluster.client().resources(MiniLakeJob.class).withName(name).get();
        assertThat(job).isNotNull();
        assertThat(job.getStatus().getPhase()).isEqualTo("Succeeded");
        assertThat(job.getStatus().getExitCode()).isZero();
        assertThat(job.getSpec().getSecretName()).isEqualTo(name + "-env");
        assertThat(job.getSpec().getEnv().values()).noneMatch(v -> v.contains("pod-s3cret"));
        Secret secret = cluster.client().secrets().withName(name + "-env").get();
        assertThat(secret).isNotNull();
        assertThat(secret.getMetadata().getOwnerReferences()).anyMatch(o -> o.getName().equals(name));
    }

    @Test
    void failingScriptFailsTheRunWithTheTraceback() {
        w.workspace().importContent(new Import().setPath("/Workspace/Shared/k8s_fail.py").setFormat(ImportFormat.AUTO)
                .setOverwrite(true).setContent(Base64.getEncoder().encodeToString("""
                        print("about to fail")
                        raise ValueError("boom in pod")
                        """.getBytes(StandardCharsets.UTF_8))));
        long jobId = w.jobs().create(new CreateJob().setName("k8s-fail").setTasks(List.of(
                new Task().setTaskKey("main").setSparkPythonTask(new SparkPythonTask()
                        .setPythonFile("/Workspace/Shared/k8s_fail.py"))))).getJobId();

        long runId = w.jobs().runNow(new RunNow().setJobId(jobId)).getResponse().getRunId();
        Run done = org.awaitility.Awaitility.await().atMost(WAIT).until(() -> w.jobs().getRun(runId),
                r -> r.getState().getLifeCycleState() == RunLifeCycleState.TERMINATED
                        || r.getState().getLifeCycleState() == RunLifeCycleState.INTERNAL_ERROR);
        assertThat(done.getState().getResultState()).isEqualTo(RunResultState.FAILED);
        RunOutput out = w.jobs().getRunOutput(done.getTasks().iterator().next().getRunId());
        assertThat(out.getLogs()).contains("about to fail");
        assertThat(out.getError() + " " + out.getErrorTrace()).contains("boom in pod");
    }
}
