package dev.minilake.oauth;

/** A failed token request, answered in OAuth's shape ({@code error}, {@code error_description}), not Databricks'. */
final class OAuthError extends RuntimeException {
    private final int status;
    private final String error;

    OAuthError(int status, String error, String description) {
        super(description);
        this.status = status;
        this.error = error;
    }

    static OAuthError invalidClient() {
        return new OAuthError(401, "invalid_client", "Client authentication failed: unknown client_id or wrong client_secret");
    }

    int status() {
        return status;
    }

    String error() {
        return error;
    }
}
