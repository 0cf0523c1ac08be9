package dev.minilake.compute;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.compute.ClusterSpec;
import com.databricks.sdk.service.compute.CreatePolicy;
import com.databricks.sdk.service.jobs.CreateJob;
import com.databricks.sdk.service.jobs.EnforcePolicyComplianceRequest;
import com.databricks.sdk.service.jobs.JobCluster;
import com.databricks.sdk.service.jobs.JobCompliance;
import com.databricks.sdk.service.jobs.NotebookTask;
import com.databricks.sdk.service.jobs.Task;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/** Job policy compliance through the real Java SDK: a job cluster over its policy's range, enforced back into it. */
class JobPolicyComplianceSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void jobClustersAreCheckedAndEnforced() {
        String policy = w.clusterPolicies().create(new CreatePolicy().setName("jp")
                .setDefinition("{\"num_workers\":{\"type\":\"range\",\"maxValue\":4}}")).getPolicyId();
        long job = w.jobs().create(new CreateJob().setName("j")
                .setJobClusters(List.of(new JobCluster().setJobClusterKey("main").setNewCluster(new ClusterSpec()
                        .setSparkVersion("15.4.x-scala2.12").setNodeTypeId("m5d.large").setNumWorkers(10L).setPolicyId(policy))))
                .setTasks(List.of(new Task().setTaskKey("t").setJobClusterKey("main")
                        .setNotebookTask(new NotebookTask().setNotebookPath("/Shared/nb"))))).getJobId();
        long free = w.jobs().create(new CreateJob().setName("no policy").setTasks(List.of(new Task().setTaskKey("t")
                .setNotebookTask(new NotebookTask().setNotebookPath("/Shared/nb"))))).getJobId();

        var c = w.policyComplianceForJobs().getCompliance(job);
        assertThat(c.getIsCompliant()).isFalse();
        assertThat(c.getViolations()).containsOnlyKeys("job_clusters[main].new_cluster.num_workers");
        assertThat(w.policyComplianceForJobs().getCompliance(free).getIsCompliant()).isTrue();
        assertThat(StreamSupport.stream(w.policyComplianceForJobs().listCompliance(policy).spliterator(), false))
                .extracting(JobCompliance::getJobId).containsExactly(job);

        var dry = w.policyComplianceForJobs().enforceCompliance(new EnforcePolicyComplianceRequest().setJobId(job).setValidateOnly(true));
        assertThat(dry.getHasChanges()).isTrue();
        assertThat(w.jobs().get(job).getSettings().getJobClusters().iterator().next().getNewCluster().getNumWorkers()).isEqualTo(10L);

        var applied = w.policyComplianceForJobs().enforceCompliance(new EnforcePolicyComplianceRequest().setJobId(job));
        assertThat(applied.getJobClusterChanges()).singleElement().satisfies(ch -> {
            assertThat(ch.getField()).isEqualTo("job_clusters[main].new_cluster.num_workers");
            assertThat(ch.getPreviousValue()).isEqualTo("10");
            assertThat(ch.getNewValue()).isEqualTo("4");
        });
        assertThat(w.jobs().get(job).getSettings().getJobClusters().iterator().next().getNewCluster().getNumWorkers()).isEqualTo(4L);
        assertThat(w.policyComplianceForJobs().getCompliance(job).getIsCompliant()).isTrue();
    }
}
