package dev.minilake.operator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.crd.MiniLakeJob;
import dev.minilake.crd.MiniLakeJobSpec;
import dev.minilake.crd.MiniLakeJobStatus;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.EnvFromSourceBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.Mappers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * MiniLakeJob -> one driver Pod, and the pod's phase back into the status. Every decision is taken
 * from what is in the cluster (the CR and its pod, read fresh), never from memory, so an operator
 * restart in the middle of a run picks up where the last one stopped and creates nothing twice.
 */
@ControllerConfiguration(name = "minilakejob")
public class MiniLakeJobReconciler implements Reconciler<MiniLakeJob>, Cleaner<MiniLakeJob> {
    private static final Logger log = LoggerFactory.getLogger(MiniLakeJobReconciler.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final OperatorSettings settings;
    private final Clock clock;
    private final ThreadLocal<KubernetesClient> currentClient = new ThreadLocal<>();

    public MiniLakeJobReconciler(OperatorSettings settings) {
        this(settings, Clock.systemUTC());
    }

    MiniLakeJobReconciler(OperatorSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public List<EventSource<?, MiniLakeJob>> prepareEventSources(EventSourceContext<MiniLakeJob> context) {
        var config = InformerEventSourceConfiguration.from(Pod.class, MiniLakeJob.class)
                .withLabelSelector(MiniLakeJob.LABEL_MANAGED_BY + "=minilake-operator")
                .withSecondaryToPrimaryMapper(Mappers.fromOwnerReferences(MiniLakeJob.class))
                .build();
        return List.of(new InformerEventSource<>(config, context));
    }

    @Override
    public UpdateControl<MiniLakeJob> reconcile(MiniLakeJob job, Context<MiniLakeJob> context) {
        KubernetesClient client = context.getClient();
        currentClient.set(client);
        String ns = job.getMetadata().getNamespace();
        MiniLakeJobSpec spec = job.getSpec();
        MiniLakeJobStatus status = job.getStatus() == null ? new MiniLakeJobStatus() : job.getStatus();
        job.setStatus(status);
        String podName = MiniLakeJob.driverPodName(job.getMetadata().getName());
        Instant now = clock.instant();

        if (MiniLakeJobStatus.isFinal(status.getPhase())) {
            return finished(job, client, podName, now);
        }
        Pod pod = client.pods().inNamespace(ns).withName(podName).get();

        if (spec.isCancel()) {
            deletePods(client, ns, podName);
            return finish(job, status, MiniLakeJobStatus.CANCELLED, exitCode(pod), "Cancelled", false, now);
        }
        if (timedOut(spec, status, now)) {
            deletePods(client, ns, podName);
            return finish(job, status, MiniLakeJobStatus.FAILED, exitCode(pod),
                    "Timed out after " + spec.getTimeoutSeconds() + " seconds", true, now);
        }
        if (pod == null) {
            if (MiniLakeJobStatus.RUNNING.equals(status.getPhase())) {
                return finish(job, status, MiniLakeJobStatus.FAILED, null, "The driver pod " + podName + " was deleted", false, now);
            }
            createPod(client, job, podName);
            status.setPhase(MiniLakeJobStatus.PENDING);
            status.setPodNames(List.of(podName));
            status.setLogs("pod/" + podName + "/" + MiniLakeJob.DRIVER_CONTAINER);
            status.setMessage("Driver pod created");
            status.setObservedGeneration(job.getMetadata().getGeneration());
            return writeStatus(job);
        }
        String podPhase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        status.setPodNames(List.of(podName));
        status.setLogs("pod/" + podName + "/" + MiniLakeJob.DRIVER_CONTAINER);
        status.setObservedGeneration(job.getMetadata().getGeneration());
        if ("Succeeded".equals(podPhase)) {
            return finish(job, status, MiniLakeJobStatus.SUCCEEDED, exitCodeOr(pod, 0), "Driver exited with code 0", false, now);
        }
        if ("Failed".equals(podPhase)) {
            Integer code = exitCodeOr(pod, -1);
            String reason = pod.getStatus().getMessage() != null ? pod.getStatus().getMessage() : "Driver exited with code " + code;
            return finish(job, status, MiniLakeJobStatus.FAILED, code, reason, false, now);
        }
        if ("Running".equals(podPhase)) {
            if (status.getStartTime() == null) {
                String started = pod.getStatus().getStartTime();
                status.setStartTime(started != null ? started : now.toString());
            }
            status.setPhase(MiniLakeJobStatus.RUNNING);
            status.setMessage("Driver running");
        } else {
            status.setPhase(MiniLakeJobStatus.PENDING);
            status.setMessage("Driver pod " + (podPhase == null ? "scheduled" : podPhase));
        }
        UpdateControl<MiniLakeJob> control = writeStatus(job);
        Duration left = timeLeft(spec, status, now);
        return left == null ? control : control.rescheduleAfter(left.plusMillis(50));
    }

    /** CR deleted: the pods go with it (owner references do that in a real cluster; this makes it prompt). */
    @Override
    public DeleteControl cleanup(MiniLakeJob job, Context<MiniLakeJob> context) {
        deletePods(context.getClient(), job.getMetadata().getNamespace(), MiniLakeJob.driverPodName(job.getMetadata().getName()));
        return DeleteControl.defaultDelete();
    }

    private UpdateControl<MiniLakeJob> finish(MiniLakeJob job, MiniLakeJobStatus status, String phase, Integer exitCode,
                                              String message, boolean timedOut, Instant now) {
        status.setPhase(phase);
        status.setExitCode(exitCode);
        status.setMessage(message);
        if (timedOut) status.setTimedOut(true);
        if (status.getEndTime() == null) status.setEndTime(now.toString());
        if (status.getStartTime() == null && MiniLakeJobStatus.SUCCEEDED.equals(phase)) status.setStartTime(now.toString());
        log.info("MiniLakeJob {}/{} {}: {}", job.getMetadata().getNamespace(), job.getMetadata().getName(), phase, message);
        UpdateControl<MiniLakeJob> control = writeStatus(job);
        long ttl = job.getSpec().getTtlSecondsAfterFinished();
        return ttl > 0 ? control.rescheduleAfter(Duration.ofSeconds(ttl).plusMillis(50)) : control;
    }

    /** A finished run: delete leftover pods (a cancel racing pod start), then the CR once its TTL is over. */
    private UpdateControl<MiniLakeJob> finished(MiniLakeJob job, KubernetesClient client, String podName, Instant now) {
        MiniLakeJobStatus status = job.getStatus();
        if (!MiniLakeJobStatus.SUCCEEDED.equals(status.getPhase()) && !MiniLakeJobStatus.FAILED.equals(status.getPhase())
                || Boolean.TRUE.equals(status.getTimedOut())) {
            deletePods(client, job.getMetadata().getNamespace(), podName);
        }
        long ttl = job.getSpec().getTtlSecondsAfterFinished();
        if (ttl <= 0 || status.getEndTime() == null) return UpdateControl.noUpdate();
        Instant expires = Instant.parse(status.getEndTime()).plusSeconds(ttl);
        if (!now.isBefore(expires)) {
            log.info("MiniLakeJob {}/{} finished more than {}s ago: deleting it", job.getMetadata().getNamespace(), job.getMetadata().getName(), ttl);
            client.resource(job).delete();
            return UpdateControl.noUpdate();
        }
        return UpdateControl.<MiniLakeJob>noUpdate().rescheduleAfter(Duration.between(now, expires).plusMillis(50));
    }

    /**
     * Writes the status with a PUT on the status subresource (optimistic: a stale resourceVersion is a
     * 409 and JOSDK retries the reconcile on fresh state).
     */
    private UpdateControl<MiniLakeJob> writeStatus(MiniLakeJob job) {
        currentClient.get().resource(job).updateStatus();
        return UpdateControl.noUpdate();
    }

    private static boolean timedOut(MiniLakeJobSpec spec, MiniLakeJobStatus status, Instant now) {
        Duration left = timeLeft(spec, status, now);
        return left != null && left.isZero();
    }

    /** Time left before the timeout, counted from when the driver started running; null = no timeout running. */
    private static Duration timeLeft(MiniLakeJobSpec spec, MiniLakeJobStatus status, Instant now) {
        if (spec.getTimeoutSeconds() <= 0 || status.getStartTime() == null) return null;
        Instant deadline = Instant.parse(status.getStartTime()).plusSeconds(spec.getTimeoutSeconds());
        Duration left = Duration.between(now, deadline);
        return left.isNegative() ? Duration.ZERO : left;
    }

    private void deletePods(KubernetesClient client, String ns, String podName) {
        client.pods().inNamespace(ns).withName(podName).withGracePeriod(settings.podGracePeriodSeconds()).delete();
    }

    private void createPod(KubernetesClient client, MiniLakeJob job, String podName) {
        try {
            client.pods().inNamespace(job.getMetadata().getNamespace()).resource(driverPod(job, podName)).create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != 409) throw e; // 409: made by an earlier reconcile that did not get to write its status
        }
    }

    /** The driver pod for a MiniLakeJob. */
    Pod driverPod(MiniLakeJob job, String podName) {
        MiniLakeJobSpec spec = job.getSpec();
        String ns = job.getMetadata().getNamespace();
        String image = spec.getImage() == null || spec.getImage().isBlank() ? settings.defaultImage() : spec.getImage();
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(MiniLakeJob.LABEL_MANAGED_BY, "minilake-operator");
        labels.put(MiniLakeJob.LABEL_JOB, job.getMetadata().getName());
        labels.put(MiniLakeJob.LABEL_RUN_ID, Long.toString(spec.getRunId()));
        labels.put(MiniLakeJob.LABEL_TASK_RUN_ID, Long.toString(spec.getTaskRunId()));
        labels.put(MiniLakeJob.LABEL_ROLE, "driver");

        List<EnvVar> env = new ArrayList<>();
        spec.getEnv().forEach((k, v) -> env.add(new EnvVar(k, v, null)));
        env.add(new EnvVarBuilder().withName("MINILAKE_POD_NAME").withNewValueFrom().withNewFieldRef().withFieldPath("metadata.name").endFieldRef().endValueFrom().build());
        env.add(new EnvVarBuilder().withName("MINILAKE_POD_IP").withNewValueFrom().withNewFieldRef().withFieldPath("status.podIP").endFieldRef().endValueFrom().build());
        Map<String, String> sparkConf = sparkConf(spec, ns, image, podName);
        try {
            env.add(new EnvVar("MINILAKE_SPARK_CONF", JSON.writeValueAsString(sparkConf), null));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        env.add(new EnvVar("MINILAKE_SPARK_MASTER", sparkConf.get("spark.master"), null));

        MiniLakeJobSpec.Resources r = spec.getResources() == null ? new MiniLakeJobSpec.Resources() : spec.getResources();
        Map<String, Quantity> requests = new LinkedHashMap<>();
        Map<String, Quantity> limits = new LinkedHashMap<>();
        if (r.getCpuRequest() != null) requests.put("cpu", new Quantity(r.getCpuRequest()));
        if (r.getMemoryRequest() != null) requests.put("memory", new Quantity(r.getMemoryRequest()));
        if (r.getCpuLimit() != null) limits.put("cpu", new Quantity(r.getCpuLimit()));
        if (r.getMemoryLimit() != null) limits.put("memory", new Quantity(r.getMemoryLimit()));

        var builder = new PodBuilder()
                .withNewMetadata().withName(podName).withNamespace(ns).withLabels(labels)
                .withOwnerReferences(new OwnerReferenceBuilder().withApiVersion(job.getApiVersion()).withKind(job.getKind())
                        .withName(job.getMetadata().getName()).withUid(job.getMetadata().getUid())
                        .withController(true).withBlockOwnerDeletion(true).build())
                .endMetadata()
                .withNewSpec().withRestartPolicy("Never")
                .withServiceAccountName(settings.driverServiceAccount())
                .addNewContainer().withName(MiniLakeJob.DRIVER_CONTAINER).withImage(image)
                .withImagePullPolicy(settings.imagePullPolicy())
                .withCommand(spec.getCommand()).withEnv(env)
                .withWorkingDir(spec.getWorkDir())
                .withResources(new ResourceRequirementsBuilder().withRequests(requests).withLimits(limits).build())
                .endContainer().endSpec();
        if (spec.getSecretName() != null && !spec.getSecretName().isBlank()) {
            builder.editSpec().editFirstContainer().withEnvFrom(new EnvFromSourceBuilder().withNewSecretRef()
                    .withName(spec.getSecretName()).withOptional(false).endSecretRef().build()).endContainer().endSpec();
        }
        if (spec.getDataClaim() != null && !spec.getDataClaim().isBlank()) {
            String mount = Objects.requireNonNullElse(spec.getDataMountPath(), "/data");
            builder.editSpec().addNewVolume().withName("data").withNewPersistentVolumeClaim().withClaimName(spec.getDataClaim()).endPersistentVolumeClaim().endVolume()
                    .editFirstContainer().addNewVolumeMount().withName("data").withMountPath(mount).endVolumeMount().endContainer().endSpec();
        }
        return builder.build();
    }

    /** The task's spark conf plus the master: local in the driver, or Spark on Kubernetes with executor pods. */
    static Map<String, String> sparkConf(MiniLakeJobSpec spec, String ns, String image, String podName) {
        Map<String, String> conf = new LinkedHashMap<>(spec.getSparkConf());
        if (spec.getNumWorkers() > 0) {
            conf.putIfAbsent("spark.master", "k8s://https://kubernetes.default.svc");
            conf.putIfAbsent("spark.submit.deployMode", "client");
            conf.put("spark.executor.instances", Integer.toString(spec.getNumWorkers()));
            conf.put("spark.kubernetes.namespace", ns);
            conf.putIfAbsent("spark.kubernetes.container.image", image);
            // executors are owned by the driver pod, so they go when it goes
            conf.put("spark.kubernetes.driver.pod.name", podName);
            conf.putIfAbsent("spark.kubernetes.executor.podNamePrefix", podName.replaceFirst("-driver$", ""));
            conf.putIfAbsent("spark.kubernetes.executor.label." + MiniLakeJob.LABEL_ROLE, "executor");
        } else {
            conf.putIfAbsent("spark.master", "local[*]");
        }
        return conf;
    }

    private static Integer exitCode(Pod pod) {
        if (pod == null || pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) return null;
        for (ContainerStatus cs : pod.getStatus().getContainerStatuses()) {
            if (!MiniLakeJob.DRIVER_CONTAINER.equals(cs.getName()) || cs.getState() == null) continue;
            ContainerStateTerminated t = cs.getState().getTerminated();
            if (t != null) return t.getExitCode();
        }
        return null;
    }

    private static Integer exitCodeOr(Pod pod, int fallback) {
        Integer code = exitCode(pod);
        return code == null ? fallback : code;
    }
}
