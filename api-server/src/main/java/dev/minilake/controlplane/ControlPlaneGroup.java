package dev.minilake.controlplane;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.mcp.Arg;
import dev.minilake.core.mcp.McpDeclarations;
import dev.minilake.core.mcp.McpFeatures;
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
    private final com.fasterxml.jackson.databind.ObjectMapper json;
    private final ObjectProvider<WarmSpark> spark;

    public ControlPlaneGroup(ObjectProvider<ApiGroupRegistry> registry, ResetService reset, Store store, DuckDbEngine duckdb,
                             CoverageReport coverage, ObjectProvider<WarmSpark> spark,
                             com.fasterxml.jackson.databind.ObjectMapper json) {
        this.spark = spark;
        this.json = json;
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

    public record CoverageArgs(@Arg(value = "List the operations of this SDK module (e.g. catalog, sql, jobs); "
            + "without it, only the counts", required = false) String module) {
    }

    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("health", "Is MiniLake up, and are its engines (store, DuckDB, Spark) ready?", a -> ready().body());
        mcp.tool("list_services", "Every API group with its honesty label (real, CRUD, state machine, 501) and what it does.",
                a -> Map.of("services", services()));
        mcp.tool("reset_state", "Reset the whole workspace to a clean state (all catalogs, tables, jobs, files, secrets are removed; "
                + "catalog main with schema default is recreated). Use between test scenarios.", a -> reset.reset());
        mcp.tool("coverage", "How much of the Databricks SDK is served, per module, and (with module) each operation's status.",
                CoverageArgs.class, a -> coverage(a.module()));
        mcp.resource("minilake://capabilities", "capabilities", "What MiniLake serves: each API group's label and note, and its MCP tools.",
                "application/json", vars -> json.writeValueAsString(capabilities()));
    }

    private Map<String, Object> coverage(String module) {
        Map<String, Object> all = coverage.json();
        Map<String, Object> out = new LinkedHashMap<>(all);
        out.remove("groups");
        Object ops = out.remove("operations");
        if (module != null) {
            List<?> mine = ((List<?>) ops).stream().filter(o -> module.equals(((Map<?, ?>) o).get("module"))).toList();
            if (mine.isEmpty()) throw ApiException.invalid("No SDK module named '" + module + "'; see the modules list");
            out.put("operations", mine);
        }
        return out;
    }

    /** The declarations, as an agent reads them: groups with their labels and the tools each declares. */
    private List<Map<String, Object>> capabilities() {
        McpDeclarations mcp = McpDeclarations.collect(registry.getObject().groups());
        return services().stream().map(s -> {
            Map<String, Object> m = new LinkedHashMap<>(s);
            m.put("mcp_tools", mcp.tools().stream().filter(t -> t.group().equals(s.get("name"))).map(McpFeatures.Tool::name).toList());
            return m;
        }).toList();
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
