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

    /** What the store keeps: the public info plus a hash of the value, never the value itself. */
    public record StoredToken(PublicTokenInfo info, String value_sha256) {
    }
}
