package dev.minilake.compute;

import dev.minilake.compute.PolicyDtos.CreatePolicyResponse;
import dev.minilake.compute.PolicyDtos.ListPoliciesResponse;
import dev.minilake.compute.PolicyDtos.ListPolicyFamiliesResponse;
import dev.minilake.compute.PolicyDtos.PolicyIdRequest;
import dev.minilake.compute.PolicyDtos.PolicyRequest;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** Cluster policies (validated, enforced on cluster create/edit) and the built-in policy families. */
@Component
public class ClusterPoliciesGroup implements ApiGroup {
    private final ClusterPoliciesService policies;
    private final PolicyFamilies families;

    public ClusterPoliciesGroup(ClusterPoliciesService policies, PolicyFamilies families) {
        this.policies = policies;
        this.families = families;
    }

    @Override
    public String name() {
        return "cluster-policies";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "definitions validated; enforced on cluster create/edit (fixed, range, allowlist, blocklist, regex, "
                + "forbidden refused; fixed/default values applied); policy families are a fixed catalog";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("ClusterPoliciesAPI", "PolicyFamiliesAPI");
    }

    @Override
    public void routes(Routes r) {
        String p = "/api/2.0/policies/clusters";
        r.post(p + "/create", PolicyRequest.class, (req, b) -> new CreatePolicyResponse(policies.create(b)));
        r.post(p + "/edit", PolicyRequest.class, (req, b) -> ClustersGroup.done(() -> policies.edit(b)));
        r.post(p + "/delete", PolicyIdRequest.class, (req, b) -> ClustersGroup.done(() -> policies.delete(b.policy_id())));
        r.get(p + "/get", req -> policies.get(req.requiredQuery("policy_id")));
        r.get(p + "/list", req -> new ListPoliciesResponse(policies.list()));
        r.get("/api/2.0/policy-families", req -> new ListPolicyFamiliesResponse(families.list(), null));
        r.get("/api/2.0/policy-families/{id}", req -> families.get(req.pathVar("id")));
    }
}
