package dev.minilake.operator;

import com.marcnuri.helm.Helm;
import dev.minilake.crd.MiniLakeJob;
import dev.minilake.operator.testing.MockCluster;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.k3s.K3sContainer;
import org.testcontainers.utility.DockerImageName;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * On a machine with Docker: helm install of charts/minilake into a real k3s, the CRD established,
 * the api-server and the operator becoming ready. Skips (naming why) where there is no Docker engine,
 * as on the development machines; needs the image minilake:0.1.0 built from the Dockerfile.
 */
class K3sChartTest {
    @Test
    void helmInstallIntoK3s() throws Exception {
        boolean docker;
        try {
            docker = DockerClientFactory.instance().isDockerAvailable();
        } catch (Throwable t) {
            docker = false;
        }
        assumeThat(docker).as("no Docker engine on this machine: testcontainers-k3s cannot start k3s; "
                + "the chart is checked here by ChartTest (helm lint/template + the mock API) instead").isTrue();
        try (K3sContainer k3s = new K3sContainer(DockerImageName.parse("rancher/k3s:v1.31.4-k3s1"))) {
            k3s.start();
            Path kubeconfig = Files.createTempFile("k3s", ".yaml");
            Files.writeString(kubeconfig, k3s.getKubeConfigYaml());
            new Helm(MockCluster.repoRoot().resolve("charts/minilake")).install().withName("minilake-pr-1")
                    .withNamespace("pr-1").createNamespace().withKubeConfig(kubeconfig).waitReady().call();
            try (KubernetesClient client = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(k3s.getKubeConfigYaml())).build()) {
                assertThat(client.apiextensions().v1().customResourceDefinitions().withName("minilakejobs." + MiniLakeJob.GROUP).get()).isNotNull();
                await().atMost(Duration.ofMinutes(3)).until(() -> client.apps().deployments().inNamespace("pr-1").list().getItems().stream()
                        .allMatch(d -> d.getStatus() != null && Integer.valueOf(1).equals(d.getStatus().getReadyReplicas())));
            }
        }
    }
}
