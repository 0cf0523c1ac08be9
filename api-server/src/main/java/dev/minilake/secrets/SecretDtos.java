package dev.minilake.secrets;

import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;

/** Wire shapes of the Secrets API, with the field names of the SDK's workspace.* secret classes. */
public final class SecretDtos {
    private SecretDtos() {
    }

    public record CreateScope(String scope, String initial_manage_principal, String scope_backend_type) implements Validated {
        @Override
        public void validate() {
            require(scope, "scope");
        }
    }

    public record ScopeRequest(String scope) implements Validated {
        @Override
        public void validate() {
            require(scope, "scope");
        }
    }

    public record SecretScope(String name, String backend_type) {
    }

    public record ListScopesResponse(List<SecretScope> scopes) {
    }

    public record PutSecret(String scope, String key, String string_value, String bytes_value) implements Validated {
        @Override
        public void validate() {
            require(scope, "scope");
            require(key, "key");
            if ((string_value == null) == (bytes_value == null)) {
                throw ApiException.invalid("Exactly one of string_value and bytes_value must be set");
            }
        }
    }

    public record SecretKeyRequest(String scope, String key) implements Validated {
        @Override
        public void validate() {
            require(scope, "scope");
            require(key, "key");
        }
    }

    public record SecretMetadata(String key, long last_updated_timestamp) {
    }

    public record ListSecretsResponse(List<SecretMetadata> secrets) {
    }

    public record PutAcl(String scope, String principal, String permission) implements Validated {
        @Override
        public void validate() {
            require(scope, "scope");
            require(principal, "principal");
            require(permission, "permission");
        }
    }

    public record AclRequest(String scope, String principal) implements Validated {
        @Override
        public void validate() {
            require(scope, "scope");
            require(principal, "principal");
        }
    }

    public record AclItem(String principal, String permission) {
    }

    public record ListAclsResponse(List<AclItem> items) {
    }

    /** What the store keeps of a secret: the value (base64 of its bytes) never leaves the server. */
    /**
     * A secret as stored: {@code value_sealed} is the value encrypted by SecretSeal.
     * {@code value_base64} is the plaintext form stores written before sealing had; it is sealed at start.
     */
    public record StoredSecret(String scope, String key, String value_base64, String value_sealed, long last_updated_timestamp) {
    }

    /** An ACL as stored, with its scope for listing by parent. */
    public record StoredAcl(String scope, String principal, String permission) {
    }

    static void require(String value, String field) {
        if (value == null || value.isBlank()) throw ApiException.missingField(field);
    }
}
