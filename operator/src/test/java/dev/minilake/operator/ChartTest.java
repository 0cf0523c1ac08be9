package dev.minilake.operator;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import dev.minilake.crd.MiniLakeJob;
import dev.minilake.crd.MiniLakeJobStatus;
import dev.minilake.operator.testing.MockCluster;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.Operator;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** charts/minilake rendered and linted with helm-java (bundled helm), parsed with fabric8, applied to the mock API. */
class ChartTest {
    static final Path CHART = MockCluster.repoRoot().resolve("charts/minilake");

    static List<HasMetadata> render(KubernetesClient client, Map<String, Object> values) {
        var cmd = new Helm(CHART).template().withName("minilake-pr-123").withNamespace("pr-123");
        values.forEach(cmd::set);
        String yaml = cmd.call();
        return client.load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8))).items();
    }

    static <T extends HasMetadata> List<T> of(List<HasMetadata> items, Class<T> type) {
        return items.stream().filter(type::isInstance).map(type::cast).collect(Collectors.toList());
    }

    static Map<String, EnvVar> env(Container c) {
        return c.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, e -> e));
    }

    @Test
    void lintsCleanInStrictMode() {
        LintResult result = new Helm(CHART).lint().strict().call();
        assertThat(result.isFailed()).as(String.join("\n", result.getMessages())).isFalse();
    }

    @Test
    void crdInTheChartIsTheCommittedOne() throws Exception {
        assertThat(Files.readString(CHART.resolve("crds/minilakejobs.minilake.dev-v1.yml")))
                .isEqualTo(Files.readString(MockCluster.repoRoot().resolve("crds/minilakejobs.minilake.dev-v1.yml")));
    }

    @Test
    void defaultValuesRenderApiServerOperatorRbacAndPvc() {
        try (MockCluster cluster = new MockCluster()) {
            List<HasMetadata> items = render(cluster.client(), Map.of());
            List<Deployment> deployments = of(items, Deployment.class);
            assertThat(deployments).extracting(d -> d.getMetadata().getName()).containsExactlyInAnyOrder("minilake-pr-123", "minilake-pr-123-operator");
            Deployment api = deployments.stream().filter(d -> d.getMetadata().getName().equals("minilake-pr-123")).findFirst().orElseThrow();
            assertThat(api.getSpec().getReplicas()).isEqualTo(1);
            Container c = api.getSpec().getTemplate().getSpec().getContainers().get(0);
            assertThat(c.getImage()).isEqualTo("minilake:0.1.0");
            assertThat(c.getReadinessProbe().getHttpGet().getPath()).isEqualTo("/_minilake/ready");
            assertThat(c.getLivenessProbe().getHttpGet().getPath()).isEqualTo("/_minilake/health");
            Map<String, EnvVar> env = env(c);
            assertThat(env.get("MINILAKE_EXECUTOR").getValue()).isEqualTo("kubernetes");
            assertThat(env.get("MINILAKE_MCP").getValue()).as("MCP at /mcp is on by default").isEqualTo("1");
            assertThat(env.get("MINILAKE_K8S_DATA_CLAIM").getValue()).isEqualTo("minilake-pr-123-data");
            assertThat(env.get("MINILAKE_K8S_SERVICE_URL").getValue()).isEqualTo("http://$(MINILAKE_PR_123_SERVICE_HOST):8000");
            // the Service's names pass the origin policy's Host check (job pods call back through them)
            assertThat(env.get("MINILAKE_ALLOWED_HOSTS").getValue().split(",")).contains("minilake-pr-123")
                    .anyMatch(h -> h.startsWith("minilake-pr-123.") && h.endsWith(".svc.cluster.local"));
            assertThat(env).doesNotContainKey("MINILAKE_ALLOWED_ORIGINS");
            assertThat(env.get("MINILAKE_K8S_NAMESPACE").getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.namespace");
            Container op = deployments.stream().filter(d -> d.getMetadata().getName().endsWith("-operator")).findFirst().orElseThrow()
                    .getSpec().getTemplate().getSpec().getContainers().get(0);
            assertThat(op.getImage()).isEqualTo("minilake:0.1.0");
            assertThat(op.getCommand()).containsExactly("minilake-operator");
            assertThat(env(op).get("MINILAKE_OPERATOR_NAMESPACE").getValueFrom().getFieldRef().getFieldPath()).isEqualTo("metadata.namespace");

            assertThat(of(items, PersistentVolumeClaim.class)).singleElement()
                    .satisfies(p -> assertThat(p.getSpec().getResources().getRequests().get("storage").toString()).isEqualTo("5Gi"));
            assertThat(of(items, Service.class)).singleElement().satisfies(s -> assertThat(s.getSpec().getPorts().get(0).getPort()).isEqualTo(8000));
            Role role = of(items, Role.class).get(0);
            // namespaced Role only: no ClusterRole, nothing cluster-wide, no wildcard
            assertThat(items).noneMatch(i -> i.getKind().startsWith("Cluster"));
            assertThat(role.getRules()).allSatisfy(r -> {
                assertThat(r.getVerbs()).doesNotContain("*");
                assertThat(r.getResources()).doesNotContain("*");
            });
            assertThat(role.getRules()).anySatisfy(r -> {
                assertThat(r.getApiGroups()).containsExactly("minilake.dev");
                assertThat(r.getResources()).containsExactly("minilakejobs/status");
            });
            assertThat(of(items, RoleBinding.class).get(0).getSubjects().get(0).getNamespace()).isEqualTo("pr-123");

            // applied to the mock API, and the operator reconciles a MiniLakeJob in the release's namespace
            KubernetesClient client = cluster.client();
            for (HasMetadata item : items) {
                item.getMetadata().setNamespace(cluster.namespace());
                client.resource(item).inNamespace(cluster.namespace()).create();
            }
            assertThat(client.apps().deployments().list().getItems()).hasSize(2);
            Operator operator = OperatorMain.start(cluster.newClient(), OperatorSettings.fromEnv(Map.of(
                    "MINILAKE_OPERATOR_NAMESPACE", cluster.namespace(),
                    "MINILAKE_OPERATOR_IMAGE", op.getImage(),
                    "MINILAKE_DRIVER_SERVICE_ACCOUNT", "minilake-pr-123")));
            try {
                MiniLakeJob job = new MiniLakeJob();
                job.setMetadata(new ObjectMetaBuilder().withName("chart-job").build());
                job.getSpec().setTaskType("spark_python_task");
                job.getSpec().setCommand(List.of("sh", "-c", "echo from-chart"));
                job.getSpec().setDataClaim(env.get("MINILAKE_K8S_DATA_CLAIM").getValue());
                client.resource(job).create();
                await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(client.resources(MiniLakeJob.class)
                        .withName("chart-job").get().getStatus()).isNotNull().extracting(MiniLakeJobStatus::getPhase).isEqualTo(MiniLakeJobStatus.SUCCEEDED));
                var pod = client.pods().withName("chart-job-driver").get();
                assertThat(pod.getSpec().getServiceAccountName()).isEqualTo("minilake-pr-123");
                assertThat(pod.getSpec().getContainers().get(0).getImage()).isEqualTo("minilake:0.1.0");
                assertThat(pod.getSpec().getVolumes().get(0).getPersistentVolumeClaim().getClaimName()).isEqualTo("minilake-pr-123-data");
            } finally {
                operator.stop();
            }
        }
    }

    @Test
    void nonDefaultValues() {
        try (MockCluster cluster = new MockCluster()) {
            List<HasMetadata> items = render(cluster.client(), Map.of(
                    "image.repository", "registry.local/minilake", "image.tag", "pr-123",
                    "persistence.enabled", "false", "service.type", "NodePort",
                    "ingress.enabled", "true", "operator.enabled", "false",
                    "ttlSecondsAfterFinished", "60", "mcp.enabled", "false"));
            assertThat(of(items, PersistentVolumeClaim.class)).isEmpty();
            List<Deployment> deployments = of(items, Deployment.class);
            assertThat(deployments).singleElement();
            Container c = deployments.get(0).getSpec().getTemplate().getSpec().getContainers().get(0);
            assertThat(c.getImage()).isEqualTo("registry.local/minilake:pr-123");
            assertThat(env(c)).doesNotContainKey("MINILAKE_K8S_DATA_CLAIM");
            assertThat(env(c).get("MINILAKE_K8S_TTL_SECONDS").getValue()).isEqualTo("60");
            assertThat(env(c).get("MINILAKE_ALLOWED_HOSTS").getValue()).as("the ingress host is served").contains("minilake.local");
            assertThat(env(c).get("MINILAKE_MCP").getValue()).as("mcp.enabled=false turns MCP off").isEqualTo("0");
            assertThat(env(c).get("MINILAKE_K8S_IMAGE").getValue()).isEqualTo("registry.local/minilake:pr-123");
            assertThat(deployments.get(0).getSpec().getTemplate().getSpec().getVolumes().get(0).getEmptyDir()).isNotNull();
            assertThat(of(items, Service.class).get(0).getSpec().getPorts().get(0).getNodePort()).isEqualTo(30800);
            assertThat(items).anyMatch(i -> i.getKind().equals("Ingress"));
        }
    }
}
