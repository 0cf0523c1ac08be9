package dev.minilake.tokens;

import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;

/** Wire shapes of the Tokens API, with the field names of the SDK's settings.* token classes. */
public final class TokenDtos {
    private TokenDtos() {
    }

    public record CreateTokenRequest(String comment, Long lifetime_seconds) implements Validated {
        @Override
        public void validate() {
            if (lifetime_seconds != null && lifetime_seconds < 0) {
                throw ApiException.invalid("lifetime_seconds must be positive, got " + lifetime_seconds);
            }
        }
    }

    public record PublicTokenInfo(String token_id, Long creation_time, Long expiry_time, String comment) {
    }

    public record CreateTokenResponse(String token_value, PublicTokenInfo token_info) {
    }

    public record ListPublicTokensResponse(List<PublicTokenInfo> token_infos) {
    }

    public record RevokeTokenRequest(String token_id) implements Validated {
        @Override
        public void validate() {
            if (token_id == null || token_id.isBlank()) throw ApiException.missingField("token_id");
        }
    }

    /**
     * What the store keeps: the public info plus a hash of the value, never the value itself, and
     * who owns it (null owner fields: the current user, for records written before token management).
     */
    public record StoredToken(PublicTokenInfo info, String value_sha256, Long owner_id, String owner_name,
                              Long created_by_id, String created_by_username) {
        public StoredToken(PublicTokenInfo info, String value_sha256) {
            this(info, value_sha256, null, null, null, null);
        }
    }

    /** The token-management view of any token (settings.TokenInfo). */
    public record TokenInfo(String token_id, String comment, Long creation_time, Long expiry_time, Long owner_id,
                            Long created_by_id, String created_by_username, Long workspace_id) {
    }

    public record GetTokenResponse(TokenInfo token_info) {
    }

    public record ListTokensResponse(List<TokenInfo> token_infos) {
    }

    public record CreateOboTokenRequest(String application_id, String comment, Long lifetime_seconds,
                                        List<String> scopes) implements Validated {
        @Override
        public void validate() {
            if (application_id == null || application_id.isBlank()) throw ApiException.missingField("application_id");
            if (lifetime_seconds != null && lifetime_seconds < 0) {
                throw ApiException.invalid("lifetime_seconds must be positive, got " + lifetime_seconds);
            }
        }
    }

    public record CreateOboTokenResponse(TokenInfo token_info, String token_value) {
    }
}
