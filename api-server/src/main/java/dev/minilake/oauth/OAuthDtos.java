package dev.minilake.oauth;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/** Wire shapes of OAuth discovery, the token endpoint and service principal secrets (the SDK's oauth2 package). */
public final class OAuthDtos {
    private OAuthDtos() {
    }

    /** RFC 8414 authorization server metadata, the fields the SDKs read (OidcEndpoints) and a few more. */
    public record AuthorizationServerMetadata(String issuer, String authorization_endpoint, String token_endpoint,
                                              List<String> grant_types_supported, List<String> response_types_supported,
                                              List<String> token_endpoint_auth_methods_supported, List<String> scopes_supported) {
    }

    /** RFC 6749 §5.1. */
    public record TokenResponse(String access_token, String token_type, long expires_in, String scope) {
    }

    /** RFC 6749 §5.2, as an OAuth server answers a failed token request. */
    public record TokenError(String error, String error_description) {
    }

    /** ServicePrincipalSecretsProxyAPI.create's body; lifetime is a protobuf duration such as "3600s". */
    public record CreateSecretRequest(String lifetime, List<String> scopes) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CreateSecretResponse(String id, String secret, String secret_hash, String status, String create_time,
                                       String update_time, String expire_time, List<String> scopes) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SecretInfo(String id, String secret_hash, String status, String create_time, String update_time,
                             String expire_time, List<String> scopes) {
    }

    public record ListSecretsResponse(List<SecretInfo> secrets, String next_page_token) {
    }

    /** A secret as stored: its SHA-256 only, never the value. */
    public record StoredSecret(String id, String service_principal_id, String secret_sha256, long create_time,
                               long expire_time, List<String> scopes) {
    }

    /** An access token the token endpoint issued, stored by the SHA-256 of its value. */
    public record StoredAccessToken(String service_principal_id, String application_id, long expires_at, String scope) {
    }
}
