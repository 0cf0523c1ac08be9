package dev.minilake.compute;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;

/** Wire shapes of the Instance Pools, Instance Profiles and Global Init Scripts APIs (SDK field names). */
public final class AdminDtos {
    private AdminDtos() {
    }

    static void require(String value, String field) {
        if (value == null || value.isBlank()) throw ApiException.missingField(field);
    }

    public record PoolIdRequest(String instance_pool_id) implements Validated {
        @Override
        public void validate() {
            require(instance_pool_id, "instance_pool_id");
        }
    }

    public record CreateInstancePoolResponse(String instance_pool_id) {
    }

    public record ListInstancePools(List<ObjectNode> instance_pools) {
    }

    public record InstanceProfile(String instance_profile_arn, String iam_role_arn, Boolean is_meta_instance_profile,
                                  Boolean skip_validation) implements Validated {
        @Override
        public void validate() {
            require(instance_profile_arn, "instance_profile_arn");
        }

        /** What list shows: skip_validation is a request flag, not part of the profile. */
        InstanceProfile stored() {
            return new InstanceProfile(instance_profile_arn, iam_role_arn,
                    is_meta_instance_profile == null ? false : is_meta_instance_profile, null);
        }
    }

    public record ListInstanceProfilesResponse(List<InstanceProfile> instance_profiles) {
    }

    public record GlobalInitScript(String script_id, String name, String script, Boolean enabled, Integer position,
                                   Long created_at, String created_by, Long updated_at, String updated_by) {
        /** The list view leaves the script body out, as Databricks does. */
        GlobalInitScript withoutContent() {
            return new GlobalInitScript(script_id, name, null, enabled, position, created_at, created_by, updated_at, updated_by);
        }
    }

    public record GlobalInitScriptRequest(String name, String script, Boolean enabled, Integer position) implements Validated {
        @Override
        public void validate() {
            require(name, "name");
            require(script, "script");
            try {
                java.util.Base64.getDecoder().decode(script);
            } catch (IllegalArgumentException e) {
                throw ApiException.invalid("script must be base64-encoded: " + e.getMessage());
            }
            if (position != null && position < 0) throw ApiException.invalid("position must be >= 0, got " + position);
        }
    }

    public record CreateGlobalInitScriptResponse(String script_id) {
    }

    public record ListGlobalInitScriptsResponse(List<GlobalInitScript> scripts) {
    }
}
