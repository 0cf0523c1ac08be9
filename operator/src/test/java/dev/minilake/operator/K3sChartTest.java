package dev.minilake.operator;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.Release;
import dev.minilake.crd.MiniLakeJob;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.k3s.K3sContainer;
import org.testcontainers.utility.DockerImageName;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * testcontainers-k3s, as the design card has it: Testcontainers' {@link K3sContainer} started on the
 * image {@code rancher/k3s:v1.35.1-k3s1}, which scripts/k3s --image makes locally from the k3s it
 * built (no registry here), then helm install of charts/minilake into it and the CRD established.
 * The container runs k3s's API server without its agent: inside a podman container on this
 * machine the kubelet would need the same changes as scripts/k3s --agent makes on the host, and
 * the pods of a real node are tested by {@link K3sClusterTest} on the scripts' k3s. Skips (saying
 * why, counted) only where there is no container engine or no such image.
 */
class K3sChartTest {
    static final String IMAGE = "rancher/k3s:v1.35.1-k3s1";

    @Test
    void helmInstallIntoK3sContainer() throws Exception {
        boolean docker;
        try {
            docker = DockerClientFactory.instance().isDockerAvailable();
        } catch (Throwable t) {
            docker = false;
        }
        if (System.getenv("MINILAKE_CONTAINER_ENGINE") != null) {
            assertThat(docker).as("MINILAKE_CONTAINER_ENGINE is set but Testcontainers reaches no engine at DOCKER_HOST=" + System.getenv("DOCKER_HOST")).isTrue();
        }
        skipUnless(docker, "no Docker engine (run scripts/containers and source its --env-file): Testcontainers cannot start k3s");
        boolean image;
        try {
            DockerClientFactory.instance().client().inspectImageCmd(IMAGE).exec();
            image = true;
        } catch (RuntimeException e) {
            image = false;
        }
        skipUnless(image, "no image " + IMAGE + ": scripts/k3s --image makes it from the built k3s");
        try (K3sContainer k3s = new K3sContainer(DockerImageName.parse(IMAGE))
                .withCommand("server", "--disable-agent", "--disable=traefik,servicelb,metrics-server,local-storage,coredns",
                        "--disable-helm-controller", "--tls-san=" + DockerClientFactory.instance().dockerHostIpAddress())
                // K3sContainer waits for the node controller's first sync, which needs a node;
                // without the agent k3s says when it is up
                .waitingFor(Wait.forLogMessage(".*k3s is up and running.*", 1).withStartupTimeout(Duration.ofMinutes(3)))) {
            long t0 = System.nanoTime();
            k3s.start();
            System.out.printf("K3sContainer: %s started in %d ms%n", IMAGE, (System.nanoTime() - t0) / 1_000_000);
            Path kubeconfig = Files.createTempFile("k3s", ".yaml");
            Files.writeString(kubeconfig, k3s.getKubeConfigYaml());
            Release release = new Helm(ChartTest.CHART).install().withName("minilake-pr-1").withNamespace("pr-1")
                    .createNamespace().withKubeConfig(kubeconfig).call();
            assertThat(release.getStatus()).isEqualTo("deployed");
            try (KubernetesClient client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(k3s.getKubeConfigYaml())).build()) {
                await().atMost(Duration.ofSeconds(30)).until(() -> client.apiextensions().v1().customResourceDefinitions()
                        .withName("minilakejobs." + MiniLakeJob.GROUP).get() != null);
                assertThat(client.apps().deployments().inNamespace("pr-1").list().getItems()).extracting(d -> d.getMetadata().getName())
                        .containsExactlyInAnyOrder("minilake-pr-1", "minilake-pr-1-operator");
            }
        }
    }

    static void skipUnless(boolean ok, String why) {
        if (ok) return;
        System.out.println("SKIPPED (K3sChartTest): " + why);
        throw new TestAbortedException(why);
    }
}
