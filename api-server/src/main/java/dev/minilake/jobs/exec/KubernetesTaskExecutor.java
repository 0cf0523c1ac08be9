package dev.minilake.jobs.exec;

import dev.minilake.core.settings.Settings;
import dev.minilake.crd.MiniLakeJob;
import dev.minilake.crd.MiniLakeJobSpec;
import dev.minilake.crd.MiniLakeJobStatus;
import dev.minilake.engines.spark.SparkJvm;
import dev.minilake.engines.spark.SparkRunnerLocation;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs each task run as a MiniLakeJob custom resource, which the operator reconciles into a driver
 * pod. Secrets travel in a Kubernetes Secret the CR names (owned by the CR, so they go with it), never
 * inline. One informer on MiniLakeJobs turns status changes into task outcomes; the driver's pod log
 * becomes the task's output. Pod logs carry stdout and stderr together, so in this mode both are the
 * run's logs and the error trace comes from the task's error file.
 */
public final class KubernetesTaskExecutor implements TaskExecutor, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(KubernetesTaskExecutor.class);

    private final KubernetesClient client;
    private final String namespace;
    private final Settings settings;
    private final Map<String, K8sHandle> handles = new ConcurrentHashMap<>();
    private volatile SharedIndexInformer<MiniLakeJob> informer;

    public KubernetesTaskExecutor(Settings settings) {
        this(clientFor(settings), settings);
    }

    public KubernetesTaskExecutor(KubernetesClient client, Settings settings) {
        this.client = client;
        this.settings = settings;
        String ns = settings.k8sNamespace().isBlank() ? client.getNamespace() : settings.k8sNamespace();
        this.namespace = ns == null || ns.isBlank() ? "default" : ns;
    }

    static KubernetesClient clientFor(Settings settings) {
        Config config = settings.k8sMaster().isBlank() ? new ConfigBuilder().build()
                : new ConfigBuilder().withMasterUrl(settings.k8sMaster()).build();
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    @Override
    public String name() {
        return "kubernetes";
    }

    public String namespace() {
        return namespace;
    }

    /** The MiniLakeJob name of a task run: stable, so a retry of the launch finds the same CR. */
    public static String jobName(TaskLaunch launch) {
        return "mlj-" + launch.runId() + "-" + launch.taskRunId();
    }

    @Override
    public boolean sparkRunsWithTheTask() {
        return true;
    }

    /**
     * A Spark task's command in its driver pod: the spark-runner's {@code pod-driver} (from the same
     * image, so at this server's own paths) starts Spark in the pod, then runs the task against it.
     */
    List<String> podCommand(TaskLaunch launch) {
        if (!launch.usesSpark()) return launch.command();
        SparkRunnerLocation runner = SparkRunnerLocation.find(settings).orElseThrow(() -> new IllegalStateException(
                "a Spark task's driver pod needs the spark-runner (spark-runner.jar with lib/) in the image; set MINILAKE_SPARK_RUNNER"));
        List<String> cmd = new ArrayList<>(List.of(SparkJvm.javaBinary(), "-XX:MaxRAMPercentage=50"));
        cmd.addAll(SparkJvm.OPTIONS);
        cmd.addAll(List.of("-cp", runner.classpath(), "dev.minilake.spark.SparkRunnerMain", "pod-driver",
                "--data-dir", "/tmp/minilake-spark", "--"));
        cmd.addAll(launch.command());
        return cmd;
    }

    @Override
    public TaskHandle launch(TaskLaunch launch) {
        String name = jobName(launch);
        K8sHandle handle = new K8sHandle(name);
        handles.put(name, handle);
        try {
            ensureInformer();
            String secretName = null;
            if (!launch.secretEnv().isEmpty()) {
                secretName = name + "-env";
                Secret secret = new SecretBuilder().withMetadata(new ObjectMetaBuilder().withName(secretName).withNamespace(namespace)
                                .addToLabels(MiniLakeJob.LABEL_JOB, name).addToLabels(MiniLakeJob.LABEL_MANAGED_BY, "minilake").build())
                        .withType("Opaque").withStringData(launch.secretEnv()).build();
                client.secrets().inNamespace(namespace).resource(secret).createOr(r -> r.update());
            }
            MiniLakeJob job = new MiniLakeJob();
            job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace)
                    .addToLabels(MiniLakeJob.LABEL_RUN_ID, Long.toString(launch.runId()))
                    .addToLabels(MiniLakeJob.LABEL_TASK_RUN_ID, Long.toString(launch.taskRunId()))
                    .addToLabels(MiniLakeJob.LABEL_MANAGED_BY, "minilake").build());
            MiniLakeJobSpec spec = job.getSpec();
            spec.setTaskType(launch.taskType());
            spec.setPayload(launch.command().size() > 4 ? launch.command().get(4) : String.join(" ", launch.command()));
            spec.setCommand(podCommand(launch));
            Map<String, String> env = new LinkedHashMap<>(launch.env());
            if (!settings.k8sServiceUrl().isBlank()) env.put("DATABRICKS_HOST", settings.k8sServiceUrl());
            spec.setEnv(env);
            spec.setSecretName(secretName);
            spec.setSparkConf(launch.sparkConf());
            spec.setNumWorkers(launch.numWorkers());
            if (!settings.k8sImage().isBlank()) spec.setImage(settings.k8sImage());
            spec.setWorkDir(launch.workDir().toString());
            if (!settings.k8sDataClaim().isBlank()) {
                spec.setDataClaim(settings.k8sDataClaim());
                spec.setDataMountPath(settings.dataDir().toString());
            }
            spec.setRunId(launch.runId());
            spec.setTaskRunId(launch.taskRunId());
            spec.setTaskKey(launch.taskKey());
            spec.setTimeoutSeconds(launch.timeout().toSeconds());
            spec.setTtlSecondsAfterFinished(settings.k8sTtlSeconds());
            MiniLakeJob created = client.resources(MiniLakeJob.class).inNamespace(namespace).resource(job).create();
            if (secretName != null) {
                client.secrets().inNamespace(namespace).withName(secretName).edit(s -> {
                    s.getMetadata().setOwnerReferences(java.util.List.of(new OwnerReferenceBuilder()
                            .withApiVersion(created.getApiVersion()).withKind(created.getKind())
                            .withName(name).withUid(created.getMetadata().getUid()).build()));
                    return s;
                });
            }
            // the status may have moved before the informer saw this name
            MiniLakeJob now = client.resources(MiniLakeJob.class).inNamespace(namespace).withName(name).get();
            if (now != null) handle.observe(now);
        } catch (KubernetesClientException | IllegalStateException e) {
            handles.remove(name);
            handle.completion.complete(TaskOutcome.failedToStart("Could not create MiniLakeJob " + name + " in namespace "
                    + namespace + ": " + e.getMessage()));
        }
        return handle;
    }

    private synchronized void ensureInformer() {
        if (informer != null) return;
        informer = client.resources(MiniLakeJob.class).inNamespace(namespace)
                .withLabel(MiniLakeJob.LABEL_MANAGED_BY, "minilake")
                .inform(new ResourceEventHandler<>() {
                    @Override
                    public void onAdd(MiniLakeJob job) {
                        route(job);
                    }

                    @Override
                    public void onUpdate(MiniLakeJob oldJob, MiniLakeJob job) {
                        route(job);
                    }

                    @Override
                    public void onDelete(MiniLakeJob job, boolean unknown) {
                        K8sHandle h = handles.remove(job.getMetadata().getName());
                        if (h != null && !h.completion.isDone()) {
                            h.finish(job, "MiniLakeJob " + job.getMetadata().getName() + " was deleted before it finished");
                        }
                    }
                }, 0);
    }

    private void route(MiniLakeJob job) {
        K8sHandle h = handles.get(job.getMetadata().getName());
        if (h != null) h.observe(job);
    }

    private String podLog(MiniLakeJob job) {
        String pod = MiniLakeJob.driverPodName(job.getMetadata().getName());
        try {
            String text = client.pods().inNamespace(namespace).withName(pod).inContainer(MiniLakeJob.DRIVER_CONTAINER).getLog();
            if (text == null) return "";
            int max = LocalTaskExecutor.MAX_CAPTURE;
            return text.length() > max ? text.substring(text.length() - max) : text;
        } catch (KubernetesClientException e) {
            log.debug("no log for pod {}: {}", pod, e.getMessage());
            return "";
        }
    }

    private final class K8sHandle implements TaskHandle {
        private final String name;
        private final CompletableFuture<TaskOutcome> completion = new CompletableFuture<>();
        private volatile boolean cancelRequested;

        K8sHandle(String name) {
            this.name = name;
        }

        void observe(MiniLakeJob job) {
            MiniLakeJobStatus s = job.getStatus();
            if (s == null || !MiniLakeJobStatus.isFinal(s.getPhase()) || completion.isDone()) return;
            finish(job, s.getMessage());
        }

        void finish(MiniLakeJob job, String message) {
            MiniLakeJobStatus s = job.getStatus() == null ? new MiniLakeJobStatus() : job.getStatus();
            // reading the log blocks: never on the informer's thread
            CompletableFuture.runAsync(() -> {
                String logs = podLog(job);
                boolean cancelled = MiniLakeJobStatus.CANCELLED.equals(s.getPhase()) || cancelRequested && !MiniLakeJobStatus.SUCCEEDED.equals(s.getPhase());
                boolean timedOut = Boolean.TRUE.equals(s.getTimedOut());
                int code = s.getExitCode() == null ? (MiniLakeJobStatus.SUCCEEDED.equals(s.getPhase()) ? 0 : -1) : s.getExitCode();
                String msg = timedOut ? "Task timed out: " + message : cancelled ? "Task was cancelled"
                        : MiniLakeJobStatus.SUCCEEDED.equals(s.getPhase()) ? "" : message == null ? "Task failed" : message;
                handles.remove(name);
                completion.complete(new TaskOutcome(code, logs, "", timedOut, cancelled, msg));
            });
        }

        @Override
        public CompletableFuture<TaskOutcome> completion() {
            return completion;
        }

        @Override
        public void cancel() {
            if (completion.isDone() || cancelRequested) return;
            cancelRequested = true;
            try {
                client.resources(MiniLakeJob.class).inNamespace(namespace).withName(name).edit(j -> {
                    j.getSpec().setCancel(true);
                    return j;
                });
            } catch (KubernetesClientException e) {
                log.warn("could not cancel MiniLakeJob {}: {}", name, e.getMessage());
            }
        }
    }

    @Override
    public void close() {
        if (informer != null) informer.close();
        client.close();
    }
}
