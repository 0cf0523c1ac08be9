package dev.minilake.ui;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.net.URI;
import java.util.List;

/**
 * The SQL workspace at /ui/: the static files the ui/ project builds (packed into the jar),
 * served precompressed with cache headers; "/" redirects here. The page itself calls only the
 * public REST API, so this group has no logic of its own.
 */
@Component
public class WorkspaceUiGroup implements ApiGroup {
    static final String IMMUTABLE = "public, max-age=31536000, immutable";
    private final UiAssets assets = new UiAssets(WorkspaceUiGroup.class.getClassLoader());

    @Override
    public String name() {
        return "sql-workspace-ui";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "the SQL workspace at /ui/ (editor, results, charts, catalog, files, jobs), static files from the jar"
                + " that call only the public REST API; / redirects to /ui/";
    }

    @Override
    public List<String> sdkApis() {
        return List.of();
    }

    @Override
    public void routes(Routes r) {
        r.raw(RouterFunctions.route(RequestPredicates.GET("/"), req -> redirect("/ui/")));
        r.raw(RouterFunctions.route(RequestPredicates.GET("/ui"), req -> redirect("/ui/")));
        r.raw(RouterFunctions.route(RequestPredicates.GET("/ui/**").or(RequestPredicates.HEAD("/ui/**")), req ->
                // the first read of a file comes from the jar, so it runs off the event loop
                Mono.fromCallable(() -> assets.find(req.path().substring("/ui/".length())))
                        .subscribeOn(r.blocking())
                        .flatMap(found -> found.map(a -> serve(req, a))
                                .orElseGet(() -> Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND))))));
    }

    private static Mono<ServerResponse> redirect(String to) {
        return ServerResponse.status(HttpStatus.FOUND).location(URI.create(to)).build();
    }

    static Mono<ServerResponse> serve(ServerRequest req, UiAssets.Asset a) {
        boolean gzip = a.gzip() != null && acceptsGzip(req.headers().firstHeader(HttpHeaders.ACCEPT_ENCODING));
        byte[] body = gzip ? a.gzip() : a.bytes();
        ServerResponse.BodyBuilder b = ServerResponse.ok()
                .header(HttpHeaders.CONTENT_TYPE, a.contentType())
                // index.html names the hashed files of this build, so it must be revalidated each time
                .header(HttpHeaders.CACHE_CONTROL, a.immutable() ? IMMUTABLE : "no-cache")
                .header("X-Content-Type-Options", "nosniff")
                .contentLength(body.length);
        if (a.gzip() != null) b.header(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        if (gzip) b.header(HttpHeaders.CONTENT_ENCODING, "gzip");
        return b.bodyValue(body);
    }

    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) return false;
        for (String part : acceptEncoding.split(",")) {
            String[] p = part.trim().split(";");
            if (!p[0].trim().equalsIgnoreCase("gzip") && !p[0].trim().equals("*")) continue;
            boolean refused = p.length > 1 && p[1].trim().replace(" ", "").matches("q=0(\\.0*)?");
            return !refused;
        }
        return false;
    }
}
