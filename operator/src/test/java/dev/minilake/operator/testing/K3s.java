package dev.minilake.operator.testing;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import org.opentest4j.TestAbortedException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The real k3s that scripts/k3s builds and starts (its env file exports KUBECONFIG,
 * MINILAKE_K3S_BIN and MINILAKE_K3S_AGENT; scripts/test sources it). Where scripts/k3s has not run,
 * the tests that need it skip and print why; where it ran but the API server does not answer, they
 * fail.
 */
public final class K3s {
    private static final AtomicInteger NAMESPACES = new AtomicInteger();

    private K3s() {
    }

    /** The kubeconfig of the running k3s, or an abort (a JUnit skip) saying why there is none. */
    public static Path kubeconfig() {
        String bin = System.getenv("MINILAKE_K3S_BIN");
        String kc = System.getenv("KUBECONFIG");
        if (bin == null || bin.isBlank() || kc == null || kc.isBlank() || !Files.exists(Path.of(bin))) {
            String why = "no k3s here: scripts/k3s builds and starts one (about 20 minutes the first time), then "
                    + ". \"$(scripts/k3s --env-file)\" exports KUBECONFIG and MINILAKE_K3S_BIN; scripts/test does both "
                    + "(MINILAKE_K3S_BIN=" + bin + ", KUBECONFIG=" + kc + ")";
            System.out.println("SKIPPED (k3s): " + why);
            throw new TestAbortedException(why);
        }
        Path path = Path.of(kc);
        if (!Files.exists(path)) throw new AssertionError("MINILAKE_K3S_BIN is set but KUBECONFIG " + kc + " does not exist: is scripts/k3s's server running?");
        return path;
    }

    /** Whether the k3s has its agent (a node with containerd and a kubelet that runs pods). */
    public static boolean agent() {
        return "1".equals(System.getenv("MINILAKE_K3S_AGENT"));
    }

    public static KubernetesClient client() {
        return client(null);
    }

    public static KubernetesClient client(String namespace) {
        try {
            Config config = Config.fromKubeconfig(Files.readString(kubeconfig()));
            if (namespace != null) config.setNamespace(namespace);
            config.setRequestTimeout((int) Duration.ofSeconds(30).toMillis());
            KubernetesClient c = new KubernetesClientBuilder().withConfig(config).build();
            String v = c.getKubernetesVersion().getGitVersion();
            if (v == null) throw new AssertionError("the k3s API server did not answer /version");
            return c;
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A fresh namespace (one per test, as a CI branch gets one), created on the real API server. */
    public static String newNamespace(KubernetesClient client, String prefix) {
        String name = prefix + "-" + ProcessHandle.current().pid() + "-" + NAMESPACES.incrementAndGet();
        client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build()).create();
        return name;
    }

    /** A stand-in kubelet for the pods of one namespace (only where k3s runs without its agent). */
    public static Kubelet kubelet(KubernetesClient client, String namespace) {
        Kubelet k = new Kubelet(client, namespace);
        k.start();
        return k;
    }
}
