package dev.minilake.compute;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Policy compliance for clusters (PolicyComplianceForClustersAPI): a cluster's stored spec checked
 * against its policy's rules, and enforce-compliance rewriting the spec (a running cluster restarts
 * to pick it up, as on Databricks). Enforcement is immediate only: nothing is ever pending.
 */
@Component
public class PolicyComplianceGroup implements ApiGroup {
    private final ClustersService clusters;
    private final ClusterPoliciesService policies;
    private final ObjectMapper json;

    public PolicyComplianceGroup(ClustersService clusters, ClusterPoliciesService policies, ObjectMapper json) {
        this.clusters = clusters;
        this.policies = policies;
        this.json = json;
    }

    @Override
    public String name() {
        return "cluster-policy-compliance";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "violations computed from the policy rules; enforce-compliance fixes fixed/forbidden/default/range values "
                + "and restarts a running cluster; WAIT_FOR_TERMINATION on a running cluster is refused (no deferred enforcement)";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("PolicyComplianceForClustersAPI");
    }

    @Override
    public void routes(Routes r) {
        String base = "/api/2.0/policies/clusters";
        r.get(base + "/get-compliance", req -> {
            StoredCluster c = clusters.get(req.requiredQuery("cluster_id"));
            Map<String, String> v = violations(c);
            ObjectNode out = json.createObjectNode().put("is_compliant", v.isEmpty());
            out.set("violations", json.valueToTree(v));
            return out;
        });
        r.get(base + "/list-compliance", req -> {
            String policyId = req.requiredQuery("policy_id");
            policies.get(policyId);
            List<StoredCluster> matching = new ArrayList<>();
            for (ObjectNode details : clusters.all()) {
                StoredCluster c = clusters.get(details.get("cluster_id").asText());
                if (policyId.equals(c.spec().path("policy_id").asText(null))) matching.add(c);
            }
            int size = (int) Math.min(Math.max(1, req.queryLong("page_size").orElse(50L)), 50);
            int offset = req.query("page_token").map(PolicyComplianceGroup::offset).orElse(0);
            ObjectNode out = json.createObjectNode();
            ArrayNode list = out.putArray("clusters");
            for (int i = offset; i < Math.min(matching.size(), offset + size); i++) {
                StoredCluster c = matching.get(i);
                Map<String, String> v = violations(c);
                ObjectNode e = list.addObject().put("cluster_id", c.cluster_id()).put("is_compliant", v.isEmpty());
                e.set("violations", json.valueToTree(v));
            }
            if (offset + size < matching.size()) out.put("next_page_token", Integer.toString(offset + size));
            if (offset > 0) out.put("prev_page_token", Integer.toString(Math.max(0, offset - size)));
            return out;
        });
        r.post(base + "/enforce-compliance", ObjectNode.class, (req, b) -> {
            String id = b.path("cluster_id").asText(null);
            if (id == null || id.isBlank()) throw ApiException.missingField("cluster_id");
            StoredCluster c = clusters.get(id);
            String policyId = c.spec().path("policy_id").asText(null);
            if (policyId == null || policyId.isBlank()) throw ApiException.invalid("Cluster " + id + " has no policy_id");
            ObjectNode spec = c.spec().deepCopy();
            List<String[]> changes = policies.fix(policyId, spec);
            boolean validateOnly = b.path("validate_only").asBoolean(false);
            String mode = b.path("enforce_mode").asText("ENFORCE_IMMEDIATELY");
            if (!changes.isEmpty() && !validateOnly && mode.equals("WAIT_FOR_TERMINATION") && c.state() != ClusterState.TERMINATED) {
                throw ApiException.invalid("MiniLake enforces policy compliance immediately only; "
                        + "terminate the cluster first or use ENFORCE_IMMEDIATELY");
            }
            if (!changes.isEmpty() && !validateOnly) {
                spec.put("cluster_id", id);
                clusters.edit(spec);
            }
            ObjectNode out = json.createObjectNode().put("has_changes", !changes.isEmpty())
                    .put("enforce_result", changes.isEmpty() ? "NO_CHANGES" : validateOnly ? "NO_CHANGES" : "APPLIED");
            ArrayNode list = out.putArray("changes");
            for (String[] ch : changes) {
                ObjectNode e = list.addObject().put("field", ch[0]);
                if (ch[1] != null) e.put("previous_value", ch[1]);
                if (ch[2] != null) e.put("new_value", ch[2]);
            }
            return out;
        });
        r.post(base + ":cancelPendingClusterEnforcement", ObjectNode.class, (req, b) -> {
            String id = b.path("cluster_id").asText(null);
            if (id == null || id.isBlank()) throw ApiException.missingField("cluster_id");
            clusters.get(id);
            if (!b.path("allow_missing").asBoolean(false)) {
                throw ApiException.notFound("A pending policy enforcement for cluster " + id
                        + " (MiniLake enforces immediately, so none is ever pending)");
            }
            return Map.of();
        });
    }

    private Map<String, String> violations(StoredCluster c) {
        String policyId = c.spec().path("policy_id").asText(null);
        if (policyId == null || policyId.isBlank()) return Map.of();
        return policies.violations(policyId, c.spec());
    }

    private static int offset(String token) {
        try {
            return Math.max(0, Integer.parseInt(token));
        } catch (NumberFormatException e) {
            throw ApiException.invalid("Invalid page_token " + token);
        }
    }
}
