package dev.minilake.core.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Collects every {@link ApiGroup} declaration and derives what is built from them: the router,
 * the service list and the reset order. A group that cannot register its routes fails the start.
 */
public final class ApiGroupRegistry {
    private final List<ApiGroup> groups;
    private final RouterFunction<ServerResponse> router;
    private final java.util.Map<String, RouterFunction<ServerResponse>> routerOf = new java.util.HashMap<>();
    // read from the router functions when the coverage report first asks, not at start-up
    private final java.util.Map<String, RouteTable> routeTables = new java.util.concurrent.ConcurrentHashMap<>();

    public ApiGroupRegistry(List<ApiGroup> groups, ObjectMapper json, Scheduler blocking) {
        Set<String> names = new HashSet<>();
        for (ApiGroup g : groups) {
            if (!names.add(g.name())) throw new IllegalStateException("two API groups are named " + g.name());
        }
        this.groups = groups.stream().sorted(Comparator.comparing(ApiGroup::name)).toList();
        List<PathIndexedRouter.Route> all = new ArrayList<>();
        for (ApiGroup g : this.groups) {
            Routes r = new Routes(json, blocking);
            try {
                g.routes(r);
            } catch (RuntimeException e) {
                throw new IllegalStateException("API group " + g.name() + " failed to register its routes: " + e.getMessage(), e);
            }
            RouterFunction<ServerResponse> fn = r.build();
            if (fn != null) {
                all.addAll(r.routes());
                routerOf.put(g.name(), fn);
            }
        }
        if (all.isEmpty()) throw new IllegalStateException("no API group registered a route");
        // last: whatever no group serves becomes a 404 error, which the error handler
        // answers as 501 (a known SDK operation) or ENDPOINT_NOT_FOUND
        this.router = new PathIndexedRouter(all, RouterFunctions.route(RequestPredicates.all(),
                req -> Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND))));
    }

    public List<ApiGroup> groups() {
        return groups;
    }

    public RouterFunction<ServerResponse> router() {
        return router;
    }

    /** The routes a group declared (for the coverage report). */
    public RouteTable routesOf(ApiGroup group) {
        return routeTables.computeIfAbsent(group.name(), name -> RouteTable.of(routerOf.get(name)));
    }

    public List<ApiGroup> inResetOrder() {
        return groups.stream().sorted(Comparator.comparingInt(ApiGroup::resetOrder)).toList();
    }
}
