package dev.minilake.operator;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.Release;
import dev.minilake.crd.MiniLakeJob;
import dev.minilake.crd.MiniLakeJobSpec;
import dev.minilake.crd.MiniLakeJobStatus;
import dev.minilake.operator.testing.K3s;
import dev.minilake.operator.testing.Kubelet;
import dev.minilake.operator.testing.MockCluster;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.LocalPortForward;
import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksConfig;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunResultState;
import com.databricks.sdk.service.jobs.SparkPythonTask;
import com.databricks.sdk.service.jobs.SubmitRun;
import com.databricks.sdk.service.jobs.SubmitTask;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.Operator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Base64;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The CRD, the chart and the operator against the real Kubernetes API server of a k3s started by
 * scripts/k3s (not fabric8's mock): the API server validates MiniLakeJobs against the CRD's schema,
 * helm installs the chart, the operator reconciles a MiniLakeJob into a pod and reports its status,
 * Kubernetes' garbage collector removes the pod when the CR goes, and two namespaces stay apart.
 * Where k3s runs without its agent (no node), the pod phase comes from the stand-in kubelet
 * ({@link Kubelet}, which runs the pod's command as a local process and writes pods/status to the
 * real API server); everything else is the real API server's doing.
 */
class K3sClusterTest {
    static KubernetesClient admin;
    static final List<String> namespaces = new ArrayList<>();
    static final List<AutoCloseable> cleanup = new ArrayList<>();

    /** Per test, so that where there is no k3s each test is skipped (and counted) with the reason. */
    @BeforeEach
    void connect() {
        K3s.kubeconfig();
        if (admin == null) connectOnce();
    }

    static void connectOnce() {
        admin = K3s.client();
        System.out.println("k3s " + admin.getKubernetesVersion().getGitVersion() + " at " + admin.getMasterUrl()
                + (K3s.agent() ? " (with its agent)" : " (API server only: the stand-in kubelet sets pod phases)"));
        // the CRD exactly as committed in crds/, applied to the real API server
        MockCluster.installCrd(admin);
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            CustomResourceDefinition crd = admin.apiextensions().v1().customResourceDefinitions().withName("minilakejobs." + MiniLakeJob.GROUP).get();
            return crd.getStatus() != null && crd.getStatus().getConditions().stream()
                    .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
        });
    }

    @AfterAll
    static void tearDown() throws Exception {
        for (int i = cleanup.size() - 1; i >= 0; i--) cleanup.get(i).close();
        if (admin == null) return;
        for (String ns : namespaces) admin.namespaces().withName(ns).delete();
        admin.close();
    }

    static String namespace(String prefix) {
        String ns = K3s.newNamespace(admin, prefix);
        namespaces.add(ns);
        return ns;
    }

    /** The operator running in this JVM against the real API server, watching one namespace. */
    static KubernetesClient operatorFor(String ns) {
        KubernetesClient client = K3s.client(ns);
        Operator op = OperatorMain.start(client, new OperatorSettings(ns, "minilake:0.1.0", "Never", null, 0));
        cleanup.add(client::close);
        cleanup.add(op::stop);
        if (!K3s.agent()) {
            Kubelet kubelet = K3s.kubelet(K3s.client(ns), ns);
            cleanup.add(kubelet);
        }
        return client;
    }

    static MiniLakeJob job(String ns, String name, String script) {
        MiniLakeJob job = new MiniLakeJob();
        job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(ns).build());
        MiniLakeJobSpec spec = job.getSpec();
        spec.setTaskType("spark_python_task");
        spec.setPayload("inline");
        spec.setCommand(List.of("sh", "-c", script));
        spec.setRunId(7);
        spec.setTaskRunId(8);
        spec.setTaskKey("t");
        return job;
    }

    static MiniLakeJobStatus status(KubernetesClient c, String ns, String name) {
        MiniLakeJob j = c.resources(MiniLakeJob.class).inNamespace(ns).withName(name).get();
        return j == null || j.getStatus() == null ? new MiniLakeJobStatus() : j.getStatus();
    }

    @Test
    void theApiServerRefusesAMalformedMiniLakeJob() {
        String ns = namespace("crd");
        GenericKubernetesResource bad = new GenericKubernetesResourceBuilder()
                .withApiVersion(MiniLakeJob.GROUP + "/" + MiniLakeJob.VERSION).withKind("MiniLakeJob")
                .withNewMetadata().withName("bad").withNamespace(ns).endMetadata()
                // no command (required), numWorkers not an integer
                .withAdditionalProperties(Map.of("spec", Map.of("taskType", "spark_python_task", "numWorkers", "many")))
                .build();
        assertThatThrownBy(() -> admin.genericKubernetesResources(MiniLakeJob.GROUP + "/" + MiniLakeJob.VERSION, "MiniLakeJob")
                .inNamespace(ns).resource(bad).create())
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> {
                    assertThat(e.getCode()).isEqualTo(422);
                    assertThat(e.getMessage()).contains("spec.command").contains("spec.numWorkers");
                });
        // a well-formed one is stored
        admin.resource(job(ns, "good", "true")).create();
        assertThat(admin.resources(MiniLakeJob.class).inNamespace(ns).withName("good").get().getSpec().getCommand())
                .containsExactly("sh", "-c", "true");
    }

    @Test
    void helmInstallsTheChartIntoAFreshNamespace() throws Exception {
        String ns = namespace("helm");
        java.nio.file.Path kubeconfig = K3s.kubeconfig();
        long t0 = System.nanoTime();
        // no wait: its volume claim finds no storage here (the test below gives it one, with a node)
        Release release = new Helm(ChartTest.CHART).install().withName("minilake-" + ns).withNamespace(ns)
                .withKubeConfig(kubeconfig).call();
        System.out.printf("k3s: helm install %s in %d ms%n", release.getStatus(), (System.nanoTime() - t0) / 1_000_000);
        assertThat(release.getStatus()).isEqualTo("deployed");
        assertThat(admin.apps().deployments().inNamespace(ns).list().getItems()).extracting(d -> d.getMetadata().getName())
                .containsExactlyInAnyOrder("minilake-" + ns, "minilake-" + ns + "-operator");
        assertThat(admin.services().inNamespace(ns).withName("minilake-" + ns).get().getSpec().getPorts().get(0).getPort()).isEqualTo(8000);
        assertThat(admin.rbac().roles().inNamespace(ns).list().getItems()).isNotEmpty();
        assertThat(admin.persistentVolumeClaims().inNamespace(ns).withName("minilake-" + ns + "-data").get()).isNotNull();
        // the Deployments' controllers (the real kube-controller-manager) made their pods
        await().atMost(Duration.ofSeconds(60)).until(() -> admin.pods().inNamespace(ns).list().getItems().size() >= 2);
        Helm.uninstall("minilake-" + ns).withNamespace(ns).withKubeConfig(kubeconfig).call();
        await().atMost(Duration.ofSeconds(60)).until(() -> admin.apps().deployments().inNamespace(ns).list().getItems().isEmpty());
    }

    /**
     * With k3s's agent (a real node): the chart's api-server and operator run as pods of the image
     * imported into k3s's containerd, on a hostPath volume; the Java SDK, through a port-forward to
     * the Service, runs SQL and a Python job, which the in-cluster operator runs as a driver pod, and
     * the pod's output comes back through runs/get-output.
     */
    @Test
    void theChartInstalledOnARealNodeServesTheSdkAndRunsAJobAsAPod() throws Exception {
        if (!K3s.agent()) {
            String why = "k3s runs without its agent here (MINILAKE_K3S_AGENT=0): no node runs the chart's pods; scripts/k3s --agent starts one";
            System.out.println("SKIPPED (k3s agent): " + why);
            throw new TestAbortedException(why);
        }
        String ns = namespace("chart");
        String release = "minilake-" + ns;
        // the data volume: a hostPath PersistentVolume bound to the chart's claim (k3s's local-path
        // provisioner needs an image from a registry); the pods run as uid 10001
        Path dir = Files.createTempDirectory("k3s-" + ns + "-");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        admin.persistentVolumes().resource(new PersistentVolumeBuilder().withNewMetadata().withName(ns + "-data").endMetadata()
                .withNewSpec().withCapacity(Map.of("storage", new Quantity("5Gi"))).withAccessModes("ReadWriteOnce")
                .withPersistentVolumeReclaimPolicy("Retain").withNewHostPath().withPath(dir.toString()).withType("Directory").endHostPath()
                .withNewClaimRef().withNamespace(ns).withName(release + "-data").endClaimRef().endSpec().build()).create();
        cleanup.add(() -> admin.persistentVolumes().withName(ns + "-data").delete());
        cleanup.add(() -> {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        });
        long t0 = System.nanoTime();
        Release r = new Helm(ChartTest.CHART).install().withName(release).withNamespace(ns).withKubeConfig(K3s.kubeconfig())
                .set("image.pullPolicy", "Never").waitReady().withTimeout(300).call();
        System.out.printf("k3s agent: helm install -> api-server and operator Ready in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
        assertThat(r.getStatus()).isEqualTo("deployed");
        try (LocalPortForward pf = admin.services().inNamespace(ns).withName(release).portForward(8000)) {
            WorkspaceClient w = new WorkspaceClient(new DatabricksConfig().setHost("http://127.0.0.1:" + pf.getLocalPort()).setToken("dev"));
            var answer = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement("SELECT 42"));
            assertThat(answer.getResult().getDataArray()).containsExactly(List.of("42"));
            String code = "import os, sys\nprint('hello from pod', os.environ.get('MINILAKE_POD_NAME'), sys.version_info[0])\n";
            w.workspace().importContent(new Import().setPath("/Workspace/Shared/hello.py").setFormat(ImportFormat.AUTO)
                    .setContent(Base64.getEncoder().encodeToString(code.getBytes(StandardCharsets.UTF_8))).setOverwrite(true));
            long t1 = System.nanoTime();
            Run run = w.jobs().submit(new SubmitRun().setRunName("in-cluster").setTasks(List.of(new SubmitTask().setTaskKey("hello")
                    .setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/hello.py"))))).get(Duration.ofMinutes(5));
            System.out.printf("k3s agent: Jobs API submit -> driver pod finished -> run SUCCESS in %d ms%n", (System.nanoTime() - t1) / 1_000_000);
            long taskRunId = run.getTasks().iterator().next().getRunId();
            var output = w.jobs().getRunOutput(taskRunId);
            assertThat(run.getState().getResultState()).as(run.getState() + ": " + output.getError() + "\n" + output.getErrorTrace()
                    + "\n" + output.getLogs()).isEqualTo(RunResultState.SUCCESS);
            assertThat(w.jobs().getRunOutput(taskRunId).getLogs()).contains("hello from pod mlj-" + run.getRunId() + "-" + taskRunId + "-driver 3");

            // a Spark task: its driver pod starts its own Spark, which writes a MANAGED Delta table on the
            // shared volume through the api-server's Unity Catalog; the api-server's DuckDB then reads it
            String sparkCode = "from pyspark.sql import SparkSession\n"
                    + "spark = SparkSession.builder.getOrCreate()\n"
                    + "spark.sql('CREATE TABLE main.default.from_pod AS SELECT id, id * 2 AS doubled FROM range(5)')\n"
                    + "print('spark in pod', spark.version, spark.table('main.default.from_pod').count())\n";
            w.workspace().importContent(new Import().setPath("/Workspace/Shared/spark_in_pod.py").setFormat(ImportFormat.AUTO)
                    .setContent(Base64.getEncoder().encodeToString(sparkCode.getBytes(StandardCharsets.UTF_8))).setOverwrite(true));
            long t2 = System.nanoTime();
            Run sparkRun = w.jobs().submit(new SubmitRun().setRunName("spark-in-cluster").setTasks(List.of(new SubmitTask().setTaskKey("spark")
                    .setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/spark_in_pod.py"))))).get(Duration.ofMinutes(8));
            System.out.printf("k3s agent: Jobs API submit of a Spark task -> Spark in the driver pod -> run SUCCESS in %d ms%n", (System.nanoTime() - t2) / 1_000_000);
            long sparkTaskRunId = sparkRun.getTasks().iterator().next().getRunId();
            var sparkOutput = w.jobs().getRunOutput(sparkTaskRunId);
            assertThat(sparkRun.getState().getResultState()).as(sparkRun.getState() + ": " + sparkOutput.getError() + "\n"
                    + sparkOutput.getErrorTrace() + "\n" + sparkOutput.getLogs()).isEqualTo(RunResultState.SUCCESS);
            assertThat(sparkOutput.getLogs()).contains("spark in pod 4.0.1 5");
            var sum = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                    .setStatement("SELECT sum(doubled) FROM main.default.from_pod"));
            assertThat(sum.getResult().getDataArray()).as(String.valueOf(sum.getStatus())).containsExactly(List.of("20"));
        }
        Helm.uninstall(release).withNamespace(ns).withKubeConfig(K3s.kubeconfig()).call();
    }

    @Test
    void theOperatorRunsAMiniLakeJobAsAPodAndDeletionCleansUp() {
        String ns = namespace("op");
        KubernetesClient c = operatorFor(ns);
        long t0 = System.nanoTime();
        c.resource(job(ns, "hello", "echo hello from the pod; exit 0")).create();
        await().atMost(Duration.ofSeconds(60)).until(() -> c.pods().inNamespace(ns).withName("hello-driver").get() != null);
        long pod = System.nanoTime();
        await().atMost(Duration.ofSeconds(120)).untilAsserted(() ->
                assertThat(status(c, ns, "hello").getPhase()).isEqualTo(MiniLakeJobStatus.SUCCEEDED));
        long done = System.nanoTime();
        System.out.printf("k3s: MiniLakeJob -> driver pod %d ms, -> Succeeded %d ms (%s)%n", (pod - t0) / 1_000_000,
                (done - t0) / 1_000_000, K3s.agent() ? "real pod" : "stand-in kubelet");
        MiniLakeJobStatus s = status(c, ns, "hello");
        assertThat(s.getExitCode()).isZero();
        assertThat(s.getPodNames()).containsExactly("hello-driver");
        Pod p = c.pods().inNamespace(ns).withName("hello-driver").get();
        assertThat(p.getMetadata().getOwnerReferences()).singleElement().satisfies(o -> {
            assertThat(o.getKind()).isEqualTo("MiniLakeJob");
            assertThat(o.getName()).isEqualTo("hello");
        });
        assertThat(p.getStatus().getPhase()).isEqualTo("Succeeded");

        // a failing one reports its exit code
        c.resource(job(ns, "bad", "exit 3")).create();
        await().atMost(Duration.ofSeconds(120)).untilAsserted(() ->
                assertThat(status(c, ns, "bad").getPhase()).isEqualTo(MiniLakeJobStatus.FAILED));
        assertThat(status(c, ns, "bad").getExitCode()).isEqualTo(3);

        // deleting the CR: the pod goes (owner reference, Kubernetes' garbage collector)
        c.resources(MiniLakeJob.class).inNamespace(ns).withName("hello").delete();
        await().atMost(Duration.ofSeconds(60)).until(() -> c.pods().inNamespace(ns).withName("hello-driver").get() == null);
        assertThat(c.pods().inNamespace(ns).withName("bad-driver").get()).isNotNull();
    }

    @Test
    void twoNamespacesRunSideBySideWithoutTouchingEachOther() {
        String a = namespace("pr-a");
        String b = namespace("pr-b");
        KubernetesClient ca = operatorFor(a);
        KubernetesClient cb = operatorFor(b);
        ca.resource(job(a, "same-name", "echo in a")).create();
        cb.resource(job(b, "same-name", "sleep 300")).create();
        await().atMost(Duration.ofSeconds(120)).untilAsserted(() -> {
            assertThat(status(ca, a, "same-name").getPhase()).isEqualTo(MiniLakeJobStatus.SUCCEEDED);
            assertThat(status(cb, b, "same-name").getPhase()).isEqualTo(MiniLakeJobStatus.RUNNING);
        });
        // each namespace has its own pod, labelled with its own job
        for (String ns : List.of(a, b)) {
            assertThat(admin.pods().inNamespace(ns).list().getItems()).singleElement()
                    .satisfies(p -> assertThat(p.getMetadata().getName()).isEqualTo("same-name-driver"));
        }
        // cancelling in b leaves a alone
        cb.resources(MiniLakeJob.class).inNamespace(b).withName("same-name").edit(j -> {
            j.getSpec().setCancel(true);
            return j;
        });
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(status(cb, b, "same-name").getPhase()).isEqualTo(MiniLakeJobStatus.CANCELLED);
            assertThat(admin.pods().inNamespace(b).withName("same-name-driver").get()).isNull();
        });
        assertThat(status(ca, a, "same-name").getPhase()).isEqualTo(MiniLakeJobStatus.SUCCEEDED);
        assertThat(admin.pods().inNamespace(a).withName("same-name-driver").get()).isNotNull();
    }
}
