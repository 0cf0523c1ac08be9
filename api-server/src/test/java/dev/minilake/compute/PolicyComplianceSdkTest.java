package dev.minilake.compute;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.compute.CancelPendingClusterEnforcementRequest;
import com.databricks.sdk.service.compute.ClusterCompliance;
import com.databricks.sdk.service.compute.ClusterSettingsChange;
import com.databricks.sdk.service.compute.CreateCluster;
import com.databricks.sdk.service.compute.CreatePolicy;
import com.databricks.sdk.service.compute.EditPolicy;
import com.databricks.sdk.service.compute.EnforceClusterComplianceRequest;
import com.databricks.sdk.service.compute.EnforceClusterComplianceResponse;
import com.databricks.sdk.service.compute.EnforcePolicyComplianceForClusterEnforceMode;
import com.databricks.sdk.service.compute.State;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Cluster policy compliance through the real Java SDK: a policy tightened after the fact, then enforced. */
class PolicyComplianceSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void aTightenedPolicyReportsViolationsAndEnforcementFixesThem() throws Exception {
        String policy = w.clusterPolicies().create(new CreatePolicy().setName("p")
                .setDefinition("{\"num_workers\":{\"type\":\"range\",\"maxValue\":8}}")).getPolicyId();
        String id = w.clusters().create(new CreateCluster().setClusterName("c").setSparkVersion("14.3.x-scala2.12")
                .setNodeTypeId("m5d.large").setNumWorkers(6L).setPolicyId(policy)).get(Duration.ofSeconds(20)).getClusterId();
        assertThat(w.policyComplianceForClusters().getCompliance(id).getIsCompliant()).isTrue();

        w.clusterPolicies().edit(new EditPolicy().setPolicyId(policy).setName("p").setDefinition(
                "{\"num_workers\":{\"type\":\"range\",\"maxValue\":4},\"spark_version\":{\"type\":\"fixed\",\"value\":\"15.4.x-scala2.12\"}}"));
        var compliance = w.policyComplianceForClusters().getCompliance(id);
        assertThat(compliance.getIsCompliant()).isFalse();
        assertThat(compliance.getViolations()).containsOnlyKeys("num_workers", "spark_version");
        List<ClusterCompliance> listed = StreamSupport.stream(w.policyComplianceForClusters().listCompliance(policy).spliterator(), false).toList();
        assertThat(listed).extracting(ClusterCompliance::getClusterId).containsExactly(id);

        EnforceClusterComplianceResponse dry = w.policyComplianceForClusters().enforceCompliance(
                new EnforceClusterComplianceRequest().setClusterId(id).setValidateOnly(true));
        assertThat(dry.getHasChanges()).isTrue();
        assertThat(w.clusters().get(id).getSparkVersion()).isEqualTo("14.3.x-scala2.12");

        EnforceClusterComplianceResponse applied = w.policyComplianceForClusters().enforceCompliance(
                new EnforceClusterComplianceRequest().setClusterId(id));
        assertThat(applied.getChanges()).extracting(ClusterSettingsChange::getField, ClusterSettingsChange::getPreviousValue,
                ClusterSettingsChange::getNewValue).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("num_workers", "6", "4"),
                org.assertj.core.groups.Tuple.tuple("spark_version", "14.3.x-scala2.12", "15.4.x-scala2.12"));
        await().atMost(Duration.ofSeconds(10)).until(() -> w.clusters().get(id).getState() == State.RUNNING
                && "15.4.x-scala2.12".equals(w.clusters().get(id).getSparkVersion()));
        assertThat(w.clusters().get(id).getNumWorkers()).isEqualTo(4L);
        assertThat(w.policyComplianceForClusters().getCompliance(id).getIsCompliant()).isTrue();
        assertThat(w.policyComplianceForClusters().enforceCompliance(new EnforceClusterComplianceRequest().setClusterId(id))
                .getHasChanges()).isFalse();

        // deferred enforcement is not emulated: refused, and nothing is ever pending
        w.clusterPolicies().edit(new EditPolicy().setPolicyId(policy).setName("p").setDefinition("{\"num_workers\":{\"type\":\"fixed\",\"value\":1}}"));
        assertThatThrownBy(() -> w.policyComplianceForClusters().enforceCompliance(new EnforceClusterComplianceRequest()
                .setClusterId(id).setEnforceMode(EnforcePolicyComplianceForClusterEnforceMode.WAIT_FOR_TERMINATION)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("immediately");
        assertThatThrownBy(() -> w.policyComplianceForClusters().cancelPendingClusterEnforcement(
                new CancelPendingClusterEnforcementRequest().setClusterId(id))).isInstanceOf(ResourceDoesNotExist.class);
        w.policyComplianceForClusters().cancelPendingClusterEnforcement(
                new CancelPendingClusterEnforcementRequest().setClusterId(id).setAllowMissing(true));
    }
}
