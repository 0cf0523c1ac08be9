package dev.minilake.core.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.error.ErrorBody;
import dev.minilake.core.settings.Settings;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * The one place authentication happens. In open mode (the default) any bearer token, or none, is
 * accepted, as the seed promises. In strict mode a request needs MINILAKE_TOKEN or a token created
 * through the Tokens API or the OAuth token endpoint, or a {@link ScopedTokens} token MiniLake handed to code it runs; the
 * control plane's health and ready probes stay open, and so do the SQL workspace's static files (a
 * browser cannot send a bearer token for them: the page asks for one and sends it with each API
 * call), and /jupyter's page, which says how to enable JupyterLab. A confined scoped token is held
 * to {@link ScopedTokenPolicy} in either mode.
 */
@Order(0)
public final class AuthFilter implements WebFilter {
    private final Settings settings;
    private final TokenValidator tokens;
    private final ScopedTokens scoped;
    private final ObjectMapper json;
    private final Scheduler blocking;

    public AuthFilter(Settings settings, TokenValidator tokens, ScopedTokens scoped, ObjectMapper json, Scheduler blocking) {
        this.settings = settings;
        this.tokens = tokens;
        this.scoped = scoped;
        this.json = json;
        this.blocking = blocking;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        String header = request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
        String token = header != null && header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7).trim() : null;
        // in both modes: a confined token stays confined (in open mode code could drop it; strict mode makes it a guarantee)
        if (scoped.isConfined(token)) {
            var refusal = ScopedTokenPolicy.refusal(request.getMethod(), request.getPath().value(), request.getQueryParams());
            if (refusal.isPresent()) return new ErrorBody("PERMISSION_DENIED", refusal.get()).writeTo(exchange.getResponse(), 403, json);
        }
        if (settings.authMode() == Settings.AuthMode.OPEN || isOpenPath(request.getPath().value())) {
            return chain.filter(exchange);
        }
        if (token == null || token.isEmpty()) return deny(exchange, "Missing bearer token (MINILAKE_AUTH=strict)");
        if (token.equals(settings.adminToken()) || scoped.isValid(token)) return chain.filter(exchange);
        return Mono.fromCallable(() -> tokens.isValid(token)).subscribeOn(blocking)
                .flatMap(ok -> ok ? chain.filter(exchange) : deny(exchange, "Invalid access token"));
    }

    static boolean isOpenPath(String path) {
        return path.equals("/_minilake/health") || path.equals("/_minilake/ready")
                || path.equals("/.well-known/databricks-config")
                // a staging URL's ticket is its credential, as a presigned URL's signature is; the connector sends no token there
                || path.startsWith("/_minilake/staging/")
                // OAuth discovery and the token endpoint: the client authenticates there with its own credentials
                || path.startsWith("/oidc/")
                || path.equals("/") || path.equals("/ui") || path.startsWith("/ui/")
                || path.equals("/jupyter") || path.startsWith("/jupyter/");
    }

    private Mono<Void> deny(ServerWebExchange exchange, String message) {
        return new ErrorBody("UNAUTHENTICATED", message).writeTo(exchange.getResponse(), 401, json);
    }
}
