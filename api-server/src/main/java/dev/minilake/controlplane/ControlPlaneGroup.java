package dev.minilake.controlplane;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.ApiGroupRegistry;
import dev.minilake.core.api.Reply;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.store.Store;
import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.spark.WarmSpark;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** MiniLake's own control plane under /_minilake/: health, ready, services and reset. */
@Component
public class ControlPlaneGroup implements ApiGroup {
    private final ObjectProvider<ApiGroupRegistry> registry;
    private final ResetService reset;
    private final Store store;
    private final DuckDbEngine duckdb;
    private final CoverageReport coverage;
    private final ObjectProvider<WarmSpark> spark;

    public ControlPlaneGroup(ObjectProvider<ApiGroupRegistry> registry, ResetService reset, Store store, DuckDbEngine duckdb,
                             CoverageReport coverage, ObjectProvider<WarmSpark> spark) {
        this.spark = spark;
        this.registry = registry;
        this.coverage = coverage;
        this.reset = reset;
        this.store = store;
        this.duckdb = duckdb;
    }

    @Override
    public String name() {
        return "control-plane";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "/_minilake/health, ready, services, reset and coverage";
    }

    @Override
    public List<String> sdkApis() {
        return List.of();
    }

    @Override
    public void routes(Routes r) {
        r.get("/_minilake/health", req -> Map.of("status", "ok"));
        r.get("/_minilake/ready", req -> ready());
        r.get("/_minilake/services", req -> Map.of("services", services()));
        r.post("/_minilake/reset", req -> reset.reset());
        r.get("/_minilake/coverage", req -> coverage.json());
        r.raw(org.springframework.web.reactive.function.server.RouterFunctions.route(
                org.springframework.web.reactive.function.server.RequestPredicates.GET("/_minilake/coverage.md"),
                req -> reactor.core.publisher.Mono.fromCallable(() -> coverage.markdown(Map.of())).subscribeOn(r.blocking())
                        .flatMap(md -> org.springframework.web.reactive.function.server.ServerResponse.ok()
                                .contentType(new org.springframework.http.MediaType("text", "markdown", java.nio.charset.StandardCharsets.UTF_8))
                                .bodyValue(md))));
    }

    Reply ready() {
        Map<String, String> engines = new LinkedHashMap<>();
        engines.put("store", store.ping() ? "ok" : "unavailable");
        engines.put("duckdb", duckdb.ping() ? "ok" : "unavailable");
        boolean ok = engines.values().stream().allMatch("ok"::equals) && !reset.initHooksRunning();
        // the warm Spark starts on first use: its state is reported, and never makes MiniLake unready
        WarmSpark s = spark.getIfAvailable();
        if (s != null) engines.put("spark", s.state().name().toLowerCase(java.util.Locale.ROOT));
        return Reply.of(ok ? 200 : 503, Map.of("ready", ok, "engines", engines));
    }

    List<Map<String, Object>> services() {
        return registry.getObject().groups().stream().map(g -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", g.name());
            m.put("status", g.status().name());
            m.put("label", g.status().label());
            m.put("note", g.note() + g.liveState().map(state -> "; " + state).orElse(""));
            m.put("sdk_apis", g.sdkApis());
            return m;
        }).toList();
    }
}
