package dev.minilake.compute;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.compute.PolicyDtos.Policy;
import dev.minilake.compute.PolicyDtos.PolicyRequest;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.util.List;

/**
 * Cluster policies, named like the SDK's ClusterPoliciesAPI. Definitions are validated on write and
 * enforced when a cluster is created or edited with the policy's id.
 */
@Service
public class ClusterPoliciesService {
    private final Store store;
    private final Collection<Policy> policies;
    private final PolicyFamilies families;
    private final CurrentUserService users;

    public ClusterPoliciesService(Store store, PolicyFamilies families, CurrentUserService users) {
        this.store = store;
        this.policies = store.collection("cluster_policy", Policy.class);
        this.families = families;
        this.users = users;
    }

    public String create(PolicyRequest req) {
        return store.inTransaction(() -> {
            String id = String.format("%016X", 0xC0FFEE0000000000L + store.nextId("cluster_policy"));
            policies.insert(id, build(id, req, System.currentTimeMillis(), null));
            return id;
        });
    }

    public void edit(PolicyRequest req) {
        if (req.policy_id() == null || req.policy_id().isBlank()) throw ApiException.missingField("policy_id");
        store.inTransaction(() -> {
            Policy old = get(req.policy_id());
            policies.put(old.policy_id(), build(old.policy_id(), req, old.created_at_timestamp(), old.policy_id()));
        });
    }

    public Policy get(String id) {
        return policies.get(id).orElseThrow(() -> ApiException.notFound("Cluster policy " + id));
    }

    public List<Policy> list() {
        return policies.list();
    }

    public void delete(String id) {
        if (!policies.delete(id)) throw ApiException.notFound("Cluster policy " + id);
    }

    /** Applies the policy's fixed/default values to {@code spec} and refuses a spec that breaks it. */
    public void enforce(String policyId, ObjectNode spec) {
        Policy p = policies.get(policyId)
                .orElseThrow(() -> ApiException.invalid("Cluster policy " + policyId + " does not exist"));
        PolicyDefinition.parse(p.definition()).enforce(spec);
    }

    /** The rules of the policy {@code spec} breaks (attribute → why); empty when compliant. */
    public java.util.Map<String, String> violations(String policyId, ObjectNode spec) {
        return PolicyDefinition.parse(get(policyId).definition()).violations(spec);
    }

    /** Makes {@code spec} comply with the policy, in place; returns {field, previous, new} per change. */
    public List<String[]> fix(String policyId, ObjectNode spec) {
        return PolicyDefinition.parse(get(policyId).definition()).fix(spec).stream()
                .map(c -> new String[]{c.field(), c.previous(), c.next()}).toList();
    }

    public Long maxClustersPerUser(String policyId) {
        return policies.get(policyId).map(Policy::max_clusters_per_user).orElse(null);
    }

    private Policy build(String id, PolicyRequest req, long createdAt, String self) {
        if (req.name() == null || req.name().isBlank()) throw ApiException.missingField("name");
        if (policies.list().stream().anyMatch(p -> p.name().equals(req.name()) && !p.policy_id().equals(self))) {
            throw ApiException.alreadyExists("Policy named '" + req.name() + "'");
        }
        String definition = effectiveDefinition(req);
        PolicyDefinition.parse(definition);
        return new Policy(id, req.name(), definition, req.description(), users.userName(), createdAt,
                req.max_clusters_per_user(), req.policy_family_id(), req.policy_family_definition_overrides(), false,
                req.libraries());
    }

    /** A family-based policy's definition is the family's with the overrides laid over it. */
    private String effectiveDefinition(PolicyRequest req) {
        if (req.policy_family_id() != null && !req.policy_family_id().isBlank()) {
            if (req.definition() != null && !req.definition().isBlank()) {
                throw ApiException.invalid("definition and policy_family_id cannot both be set; use policy_family_definition_overrides");
            }
            String base = families.list().stream().filter(f -> f.policy_family_id().equals(req.policy_family_id()))
                    .findFirst().orElseThrow(() -> ApiException.invalid("Policy family " + req.policy_family_id() + " does not exist"))
                    .definition();
            return PolicyDefinition.merge(base, req.policy_family_definition_overrides());
        }
        return req.definition() == null || req.definition().isBlank() ? "{}" : req.definition();
    }
}
