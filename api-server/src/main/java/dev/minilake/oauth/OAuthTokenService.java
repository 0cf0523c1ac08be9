package dev.minilake.oauth;

import dev.minilake.core.auth.TokenValidator;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.oauth.OAuthDtos.StoredAccessToken;
import dev.minilake.oauth.OAuthDtos.TokenResponse;
import org.springframework.stereotype.Service;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The OAuth token endpoint's logic: the client_credentials grant (OAuth M2M) for a service
 * principal's client_id (its applicationId) and one of its secrets. The access token is opaque and
 * lives an hour; in strict auth mode it is accepted as a personal access token is, for as long as
 * it lives and its service principal exists. Other grants are refused with OAuth's own error codes.
 */
@Service
public class OAuthTokenService implements TokenValidator {
    static final long LIFETIME_SECONDS = 3600;
    static final String DEFAULT_SCOPE = "all-apis";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Collection<StoredAccessToken> tokens;
    private final ServicePrincipalSecretsService secrets;

    public OAuthTokenService(Store store, ServicePrincipalSecretsService secrets) {
        this.tokens = store.collection("oauth-access-token", StoredAccessToken.class);
        this.secrets = secrets;
    }

    /** Answers a token request (RFC 6749 §4.4), or throws {@link OAuthError}. */
    public TokenResponse issue(String grantType, String clientId, String clientSecret, String scope) {
        if (grantType == null || grantType.isBlank()) throw new OAuthError(400, "invalid_request", "grant_type is required");
        if (!grantType.equals("client_credentials")) {
            throw new OAuthError(400, "unsupported_grant_type",
                    "MiniLake issues tokens for the client_credentials grant (OAuth M2M) only, not '" + grantType + "'");
        }
        if (clientId == null || clientId.isBlank() || clientSecret == null || clientSecret.isEmpty()) {
            throw new OAuthError(401, "invalid_client", "Client authentication failed: client_id and client_secret are required");
        }
        var who = secrets.authenticate(clientId, clientSecret).orElseThrow(OAuthError::invalidClient);
        String granted = grantedScope(scope, who.scopes());
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        String value = "mloa" + HexFormat.of().formatHex(raw);
        long expiresAt = System.currentTimeMillis() + LIFETIME_SECONDS * 1000;
        tokens.insert(ServicePrincipalSecretsService.sha256(value),
                new StoredAccessToken(who.servicePrincipalId(), who.applicationId(), expiresAt, granted));
        return new TokenResponse(value, "Bearer", LIFETIME_SECONDS, granted);
    }

    /** The scope asked for, when the secret allows it; a secret without scopes allows any. */
    static String grantedScope(String requested, List<String> allowed) {
        if (requested == null || requested.isBlank()) return DEFAULT_SCOPE;
        List<String> asked = Arrays.stream(requested.trim().split("\\s+")).toList();
        if (allowed != null && !allowed.isEmpty() && !allowed.contains(DEFAULT_SCOPE)) {
            for (String s : asked) {
                if (!allowed.contains(s) && !s.toLowerCase(Locale.ROOT).equals("offline_access")) {
                    throw new OAuthError(400, "invalid_scope", "The client's secret does not allow the scope '" + s + "'");
                }
            }
        }
        return String.join(" ", asked);
    }

    @Override
    public boolean isValid(String token) {
        if (token == null || !token.startsWith("mloa")) return false;
        return tokens.get(ServicePrincipalSecretsService.sha256(token))
                .filter(t -> t.expires_at() > System.currentTimeMillis())
                .filter(t -> secrets.principalExists(t.service_principal_id()))
                .isPresent();
    }
}
