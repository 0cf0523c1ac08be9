package dev.minilake.core.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.error.ErrorBody;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

import java.util.Locale;
import java.util.Set;

/**
 * The one origin policy for the whole port (REST API, /mcp, /jupyter, /ui, /_minilake), applied
 * before anything else runs, so that a refused request never reaches authentication or a handler:
 * <ol>
 *   <li>the {@code Host} must be a name this server answers to ({@link OriginPolicy#hostAllowed});</li>
 *   <li>an {@code Origin}, when present, must be MiniLake's own or a configured one; this covers
 *       every method and WebSocket upgrades (Jupyter kernels, MCP);</li>
 *   <li>{@code OPTIONS} is answered here and never dispatched: Spring's method predicates match a
 *       preflight by its {@code Access-Control-Request-Method}, so a preflight would run the real
 *       handler;</li>
 *   <li>a POST body of a type a page may send without a preflight (text/plain, form, multipart) is
 *       taken only with a header no page can add without one (Authorization, X-*); JSON routes
 *       accept JSON alone ({@code Routes});</li>
 *   <li>every answer says nosniff and may be framed by MiniLake's own pages only.</li>
 * </ol>
 * CORS headers are sent only to origins in MINILAKE_ALLOWED_ORIGINS, never {@code *}.
 */
@Order(-20)
public final class OriginPolicyFilter implements WebFilter {
    /** The Content-Types a browser sends cross-origin without asking first. */
    private static final Set<String> SIMPLE_TYPES = Set.of("text/plain", "application/x-www-form-urlencoded", "multipart/form-data");
    private static final String ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
    /** The SQL workspace's page: its own scripts, styles (Monaco sets inline styles), workers and fonts; JupyterLab framed from the same origin. */
    static final String UI_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:;"
            + " font-src 'self' data:; worker-src 'self' blob:; connect-src 'self'; frame-src 'self'; object-src 'none';"
            + " base-uri 'self'; form-action 'self'; frame-ancestors 'self'";
    /** JSON and file answers: nothing in them may run or load anything. */
    static final String API_CSP = "default-src 'none'; frame-ancestors 'self'";

    private final OriginPolicy policy;
    private final ObjectMapper json;
    private final String scheme;

    public OriginPolicyFilter(OriginPolicy policy, ObjectMapper json, String scheme) {
        this.policy = policy;
        this.json = json;
        this.scheme = scheme;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest req = exchange.getRequest();
        ServerHttpResponse resp = exchange.getResponse();
        HttpHeaders h = req.getHeaders();
        String path = req.getPath().value();
        String host = h.getFirst(HttpHeaders.HOST);
        if (!policy.hostAllowed(host)) {
            return refuse(resp, 403, "PERMISSION_DENIED", "Host '" + printable(host) + "' is not served here: MiniLake answers "
                    + policy.describeHosts() + " and IP addresses. To serve another name, add it to MINILAKE_ALLOWED_HOSTS.");
        }
        String origin = h.getOrigin();
        if (origin != null && !policy.originAllowed(origin, host, scheme)) {
            return refuse(resp, 403, "PERMISSION_DENIED", "Origin '" + printable(origin) + "' may not call MiniLake: only pages"
                    + " served by MiniLake itself may. To allow another web origin, add it to MINILAKE_ALLOWED_ORIGINS.");
        }
        boolean cors = origin != null && policy.isCorsOrigin(origin);
        resp.beforeCommit(() -> {
            securityHeaders(path, resp.getHeaders());
            if (cors) corsHeaders(origin, resp.getHeaders());
            return Mono.empty();
        });
        if (HttpMethod.OPTIONS.equals(req.getMethod())) return preflight(req, resp, cors);
        if (isPageUnsafeBody(req, origin)) {
            return refuse(resp, 400, "MALFORMED_REQUEST", "A " + mediaType(h) + " body needs an Authorization header here (a web"
                    + " page could send it unasked); send JSON as Content-Type: application/json, bytes as application/octet-stream.");
        }
        return chain.filter(exchange);
    }

    /** A body a page on any origin could send without a preflight, to MiniLake's APIs, from a caller that proved nothing. */
    private static boolean isPageUnsafeBody(ServerHttpRequest req, String origin) {
        if (origin != null) return false; // an origin that got this far is MiniLake's own or configured
        // a page may send only GET, HEAD and POST without a preflight; GET and HEAD carry no body here
        if (!HttpMethod.POST.equals(req.getMethod())) return false;
        String path = req.getPath().value();
        if (!(path.startsWith("/api/") || path.startsWith("/_minilake/") || path.equals("/mcp") || path.startsWith("/mcp/"))) return false;
        HttpHeaders h = req.getHeaders();
        if (h.getContentLength() <= 0 && !h.containsKey(HttpHeaders.TRANSFER_ENCODING)) return false;
        MediaType type = h.getContentType();
        if (type == null || !SIMPLE_TYPES.contains(type.getType() + "/" + type.getSubtype())) return false;
        if (h.containsKey(HttpHeaders.AUTHORIZATION)) return false;
        for (String name : h.keySet()) if (name.toLowerCase(Locale.ROOT).startsWith("x-")) return false;
        return true;
    }

    private static String mediaType(HttpHeaders h) {
        MediaType t = h.getContentType();
        return t == null ? "untyped" : t.getType() + "/" + t.getSubtype();
    }

    /** Preflights and plain OPTIONS, answered without a handler. */
    private static Mono<Void> preflight(ServerHttpRequest req, ServerHttpResponse resp, boolean cors) {
        HttpHeaders out = resp.getHeaders();
        out.set(HttpHeaders.ALLOW, ALLOWED_METHODS);
        if (cors) {
            out.set(HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS, ALLOWED_METHODS);
            String asked = req.getHeaders().getFirst(HttpHeaders.ACCESS_CONTROL_REQUEST_HEADERS);
            out.set(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS, asked != null ? asked : "Authorization, Content-Type");
            out.set(HttpHeaders.ACCESS_CONTROL_MAX_AGE, "600");
        }
        resp.setRawStatusCode(204);
        return resp.setComplete();
    }

    static void securityHeaders(String path, HttpHeaders out) {
        out.set("X-Content-Type-Options", "nosniff");
        if (!out.containsKey("X-Frame-Options")) out.set("X-Frame-Options", "SAMEORIGIN");
        if (out.containsKey("Content-Security-Policy")) return; // JupyterLab sets its own (with frame-ancestors 'self')
        boolean page = path.equals("/") || path.equals("/ui") || path.startsWith("/ui/");
        boolean jupyter = path.equals("/jupyter") || path.startsWith("/jupyter/");
        out.set("Content-Security-Policy", page ? UI_CSP : jupyter ? "frame-ancestors 'self'" : API_CSP);
    }

    private static void corsHeaders(String origin, HttpHeaders out) {
        out.set(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        out.add(HttpHeaders.VARY, HttpHeaders.ORIGIN);
        out.set(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS, "Retry-After, X-Databricks-Org-Id, Server-Timing");
    }

    private Mono<Void> refuse(ServerHttpResponse resp, int status, String code, String message) {
        resp.getHeaders().set("X-Content-Type-Options", "nosniff");
        resp.getHeaders().set("Content-Security-Policy", API_CSP);
        return new ErrorBody(code, message).writeTo(resp, status, json);
    }

    /** A header value as it may be shown: control characters and length cut, so a refusal cannot be used to inject text. */
    private static String printable(String v) {
        if (v == null) return "";
        String s = v.replaceAll("[^\\x20-\\x7e]", "?");
        return s.length() > 100 ? s.substring(0, 100) + "..." : s;
    }
}
