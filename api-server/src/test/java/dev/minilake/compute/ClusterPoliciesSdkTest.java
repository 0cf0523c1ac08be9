package dev.minilake.compute;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.compute.ClusterDetails;
import com.databricks.sdk.service.compute.CreateCluster;
import com.databricks.sdk.service.compute.CreatePolicy;
import com.databricks.sdk.service.compute.EditPolicy;
import com.databricks.sdk.service.compute.ListClusterPoliciesRequest;
import com.databricks.sdk.service.compute.ListPolicyFamiliesRequest;
import com.databricks.sdk.service.compute.Policy;
import com.databricks.sdk.service.compute.PolicyFamily;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Cluster policies: validated definitions, enforced on cluster create; policy families. */
class ClusterPoliciesSdkTest {
    static final String DEFINITION = """
            {"num_workers":{"type":"range","maxValue":10,"minValue":1},
             "spark_version":{"type":"fixed","value":"15.4.x-scala2.12"},
             "node_type_id":{"type":"allowlist","values":["m5d.large","m5d.xlarge"],"defaultValue":"m5d.large"},
             "instance_pool_id":{"type":"forbidden"},
             "cluster_name":{"type":"regex","value":"team-.*"},
             "spark_conf.spark.databricks.cluster.profile":{"type":"fixed","value":"serverless"},
             "autotermination_minutes":{"type":"unlimited","defaultValue":60}}""";

    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    String policy() {
        return w.clusterPolicies().create(new CreatePolicy().setName("team").setDefinition(DEFINITION)
                .setMaxClustersPerUser(5L)).getPolicyId();
    }

    @Test
    void crud() {
        String id = policy();
        Policy p = w.clusterPolicies().get(id);
        assertThat(p.getName()).isEqualTo("team");
        assertThat(p.getDefinition()).isEqualTo(DEFINITION);
        assertThat(p.getMaxClustersPerUser()).isEqualTo(5L);
        assertThat(p.getCreatorUserName()).isNotBlank();

        w.clusterPolicies().edit(new EditPolicy().setPolicyId(id).setName("team2").setDefinition("{}"));
        assertThat(w.clusterPolicies().get(id).getName()).isEqualTo("team2");
        assertThat(StreamSupport.stream(w.clusterPolicies().list(new ListClusterPoliciesRequest()).spliterator(), false))
                .extracting(Policy::getPolicyId).containsExactly(id);
        assertThatThrownBy(() -> w.clusterPolicies().create(new CreatePolicy().setName("team2").setDefinition("{}")))
                .isInstanceOf(ResourceAlreadyExists.class);
        w.clusterPolicies().delete(id);
        assertThatThrownBy(() -> w.clusterPolicies().get(id)).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void invalidDefinitionsAreRefused() {
        assertThatThrownBy(() -> w.clusterPolicies().create(new CreatePolicy().setName("a").setDefinition("{not json")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("JSON");
        assertThatThrownBy(() -> w.clusterPolicies().create(new CreatePolicy().setName("a").setDefinition("[1]")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("object");
        assertThatThrownBy(() -> w.clusterPolicies().create(new CreatePolicy().setName("a")
                .setDefinition("{\"num_workers\":{\"type\":\"sometimes\"}}")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("num_workers").hasMessageContaining("sometimes");
        assertThatThrownBy(() -> w.clusterPolicies().create(new CreatePolicy().setName("a")
                .setDefinition("{\"num_workers\":{\"type\":\"range\",\"maxValue\":\"ten\"}}")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("maxValue");
        assertThat(StreamSupport.stream(w.clusterPolicies().list(new ListClusterPoliciesRequest()).spliterator(), false)).isEmpty();
    }

    @Test
    void violationsAreRefusedNamingTheAttribute() {
        String id = policy();
        CreateCluster ok = new CreateCluster().setPolicyId(id).setClusterName("team-a").setNumWorkers(2L);
        assertThatThrownBy(() -> w.clusters().create(copy(ok).setNumWorkers(11L)))
                .isInstanceOf(InvalidParameterValue.class)
                .hasMessage("Validation failed for num_workers, the value must be less than or equal to 10");
        assertThatThrownBy(() -> w.clusters().create(copy(ok).setNumWorkers(0L)))
                .hasMessageContaining("num_workers").hasMessageContaining("greater than or equal to 1");
        assertThatThrownBy(() -> w.clusters().create(copy(ok).setSparkVersion("16.4.x-scala2.12")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("spark_version");
        assertThatThrownBy(() -> w.clusters().create(copy(ok).setNodeTypeId("i3.xlarge")))
                .hasMessageContaining("node_type_id").hasMessageContaining("one of");
        assertThatThrownBy(() -> w.clusters().create(copy(ok).setInstancePoolId("pool")))
                .hasMessageContaining("instance_pool_id");
        assertThatThrownBy(() -> w.clusters().create(copy(ok).setClusterName("other")))
                .hasMessageContaining("cluster_name").hasMessageContaining("regex");
        assertThatThrownBy(() -> w.clusters().create(copy(ok).setPolicyId("nope")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("nope");
    }

    @Test
    void fixedAndDefaultValuesAreApplied() throws Exception {
        String id = policy();
        ClusterDetails c = w.clusters().create(new CreateCluster().setPolicyId(id).setClusterName("team-a")
                .setNumWorkers(2L)).get(java.time.Duration.ofSeconds(20));
        assertThat(c.getSparkVersion()).isEqualTo("15.4.x-scala2.12");
        assertThat(c.getNodeTypeId()).isEqualTo("m5d.large");
        assertThat(c.getAutoterminationMinutes()).isEqualTo(60L);
        assertThat(c.getSparkConf()).containsEntry("spark.databricks.cluster.profile", "serverless");
        assertThat(c.getPolicyId()).isEqualTo(id);
    }

    @Test
    void policyFamilies() {
        List<PolicyFamily> families = StreamSupport.stream(
                w.policyFamilies().list(new ListPolicyFamiliesRequest()).spliterator(), false).toList();
        assertThat(families).extracting(PolicyFamily::getPolicyFamilyId)
                .contains("personal-vm", "shared-compute", "power-user", "job-cluster");
        PolicyFamily personal = w.policyFamilies().get("personal-vm");
        assertThat(personal.getName()).isEqualTo("Personal Compute");
        assertThat(personal.getDefinition()).contains("singleNode");
        assertThatThrownBy(() -> w.policyFamilies().get("nope")).isInstanceOf(ResourceDoesNotExist.class);

        String id = w.clusterPolicies().create(new CreatePolicy().setName("personal").setPolicyFamilyId("personal-vm")
                .setPolicyFamilyDefinitionOverrides("{\"autotermination_minutes\":{\"type\":\"fixed\",\"value\":30}}")).getPolicyId();
        Policy p = w.clusterPolicies().get(id);
        assertThat(p.getPolicyFamilyId()).isEqualTo("personal-vm");
        assertThat(p.getDefinition()).contains("singleNode").contains("\"value\":30");
        assertThatThrownBy(() -> w.clusters().create(new CreateCluster().setPolicyId(id)
                .setSparkVersion("15.4.x-scala2.12").setNumWorkers(3L)))
                .hasMessageContaining("Validation failed for num_workers");
    }

    private static CreateCluster copy(CreateCluster c) {
        return new CreateCluster().setPolicyId(c.getPolicyId()).setClusterName(c.getClusterName())
                .setNumWorkers(c.getNumWorkers());
    }
}
