package dev.minilake.core.api;

import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every group's routes as one router that tries only the routes that can match a request's path.
 * Spring tries router functions one after the other, and with some 460 routes the search cost more
 * than many handlers. Routes are filed under the first {@value #KEY_SEGMENTS} segments of their
 * path when those are literal ({@code api/2.0/sql}); the others (patterns there, raw functions)
 * are tried for every request. Within what is tried, the declaration order is kept, so the first
 * route that matched before still answers.
 */
final class PathIndexedRouter implements RouterFunction<ServerResponse> {
    static final int KEY_SEGMENTS = 3;

    /** One route: the path it was declared with (null when unknown), and its function. */
    record Route(String path, RouterFunction<ServerResponse> function) {
    }

    private final Map<String, RouterFunction<ServerResponse>> byKey = new HashMap<>();
    private final RouterFunction<ServerResponse> unkeyed;
    /** Every route once, in order, for visitors. */
    private final RouterFunction<ServerResponse> all;

    /** {@code routes} in declaration order; {@code last} is tried after everything else (the 404). */
    PathIndexedRouter(List<Route> routes, RouterFunction<ServerResponse> last) {
        Map<String, List<Integer>> positions = new HashMap<>();
        List<Integer> anyPath = new ArrayList<>();
        for (int i = 0; i < routes.size(); i++) {
            String key = key(routes.get(i).path(), true);
            if (key == null) anyPath.add(i);
            else positions.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
        }
        for (Map.Entry<String, List<Integer>> e : positions.entrySet()) {
            List<Integer> tried = new ArrayList<>(e.getValue());
            tried.addAll(anyPath);
            tried.sort(null); // declaration order
            byKey.put(e.getKey(), chain(routes, tried, last));
        }
        this.unkeyed = chain(routes, anyPath, last);
        List<Integer> every = new ArrayList<>();
        for (int i = 0; i < routes.size(); i++) every.add(i);
        this.all = chain(routes, every, last);
    }

    @Override
    public Mono<HandlerFunction<ServerResponse>> route(ServerRequest request) {
        String key = key(request.requestPath().pathWithinApplication().value(), false);
        RouterFunction<ServerResponse> fn = key == null ? null : byKey.get(key);
        return (fn != null ? fn : unkeyed).route(request);
    }

    @Override
    public void accept(org.springframework.web.reactive.function.server.RouterFunctions.Visitor visitor) {
        all.accept(visitor);
    }

    private static RouterFunction<ServerResponse> chain(List<Route> routes, List<Integer> positions, RouterFunction<ServerResponse> last) {
        RouterFunction<ServerResponse> fn = null;
        for (int i : positions) fn = fn == null ? routes.get(i).function() : fn.and(routes.get(i).function());
        return fn == null ? last : fn.and(last);
    }

    /**
     * The first segments of a path, joined; for a declared pattern, null when one of them is not a
     * literal. A request path shorter than that is its whole path, as is a declared path.
     */
    static String key(String path, boolean pattern) {
        if (path == null || !path.startsWith("/")) return null;
        int end = 1;
        for (int n = 0; n < KEY_SEGMENTS && end <= path.length(); n++) {
            int slash = path.indexOf('/', end);
            end = slash < 0 ? path.length() + 1 : slash + 1;
        }
        String key = path.substring(1, Math.min(end - 1, path.length()));
        if (pattern && (key.indexOf('{') >= 0 || key.indexOf('*') >= 0 || key.indexOf('?') >= 0)) return null;
        return key;
    }
}
