package dev.minilake.compute;

import dev.minilake.compute.PolicyDtos.PolicyFamily;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Component;

import java.util.List;

/** The built-in policy families every workspace has; read-only, named like the SDK's PolicyFamiliesAPI. */
@Component
public class PolicyFamilies {
    private static final List<PolicyFamily> FAMILIES = List.of(
            new PolicyFamily("personal-vm", "Personal Compute",
                    "Use with small-to-medium data or libraries like pandas and scikit-learn. Spark runs in local mode.",
                    """
                    {"spark_conf.spark.databricks.cluster.profile":{"type":"fixed","value":"singleNode","hidden":true},\
                    "num_workers":{"type":"fixed","value":0,"hidden":true},\
                    "autotermination_minutes":{"type":"unlimited","defaultValue":4320,"isOptional":true},\
                    "custom_tags.ResourceClass":{"type":"fixed","value":"SingleNode","hidden":true}}"""),
            new PolicyFamily("shared-compute", "Shared Compute",
                    "Use with shared clusters that isolate users from each other.",
                    """
                    {"data_security_mode":{"type":"fixed","value":"USER_ISOLATION","hidden":true},\
                    "autotermination_minutes":{"type":"range","maxValue":4320,"defaultValue":120,"isOptional":true}}"""),
            new PolicyFamily("power-user", "Power User Compute",
                    "Use with larger workloads that need multi-node Spark and autoscaling.",
                    """
                    {"autoscale.max_workers":{"type":"range","maxValue":10,"defaultValue":10,"isOptional":true},\
                    "autotermination_minutes":{"type":"range","maxValue":4320,"defaultValue":120,"isOptional":true},\
                    "data_security_mode":{"type":"allowlist","values":["SINGLE_USER","USER_ISOLATION"],"defaultValue":"SINGLE_USER"}}"""),
            new PolicyFamily("job-cluster", "Job Compute",
                    "Use with clusters that jobs create; they terminate when the run ends.",
                    """
                    {"cluster_type":{"type":"fixed","value":"job"},\
                    "autotermination_minutes":{"type":"fixed","value":0,"hidden":true}}"""));

    public List<PolicyFamily> list() {
        return FAMILIES;
    }

    public PolicyFamily get(String id) {
        return FAMILIES.stream().filter(f -> f.policy_family_id().equals(id)).findFirst()
                .orElseThrow(() -> ApiException.notFound("Policy family " + id));
    }
}
