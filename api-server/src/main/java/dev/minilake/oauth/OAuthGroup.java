package dev.minilake.oauth;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.oauth.OAuthDtos.AuthorizationServerMetadata;
import dev.minilake.oauth.OAuthDtos.CreateSecretRequest;
import dev.minilake.oauth.OAuthDtos.ListSecretsResponse;
import dev.minilake.oauth.OAuthDtos.TokenError;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * OAuth for machines: the OIDC discovery document that host metadata's {@code oidc_endpoint}
 * advertises, the token endpoint (client_credentials), and the service principal secrets that
 * are the client_secret. The token endpoint answers in OAuth's shape (RFC 6749), not Databricks'.
 */
@Component
public class OAuthGroup implements ApiGroup {
    static final String OIDC = "/oidc";
    static final String SECRETS = "/api/2.0/accounts/servicePrincipals/{id}/credentials/secrets";

    private final OAuthTokenService tokens;
    private final ServicePrincipalSecretsService secrets;

    public OAuthGroup(OAuthTokenService tokens, ServicePrincipalSecretsService secrets) {
        this.tokens = tokens;
        this.secrets = secrets;
    }

    @Override
    public String name() {
        return "oauth";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "OIDC discovery, the token endpoint (client_credentials: a service principal's applicationId and secret; "
                + "the token authenticates in strict mode) and service principal secrets; no user (U2M) login";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("ServicePrincipalSecretsProxyAPI");
    }

    @Override
    public void routes(Routes r) {
        r.get(OIDC + "/.well-known/oauth-authorization-server", req -> {
            String base = req.baseUrl() + OIDC;
            return new AuthorizationServerMetadata(base, base + "/v1/authorize", base + "/v1/token",
                    List.of("client_credentials"), List.of("code"),
                    List.of("client_secret_basic", "client_secret_post"), List.of("all-apis", "offline_access"));
        });
        // advertised by the metadata, so served: a user login (U2M) is what MiniLake does not do, said in OAuth's words
        r.raw(RouterFunctions.route(RequestPredicates.GET(OIDC + "/v1/authorize"), req -> oauthError(new OAuthError(400,
                "unsupported_response_type", "MiniLake has no user login (OAuth U2M); use a token, or OAuth M2M with a "
                + "service principal's client_id and client_secret"))));
        r.raw(RouterFunctions.route(RequestPredicates.POST(OIDC + "/v1/token"), req -> req.formData()
                .flatMap(form -> Mono.fromCallable(() -> token(req, form)).subscribeOn(r.blocking()))
                .flatMap(t -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON)
                        .header(HttpHeaders.CACHE_CONTROL, "no-store").bodyValue(t))
                .onErrorResume(OAuthError.class, this::oauthError)));

        r.post(SECRETS, CreateSecretRequest.class, (req, body) -> secrets.create(req.pathVar("id"), body));
        r.get(SECRETS, req -> new ListSecretsResponse(secrets.list(req.pathVar("id")), null));
        r.delete(SECRETS + "/{secret_id}", req -> {
            secrets.delete(req.pathVar("id"), req.pathVar("secret_id"));
            return Map.of();
        });
    }

    /** Client credentials from HTTP Basic (client_secret_basic, as the SDKs send them) or the form (client_secret_post). */
    private OAuthDtos.TokenResponse token(ServerRequest req, MultiValueMap<String, String> form) {
        String clientId = form.getFirst("client_id");
        String clientSecret = form.getFirst("client_secret");
        String header = req.headers().firstHeader(HttpHeaders.AUTHORIZATION);
        if (header != null && header.regionMatches(true, 0, "Basic ", 0, 6)) {
            String decoded;
            try {
                decoded = new String(Base64.getDecoder().decode(header.substring(6).trim()), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw new OAuthError(401, "invalid_client", "Malformed Basic authorization header");
            }
            int colon = decoded.indexOf(':');
            if (colon < 0) throw new OAuthError(401, "invalid_client", "Malformed Basic authorization header");
            clientId = urlDecode(decoded.substring(0, colon));
            clientSecret = urlDecode(decoded.substring(colon + 1));
        }
        return tokens.issue(form.getFirst("grant_type"), clientId, clientSecret, form.getFirst("scope"));
    }

    /** RFC 6749 §2.3.1: client_secret_basic credentials are form-encoded before Base64. */
    private static String urlDecode(String s) {
        try {
            return java.net.URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    private Mono<ServerResponse> oauthError(OAuthError e) {
        var b = ServerResponse.status(e.status()).contentType(MediaType.APPLICATION_JSON).header(HttpHeaders.CACHE_CONTROL, "no-store");
        if (e.status() == 401) b = b.header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"oidc\"");
        return b.bodyValue(new TokenError(e.error(), e.getMessage()));
    }
}
