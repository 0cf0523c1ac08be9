package dev.minilake.core.api;

import org.springframework.core.io.Resource;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RequestPredicate;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The (methods, path patterns) a group's router function declares, read with Spring's own
 * router/predicate visitors, so raw streaming routes count as much as DSL routes. The coverage
 * report asks it whether a group serves an SDK operation.
 */
public final class RouteTable {

    /** One route: its methods (empty = any) and its path patterns. */
    public record Route(Set<HttpMethod> methods, List<PathPattern> paths) {
        boolean matches(HttpMethod method, PathContainer path) {
            boolean methodOk = methods.isEmpty() || methods.contains(method)
                    || (method == HttpMethod.HEAD && methods.contains(HttpMethod.GET));
            return methodOk && paths.stream().anyMatch(p -> p.matches(path));
        }
    }

    private final List<Route> routes;

    private RouteTable(List<Route> routes) {
        this.routes = List.copyOf(routes);
    }

    public static RouteTable of(RouterFunction<?> fn) {
        Collector c = new Collector();
        if (fn != null) fn.accept(c);
        return new RouteTable(c.routes);
    }

    public List<Route> routes() {
        return routes;
    }

    /** True when one of the routes takes {@code method path} (a concrete path, placeholders filled in). */
    public boolean serves(String method, String path) {
        HttpMethod m = HttpMethod.valueOf(method);
        PathContainer p = PathContainer.parsePath(path);
        return routes.stream().anyMatch(r -> r.matches(m, p));
    }

    private static final class Collector implements RouterFunctions.Visitor, RequestPredicates.Visitor {
        final List<Route> routes = new ArrayList<>();
        private Set<HttpMethod> methods;
        private List<PathPattern> paths;

        @Override
        public void route(RequestPredicate predicate, HandlerFunction<?> handlerFunction) {
            methods = new HashSet<>();
            paths = new ArrayList<>();
            predicate.accept(this);
            if (!paths.isEmpty()) routes.add(new Route(Set.copyOf(methods), List.copyOf(paths)));
        }

        @Override
        public void method(Set<HttpMethod> m) {
            methods.addAll(m);
        }

        @Override
        public void path(String pattern) {
            paths.add(PathPatternParser.defaultInstance.parse(pattern));
        }

        @Override
        public void startNested(RequestPredicate predicate) {
        }

        @Override
        public void endNested(RequestPredicate predicate) {
        }

        @Override
        public void resources(Function<ServerRequest, Mono<Resource>> lookupFunction) {
        }

        @Override
        public void attributes(Map<String, Object> attributes) {
        }

        @Override
        public void unknown(RouterFunction<?> routerFunction) {
        }

        @Override
        public void pathExtension(String extension) {
        }

        @Override
        public void header(String name, String value) {
        }

        @Override
        public void queryParam(String name, String value) {
        }

        @Override
        public void startAnd() {
        }

        @Override
        public void and() {
        }

        @Override
        public void endAnd() {
        }

        @Override
        public void startOr() {
        }

        @Override
        public void or() {
        }

        @Override
        public void endOr() {
        }

        @Override
        public void startNegate() {
        }

        @Override
        public void endNegate() {
        }

        @Override
        public void unknown(RequestPredicate predicate) {
        }
    }
}
