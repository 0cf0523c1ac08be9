package dev.minilake.core.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The route DSL every API group uses. A handler is plain blocking Java: it receives a decoded,
 * validated body and returns a DTO. This class runs it on the blocking scheduler (never on the
 * Netty event loop), decodes JSON with Databricks-shaped errors, and encodes the result.
 */
public final class Routes {

    @FunctionalInterface
    public interface Handler {
        Object handle(Request request) throws Exception;
    }

    @FunctionalInterface
    public interface BodyHandler<B> {
        Object handle(Request request, B body) throws Exception;
    }

    /** A handler that answers later: it must not block, since it runs on the thread the request arrived on. */
    @FunctionalInterface
    public interface AsyncBodyHandler<B> {
        Mono<?> handle(Request request, B body) throws Exception;
    }

    /** JSON bodies above this are refused; large bytes go through streaming routes. */
    static final int MAX_JSON_BODY = 64 * 1024 * 1024;

    private final ObjectMapper json;
    private final Scheduler blocking;
    private final List<RouterFunction<ServerResponse>> functions = new ArrayList<>();
    /** The same functions with the path each serves (null for a raw function), for {@link PathIndexedRouter}. */
    private final List<PathIndexedRouter.Route> routes = new ArrayList<>();

    public Routes(ObjectMapper json, Scheduler blocking) {
        this.json = json;
        this.blocking = blocking;
    }

    public Routes get(String path, Handler h) {
        return add(HttpMethod.GET, path, req -> run(req, h));
    }

    /** GET whose query parameters bind to a DTO, the way the SDKs send GET request fields. */
    public <B> Routes get(String path, Class<B> type, BodyHandler<B> h) {
        return add(HttpMethod.GET, path, req -> run(req, r -> h.handle(r, fromQuery(req, type))));
    }

    public Routes delete(String path, Handler h) {
        return add(HttpMethod.DELETE, path, req -> run(req, h));
    }

    public <B> Routes delete(String path, Class<B> type, BodyHandler<B> h) {
        return withBody(HttpMethod.DELETE, path, type, h);
    }

    public Routes post(String path, Handler h) {
        return add(HttpMethod.POST, path, req -> req.bodyToMono(byte[].class).defaultIfEmpty(new byte[0])
                .flatMap(ignored -> run(req, h)));
    }

    public <B> Routes post(String path, Class<B> type, BodyHandler<B> h) {
        return withBody(HttpMethod.POST, path, type, h);
    }

    /**
     * POST whose handler returns a {@link Mono} instead of blocking for its answer, so no thread
     * waits for it (statements: the answer comes when the statement ends or its wait runs out).
     * The body is decoded where the request arrived; keep such bodies small.
     */
    public <B> Routes postAsync(String path, Class<B> type, AsyncBodyHandler<B> h) {
        return add(HttpMethod.POST, path, req -> readBody(req).flatMap(bytes -> {
            Request request = new Request(req);
            return respond(Mono.defer(() -> {
                try {
                    return h.handle(request, decode(bytes, type)).map(r -> (Object) r);
                } catch (Exception e) {
                    return Mono.error(e);
                }
            }));
        }));
    }

    public <B> Routes put(String path, Class<B> type, BodyHandler<B> h) {
        return withBody(HttpMethod.PUT, path, type, h);
    }

    public <B> Routes patch(String path, Class<B> type, BodyHandler<B> h) {
        return withBody(HttpMethod.PATCH, path, type, h);
    }

    /** For streaming endpoints (file bytes, Arrow chunks) that need the raw reactive API. */
    public Routes raw(RouterFunction<ServerResponse> fn) {
        functions.add(fn);
        routes.add(new PathIndexedRouter.Route(null, fn));
        return this;
    }

    public ObjectMapper json() {
        return json;
    }

    public Scheduler blocking() {
        return blocking;
    }

    List<PathIndexedRouter.Route> routes() {
        return routes;
    }

    RouterFunction<ServerResponse> build() {
        return functions.stream().reduce(RouterFunction::and).orElse(null);
    }

    private Routes add(HttpMethod method, String path,
                       org.springframework.web.reactive.function.server.HandlerFunction<ServerResponse> fn) {
        RouterFunction<ServerResponse> route = RouterFunctions.route(RequestPredicates.method(method).and(RequestPredicates.path(path)), fn);
        functions.add(route);
        routes.add(new PathIndexedRouter.Route(path, route));
        return this;
    }

    private <B> Routes withBody(HttpMethod method, String path, Class<B> type, BodyHandler<B> h) {
        return add(method, path, req -> readBody(req)
                .flatMap(bytes -> run(req, r -> h.handle(r, decode(bytes, type)))));
    }

    private Mono<byte[]> readBody(ServerRequest req) {
        return DataBufferUtils.join(req.body((msg, ctx) -> msg.getBody()), MAX_JSON_BODY)
                .map(buf -> {
                    byte[] bytes = new byte[buf.readableByteCount()];
                    buf.read(bytes);
                    DataBufferUtils.release(buf);
                    return bytes;
                })
                .onErrorMap(org.springframework.core.io.buffer.DataBufferLimitException.class,
                        e -> new ApiException(ErrorCode.INVALID_PARAMETER_VALUE,
                                "Request body exceeds the limit of " + MAX_JSON_BODY + " bytes"))
                .defaultIfEmpty(new byte[0])
                .doOnNext(bytes -> requireJson(req, bytes));
    }

    /**
     * A JSON route takes JSON only: every SDK, the CLI and Terraform send application/json, while
     * text/plain, form and multipart bodies are what a web page on any origin can send unasked.
     * A body without a Content-Type (curl --data-binary, urllib) is read as JSON.
     */
    private static void requireJson(ServerRequest req, byte[] bytes) {
        String path = req.path();
        if (isBlank(bytes) || !(path.startsWith("/api/") || path.startsWith("/_minilake/"))) return;
        MediaType type = req.headers().contentType().orElse(null);
        if (type == null || type.getSubtype().equals("json") || type.getSubtype().endsWith("+json")) return;
        throw new ApiException(ErrorCode.MALFORMED_REQUEST, "This API takes a JSON body: send it with Content-Type: application/json"
                + " (got " + type.getType() + "/" + type.getSubtype() + ")");
    }

    /** Decodes a JSON body: unparseable is MALFORMED_REQUEST, a wrongly typed field is INVALID_PARAMETER_VALUE naming it. */
    <B> B decode(byte[] bytes, Class<B> type) {
        JsonNode tree;
        try {
            tree = isBlank(bytes) ? JsonNodeFactory.instance.objectNode() : json.readTree(bytes);
        } catch (IOException e) {
            throw new ApiException(ErrorCode.MALFORMED_REQUEST, "Malformed JSON request body: " + firstLine(e));
        }
        if (!tree.isObject()) {
            throw new ApiException(ErrorCode.MALFORMED_REQUEST, "The request body must be a JSON object");
        }
        return bind(tree, type);
    }

    private <B> B bind(JsonNode tree, Class<B> type) {
        return JsonBinding.bind(json, tree, type);
    }

    private <B> B fromQuery(ServerRequest req, Class<B> type) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        for (Map.Entry<String, List<String>> e : req.queryParams().entrySet()) {
            List<String> values = e.getValue();
            if (values.size() == 1) node.put(e.getKey(), values.get(0));
            else values.forEach(v -> node.withArray(e.getKey()).add(v));
        }
        return bind(node, type);
    }

    private Mono<ServerResponse> run(ServerRequest req, Handler h) {
        Request request = new Request(req);
        return respond(Mono.fromCallable(() -> {
                    try {
                        return h.handle(request);
                    } catch (LinkageError e) {
                        // Reactor rethrows linkage errors as fatal, which would leave the request hanging
                        throw new IllegalStateException(e.toString(), e);
                    }
                })
                .subscribeOn(blocking));
    }

    /** A handler's result (a DTO or a {@link Reply}) as the JSON response. */
    private static Mono<ServerResponse> respond(Mono<Object> result) {
        return result
                .map(Routes::asReply)
                .defaultIfEmpty(Reply.of(200, Map.of()))
                .flatMap(reply -> {
                    ServerResponse.BodyBuilder b = ServerResponse.status(reply.status());
                    reply.headers().forEach(b::header);
                    if (reply.status() == 204) return b.build(); // No Content has no body
                    return b.contentType(MediaType.APPLICATION_JSON).bodyValue(reply.body() == null ? Map.of() : reply.body());
                });
    }

    private static Reply asReply(Object result) {
        return result instanceof Reply r ? r : Reply.of(200, result);
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) if (!Character.isWhitespace(b)) return false;
        return true;
    }

    private static String firstLine(Exception e) {
        return JsonBinding.firstLine(e);
    }
}
