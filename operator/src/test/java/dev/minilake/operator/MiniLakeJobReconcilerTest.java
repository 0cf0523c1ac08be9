package dev.minilake.operator;

import dev.minilake.crd.MiniLakeJob;
import dev.minilake.crd.MiniLakeJobSpec;
import dev.minilake.crd.MiniLakeJobStatus;
import dev.minilake.operator.testing.MockCluster;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The operator against the fabric8 mock API server (CRUD mode) with the kubelet stand-in running pods. */
class MiniLakeJobReconcilerTest {
    MockCluster cluster;
    KubernetesClient client;
    Operator operator;
    final OperatorSettings settings = new OperatorSettings("", "minilake:test", "Never", null, 0);

    @BeforeEach
    void start() {
        cluster = new MockCluster();
        client = cluster.client();
        operator = OperatorMain.start(cluster.newClient(), new OperatorSettings(cluster.namespace(), "minilake:test", "Never", null, 0));
    }

    @AfterEach
    void stop() {
        if (operator != null) operator.stop();
        cluster.close();
    }

    MiniLakeJob job(String name, String script) {
        MiniLakeJob job = new MiniLakeJob();
        job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(cluster.namespace()).build());
        MiniLakeJobSpec spec = job.getSpec();
        spec.setTaskType("spark_python_task");
        spec.setPayload("inline");
        spec.setCommand(List.of("sh", "-c", script));
        spec.setRunId(7);
        spec.setTaskRunId(8);
        spec.setTaskKey("t");
        return job;
    }

    MiniLakeJobStatus status(String name) {
        MiniLakeJob j = client.resources(MiniLakeJob.class).withName(name).get();
        return j == null || j.getStatus() == null ? new MiniLakeJobStatus() : j.getStatus();
    }

    void awaitPhase(String name, String phase) {
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(status(name).getPhase()).isEqualTo(phase));
    }

    @Test
    void runsPodToSuccessWithSecretEnvOwnerRefsAndLogs() {
        client.secrets().resource(new SecretBuilder().withNewMetadata().withName("s1").endMetadata()
                .withStringData(Map.of("MY_TOKEN", "s3cr3t")).build()).create();
        MiniLakeJob j = job("ok", "echo hello $MY_TOKEN $PLAIN");
        j.getSpec().setSecretName("s1");
        j.getSpec().setEnv(Map.of("PLAIN", "plain"));
        j.getSpec().getResources().setCpuRequest("250m");
        j.getSpec().getResources().setMemoryLimit("1Gi");
        j.getSpec().setDataClaim("minilake-data");
        j.getSpec().setDataMountPath("/data");
        client.resource(j).create();
        awaitPhase("ok", MiniLakeJobStatus.SUCCEEDED);
        MiniLakeJobStatus s = status("ok");
        assertThat(s.getExitCode()).isZero();
        assertThat(s.getPodNames()).containsExactly("ok-driver");
        assertThat(s.getEndTime()).isNotNull();
        assertThat(s.getLogs()).isEqualTo("pod/ok-driver/driver");
        Pod pod = client.pods().withName("ok-driver").get();
        assertThat(pod.getMetadata().getOwnerReferences()).singleElement()
                .satisfies(o -> assertThat(o.getKind()).isEqualTo("MiniLakeJob"));
        assertThat(pod.getMetadata().getLabels()).containsEntry(MiniLakeJob.LABEL_JOB, "ok").containsEntry(MiniLakeJob.LABEL_RUN_ID, "7");
        var c = pod.getSpec().getContainers().get(0);
        assertThat(c.getImage()).isEqualTo("minilake:test");
        assertThat(c.getEnvFrom().get(0).getSecretRef().getName()).isEqualTo("s1");
        assertThat(c.getEnv()).noneMatch(e -> "s3cr3t".equals(e.getValue()));
        assertThat(c.getResources().getRequests().get("cpu").toString()).isEqualTo("250m");
        assertThat(c.getResources().getLimits().get("memory").toString()).isEqualTo("1Gi");
        assertThat(c.getVolumeMounts().get(0).getMountPath()).isEqualTo("/data");
        assertThat(pod.getSpec().getVolumes().get(0).getPersistentVolumeClaim().getClaimName()).isEqualTo("minilake-data");
        assertThat(client.pods().withName("ok-driver").getLog()).contains("hello s3cr3t plain");
        assertThat(client.resources(MiniLakeJob.class).withName("ok").get().toString()).doesNotContain("s3cr3t");
    }

    /** Prints (asserts nothing about speed) the time from CR creation to the driver pod and to phase Running. */
    @Test
    void figureCreateToPodAndRunning() {
        client.resource(job("warm", "true")).create();
        awaitPhase("warm", MiniLakeJobStatus.SUCCEEDED);
        long t0 = System.nanoTime();
        client.resource(job("fig", "sleep 5")).create();
        await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(20)).until(() -> client.pods().withName("fig-driver").get() != null);
        long pod = System.nanoTime();
        await().pollInterval(Duration.ofMillis(5)).atMost(Duration.ofSeconds(20)).until(() -> MiniLakeJobStatus.RUNNING.equals(status("fig").getPhase()));
        long running = System.nanoTime();
        System.out.printf("mock cluster: MiniLakeJob create -> driver pod %d ms, -> CR Running %d ms%n",
                (pod - t0) / 1_000_000, (running - t0) / 1_000_000);
    }

    @Test
    void nonZeroExitFailsWithTheExitCode() {
        client.resource(job("bad", "echo oops; exit 3")).create();
        awaitPhase("bad", MiniLakeJobStatus.FAILED);
        assertThat(status("bad").getExitCode()).isEqualTo(3);
        assertThat(status("bad").getTimedOut()).isNull();
    }

    @Test
    void cancelDeletesThePod() {
        client.resource(job("c", "sleep 60")).create();
        awaitPhase("c", MiniLakeJobStatus.RUNNING);
        assertThat(cluster.kubelet().isRunning("c-driver")).isTrue();
        client.resources(MiniLakeJob.class).withName("c").edit(j -> {
            j.getSpec().setCancel(true);
            return j;
        });
        awaitPhase("c", MiniLakeJobStatus.CANCELLED);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(client.pods().withName("c-driver").get()).isNull();
            assertThat(cluster.kubelet().isRunning("c-driver")).isFalse();
        });
    }

    @Test
    void timeoutFailsTheRunAndStopsThePod() {
        MiniLakeJob j = job("slow", "sleep 60");
        j.getSpec().setTimeoutSeconds(1);
        client.resource(j).create();
        awaitPhase("slow", MiniLakeJobStatus.FAILED);
        assertThat(status("slow").getTimedOut()).isTrue();
        assertThat(status("slow").getMessage()).contains("Timed out");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(cluster.kubelet().isRunning("slow-driver")).isFalse());
    }

    @Test
    void operatorRestartMidRunLosesNothingAndDuplicatesNothing() {
        client.resource(job("r", "sleep 3; echo done")).create();
        awaitPhase("r", MiniLakeJobStatus.RUNNING);
        operator.stop();
        operator = OperatorMain.start(cluster.newClient(), new OperatorSettings(cluster.namespace(), "minilake:test", "Never", null, 0));
        awaitPhase("r", MiniLakeJobStatus.SUCCEEDED);
        assertThat(cluster.kubelet().started()).containsExactly("r-driver");
        assertThat(client.pods().list().getItems()).hasSize(1);
    }

    @Test
    void finishedJobsAreDeletedAfterTheirTtl() {
        MiniLakeJob j = job("ttl", "true");
        j.getSpec().setTtlSecondsAfterFinished(1);
        client.resource(j).create();
        await().atMost(Duration.ofSeconds(30)).until(() -> client.resources(MiniLakeJob.class).withName("ttl").get() == null);
    }

    @Test
    void deletingTheJobDeletesThePod() {
        client.resource(job("d", "sleep 60")).create();
        awaitPhase("d", MiniLakeJobStatus.RUNNING);
        client.resources(MiniLakeJob.class).withName("d").delete();
        await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
            assertThat(client.pods().withName("d-driver").get()).isNull();
            assertThat(cluster.kubelet().isRunning("d-driver")).isFalse();
        });
    }

    @Test
    void workersSwitchTheDriverToSparkOnKubernetes() {
        MiniLakeJob j = job("spark", "echo $MINILAKE_SPARK_MASTER");
        j.getSpec().setNumWorkers(2);
        j.getSpec().setSparkConf(Map.of("spark.sql.shuffle.partitions", "4"));
        client.resource(j).create();
        awaitPhase("spark", MiniLakeJobStatus.SUCCEEDED);
        assertThat(client.pods().withName("spark-driver").getLog()).contains("k8s://https://kubernetes.default.svc");
        var env = client.pods().withName("spark-driver").get().getSpec().getContainers().get(0).getEnv();
        String conf = env.stream().filter(e -> e.getName().equals("MINILAKE_SPARK_CONF")).findFirst().orElseThrow().getValue();
        assertThat(conf).contains("\"spark.executor.instances\":\"2\"").contains("\"spark.kubernetes.namespace\":\"" + cluster.namespace() + "\"")
                .contains("\"spark.kubernetes.driver.pod.name\":\"spark-driver\"").contains("spark.sql.shuffle.partitions");
    }

    @Test
    void zeroWorkersRunSparkLocal() {
        client.resource(job("local", "echo $MINILAKE_SPARK_MASTER")).create();
        awaitPhase("local", MiniLakeJobStatus.SUCCEEDED);
        assertThat(client.pods().withName("local-driver").getLog()).contains("local[*]");
    }
}
