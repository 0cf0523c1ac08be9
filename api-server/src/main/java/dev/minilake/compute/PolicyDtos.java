package dev.minilake.compute;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;

/** Wire shapes of the Cluster Policies and Policy Families APIs, with the SDK's compute.* field names. */
public final class PolicyDtos {
    private PolicyDtos() {
    }

    public record Policy(String policy_id, String name, String definition, String description,
                         String creator_user_name, Long created_at_timestamp, Long max_clusters_per_user,
                         String policy_family_id, String policy_family_definition_overrides, Boolean is_default,
                         JsonNode libraries) {
    }

    /** create and edit share one shape; edit also names the policy. */
    public record PolicyRequest(String policy_id, String name, String definition, String description,
                                Long max_clusters_per_user, String policy_family_id,
                                String policy_family_definition_overrides, JsonNode libraries) implements Validated {
        @Override
        public void validate() {
            if (max_clusters_per_user != null && max_clusters_per_user < 0) {
                throw ApiException.invalid("max_clusters_per_user must be a positive number, got " + max_clusters_per_user);
            }
        }
    }

    public record PolicyIdRequest(String policy_id) implements Validated {
        @Override
        public void validate() {
            if (policy_id == null || policy_id.isBlank()) throw ApiException.missingField("policy_id");
        }
    }

    public record CreatePolicyResponse(String policy_id) {
    }

    public record ListPoliciesResponse(List<Policy> policies) {
    }

    public record PolicyFamily(String policy_family_id, String name, String description, String definition) {
    }

    public record ListPolicyFamiliesResponse(List<PolicyFamily> policy_families, String next_page_token) {
    }
}
