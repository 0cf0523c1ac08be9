package dev.minilake.operator.testing;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStateBuilder;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A test-only kubelet: watches the Pods of one namespace and runs each Pod's first container as a
 * local process (its command and args, its env with fieldRefs and envFrom Secrets resolved, its
 * workingDir), then writes the phase, the start time and the exit code back into the pod status the
 * way a kubelet does. Output (stdout and stderr together, as the kubelet's log has it) is kept per pod
 * and served as the pod's log. A deleted pod's process tree is killed.
 */
public final class Kubelet implements AutoCloseable {
    private final KubernetesClient client;
    private final String namespace;
    private final Map<String, Process> processes = new ConcurrentHashMap<>();
    private final Map<String, Path> logs = new ConcurrentHashMap<>();
    private final List<String> started = new CopyOnWriteArrayList<>();
    private final Path logDir;
    private SharedIndexInformer<Pod> informer;

    Kubelet(KubernetesClient client, String namespace) {
        this.client = client;
        this.namespace = namespace;
        try {
            logDir = Files.createTempDirectory("kubelet-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    void start() {
        informer = client.pods().inNamespace(namespace).inform(new ResourceEventHandler<>() {
            @Override
            public void onAdd(Pod pod) {
                new Thread(() -> run(pod), "kubelet-" + pod.getMetadata().getName()).start();
            }

            @Override
            public void onUpdate(Pod oldPod, Pod newPod) {
            }

            @Override
            public void onDelete(Pod pod, boolean deletedFinalStateUnknown) {
                kill(pod.getMetadata().getName());
            }
        });
    }

    /** Names of the pods this kubelet started, in order (a pod started twice shows twice). */
    public List<String> started() {
        return List.copyOf(started);
    }

    public boolean isRunning(String podName) {
        Process p = processes.get(podName);
        return p != null && p.isAlive();
    }

    String logs(String ns, String podName) {
        Path file = logs.get(podName);
        if (!namespace.equals(ns) || file == null) return null;
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private synchronized void run(Pod pod) {
        String name = pod.getMetadata().getName();
        if (processes.containsKey(name) || pod.getStatus() != null && pod.getStatus().getPhase() != null
                && !"Pending".equals(pod.getStatus().getPhase())) return;
        Container c = pod.getSpec().getContainers().get(0);
        List<String> argv = new ArrayList<>(c.getCommand() == null ? List.of() : c.getCommand());
        if (c.getArgs() != null) argv.addAll(c.getArgs());
        Path log = logDir.resolve(name + ".log");
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile());
        if (c.getWorkingDir() != null) pb.directory(Path.of(c.getWorkingDir()).toFile());
        Map<String, String> env = pb.environment();
        Process process;
        try {
            if (c.getEnvFrom() != null) {
                for (EnvFromSource from : c.getEnvFrom()) {
                    if (from.getSecretRef() == null) continue;
                    Secret s = client.secrets().inNamespace(namespace).withName(from.getSecretRef().getName()).get();
                    if (s == null) throw new IOException("secret " + from.getSecretRef().getName() + " not found");
                    if (s.getData() != null) s.getData().forEach((k, v) -> env.put(k, new String(Base64.getDecoder().decode(v), StandardCharsets.UTF_8)));
                    if (s.getStringData() != null) env.putAll(s.getStringData());
                }
            }
            if (c.getEnv() != null) {
                for (EnvVar e : c.getEnv()) {
                    if (e.getValue() != null) env.put(e.getName(), e.getValue());
                    else if (e.getValueFrom() != null && e.getValueFrom().getFieldRef() != null) {
                        String path = e.getValueFrom().getFieldRef().getFieldPath();
                        env.put(e.getName(), "metadata.name".equals(path) ? name : "127.0.0.1");
                    }
                }
            }
            logs.put(name, log);
            process = pb.start();
        } catch (IOException e) {
            writeStatus(name, "Failed", null, 128, e.getMessage());
            return;
        }
        processes.put(name, process);
        started.add(name);
        String startTime = Instant.now().toString();
        writeStatus(name, "Running", startTime, null, null);
        process.onExit().thenAccept(p -> {
            if (processes.get(name) != p) return;
            int code = p.exitValue();
            writeStatus(name, code == 0 ? "Succeeded" : "Failed", startTime, code, null);
        });
    }

    private void writeStatus(String name, String phase, String startTime, Integer exitCode, String message) {
        // a real API server (k3s) refuses a write over a newer version (its scheduler writes the
        // pod's conditions too): read again and retry, as a kubelet does
        for (int attempt = 1; ; attempt++) {
            try {
                writeStatusOnce(name, phase, startTime, exitCode, message);
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() != 409 || attempt == 20) throw e;
            }
        }
    }

    private void writeStatusOnce(String name, String phase, String startTime, Integer exitCode, String message) {
        try {
            client.pods().inNamespace(namespace).withName(name).editStatus(pod -> {
                var status = pod.getStatus() == null ? new io.fabric8.kubernetes.api.model.PodStatus() : pod.getStatus();
                status.setPhase(phase);
                status.setPodIP("127.0.0.1");
                if (startTime != null) status.setStartTime(startTime);
                if (message != null) status.setMessage(message);
                var state = exitCode == null
                        ? new ContainerStateBuilder().withNewRunning().withStartedAt(startTime).endRunning().build()
                        : new ContainerStateBuilder().withNewTerminated().withExitCode(exitCode).withStartedAt(startTime)
                        .withFinishedAt(Instant.now().toString()).withReason(exitCode == 0 ? "Completed" : "Error").endTerminated().build();
                status.setContainerStatuses(List.of(new ContainerStatusBuilder().withName(pod.getSpec().getContainers().get(0).getName())
                        .withImage(pod.getSpec().getContainers().get(0).getImage()).withReady(exitCode == null).withState(state).build()));
                pod.setStatus(status);
                return pod;
            });
        } catch (KubernetesClientException e) {
            if (e.getCode() != 404) throw e; // deleted meanwhile
        }
    }

    private void kill(String name) {
        Process p = processes.remove(name);
        if (p == null) return;
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (informer != null) informer.close();
        processes.keySet().forEach(this::kill);
    }
}
