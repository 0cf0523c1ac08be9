package dev.minilake.compute;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.jobs.JobsService;
import dev.minilake.jobs.RunRecords.StoredJob;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Policy compliance for jobs (PolicyComplianceForJobsAPI): every job cluster and task cluster
 * (new_cluster with a policy_id) checked against its policy; enforce-compliance fixes them and
 * resets the job's settings. Violations are keyed job_clusters[key].new_cluster.attr or
 * tasks[key].new_cluster.attr.
 */
@Component
public class JobPolicyComplianceGroup implements ApiGroup {
    private final JobsService jobs;
    private final ClusterPoliciesService policies;
    private final ObjectMapper json;

    public JobPolicyComplianceGroup(JobsService jobs, ClusterPoliciesService policies, ObjectMapper json) {
        this.jobs = jobs;
        this.policies = policies;
        this.json = json;
    }

    @Override
    public String name() {
        return "job-policy-compliance";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "job and task clusters checked against their policies; enforce-compliance fixes fixed/forbidden/default/range "
                + "values in the job settings";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("PolicyComplianceForJobsAPI");
    }

    /** A cluster spec inside a job's settings, with the key its violations are reported under. */
    private record JobCluster(String prefix, ObjectNode spec, String policyId) {
    }

    @Override
    public void routes(Routes r) {
        String base = "/api/2.0/policies/jobs";
        r.get(base + "/get-compliance", req -> {
            StoredJob job = jobs.get(req.queryLong("job_id").orElseThrow(() -> ApiException.missingField("job_id")));
            Map<String, String> v = violations(job.settings);
            ObjectNode out = json.createObjectNode().put("is_compliant", v.isEmpty());
            out.set("violations", json.valueToTree(v));
            return out;
        });
        r.get(base + "/list-compliance", req -> {
            String policyId = req.requiredQuery("policy_id");
            policies.get(policyId);
            List<StoredJob> matching = new ArrayList<>();
            for (StoredJob j : jobs.list()) {
                if (clusters(j.settings).stream().anyMatch(c -> policyId.equals(c.policyId()))) matching.add(j);
            }
            int size = (int) Math.min(Math.max(1, req.queryLong("page_size").orElse(50L)), 50);
            int offset = req.query("page_token").map(t -> {
                try {
                    return Math.max(0, Integer.parseInt(t));
                } catch (NumberFormatException e) {
                    throw ApiException.invalid("Invalid page_token " + t);
                }
            }).orElse(0);
            ObjectNode out = json.createObjectNode();
            ArrayNode list = out.putArray("jobs");
            for (int i = offset; i < Math.min(matching.size(), offset + size); i++) {
                StoredJob j = matching.get(i);
                Map<String, String> v = violations(j.settings);
                ObjectNode e = list.addObject().put("job_id", j.job_id).put("is_compliant", v.isEmpty());
                e.set("violations", json.valueToTree(v));
            }
            if (offset + size < matching.size()) out.put("next_page_token", Integer.toString(offset + size));
            if (offset > 0) out.put("prev_page_token", Integer.toString(Math.max(0, offset - size)));
            return out;
        });
        r.post(base + "/enforce-compliance", ObjectNode.class, (req, b) -> {
            if (!b.hasNonNull("job_id")) throw ApiException.missingField("job_id");
            long jobId = b.get("job_id").asLong();
            ObjectNode settings = jobs.get(jobId).settings.deepCopy();
            ObjectNode out = json.createObjectNode();
            ArrayNode changes = json.createArrayNode();
            for (JobCluster c : clusters(settings)) {
                if (c.policyId() == null) continue;
                for (String[] ch : policies.fix(c.policyId(), c.spec())) {
                    ObjectNode e = changes.addObject().put("field", c.prefix() + "." + ch[0]);
                    if (ch[1] != null) e.put("previous_value", ch[1]);
                    if (ch[2] != null) e.put("new_value", ch[2]);
                }
            }
            if (!changes.isEmpty() && !b.path("validate_only").asBoolean(false)) jobs.reset(jobId, settings);
            out.put("has_changes", !changes.isEmpty());
            out.set("job_cluster_changes", changes);
            out.set("settings", settings);
            return out;
        });
    }

    private Map<String, String> violations(ObjectNode settings) {
        Map<String, String> out = new TreeMap<>();
        for (JobCluster c : clusters(settings)) {
            if (c.policyId() == null) continue;
            policies.violations(c.policyId(), c.spec()).forEach((attr, why) -> out.put(c.prefix() + "." + attr, why));
        }
        return out;
    }

    private static List<JobCluster> clusters(ObjectNode settings) {
        List<JobCluster> out = new ArrayList<>();
        for (JsonNode jc : settings.path("job_clusters")) {
            if (jc.get("new_cluster") instanceof ObjectNode spec) {
                out.add(new JobCluster("job_clusters[" + jc.path("job_cluster_key").asText() + "].new_cluster", spec, policy(spec)));
            }
        }
        for (JsonNode t : settings.path("tasks")) {
            if (t.get("new_cluster") instanceof ObjectNode spec) {
                out.add(new JobCluster("tasks[" + t.path("task_key").asText() + "].new_cluster", spec, policy(spec)));
            }
        }
        return out;
    }

    private static String policy(JsonNode spec) {
        String p = spec.path("policy_id").asText(null);
        return p == null || p.isBlank() ? null : p;
    }
}
