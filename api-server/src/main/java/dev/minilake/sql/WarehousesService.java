package dev.minilake.sql;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.engines.routing.EngineMode;
import dev.minilake.sql.WarehouseDtos.DataSource;
import dev.minilake.sql.WarehouseDtos.OdbcParams;
import dev.minilake.sql.WarehouseDtos.Warehouse;
import dev.minilake.sql.WarehouseDtos.WarehouseSpec;
import org.springframework.stereotype.Service;

import java.net.URI;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * SQL warehouses as a state machine, named like the SDK's WarehousesAPI: STARTING→RUNNING and
 * STOPPING→STOPPED are scheduled transitions, auto_stop_mins a timer; all tracked and cancelled on
 * reset. No compute is behind a warehouse: statements run on DuckDB or the warm Spark whatever its
 * state, as its {@code minilake.engine} tag says (see {@link EngineMode}).
 */
@Service
public class WarehousesService implements AutoCloseable {
    static final long TRANSITION_MS = 300;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Collection<Warehouse> warehouses;
    private final Collection<JsonNode> config;
    private final String user;
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "minilake-warehouse-timer");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, ScheduledFuture<?>> transitions = new ConcurrentHashMap<>();
    private final Map<String, ScheduledFuture<?>> autoStops = new ConcurrentHashMap<>();
    /** Each warehouse's engine (its minilake.engine tag), read per statement; dropped on every change. */
    private final Map<String, EngineMode> engineModes = new ConcurrentHashMap<>();

    public WarehousesService(Store store, Settings settings) {
        this.warehouses = store.collection("sql_warehouse", Warehouse.class);
        this.config = store.collection("sql_warehouse_config", JsonNode.class);
        this.user = settings.userName();
    }

    public String create(WarehouseSpec s, String baseUrl) {
        if (s.name() == null || s.name().isBlank()) throw ApiException.missingField("name");
        engineMode(s.tags());
        byte[] b = new byte[8];
        RANDOM.nextBytes(b);
        String id = HexFormat.of().formatHex(b);
        URI base = URI.create(baseUrl);
        int port = base.getPort() > 0 ? base.getPort() : 443;
        String path = "/sql/1.0/warehouses/" + id;
        Warehouse w = new Warehouse(id, s.name(), or(s.cluster_size(), "2X-Small"), or(s.auto_stop_mins(), 120L),
                or(s.min_num_clusters(), 1L), or(s.max_num_clusters(), 1L), 0, 0, or(s.enable_photon(), true),
                or(s.enable_serverless_compute(), false), or(s.warehouse_type(), "CLASSIC"),
                or(s.spot_instance_policy(), "COST_OPTIMIZED"), s.channel(), s.tags(), s.instance_profile_arn(),
                or(s.creator_name(), user), "STARTING", new OdbcParams(base.getHost(), path, base.getScheme(), port),
                "jdbc:databricks://" + base.getHost() + ":" + port + "/default;transportMode=http;ssl="
                        + ("https".equals(base.getScheme()) ? 1 : 0) + ";AuthMech=3;httpPath=" + path + ";", null);
        warehouses.insert(id, w);
        transition(id, "RUNNING");
        return id;
    }

    /** The warehouse named {@code name}, created, or started when stopped: idempotent (MCP's ensure_warehouse and setup_fixture). */
    public Warehouse ensure(String name, String clusterSize, String baseUrl) {
        return awaitRunning(ensureId(name, clusterSize, baseUrl));
    }

    /** Under the lock: find or create, start when stopped. The wait happens outside it, as the transition needs the lock. */
    private synchronized String ensureId(String name, String clusterSize, String baseUrl) {
        if (name == null || name.isBlank()) throw ApiException.missingField("name");
        Warehouse w = list().stream().filter(x -> name.equals(x.name())).findFirst().orElse(null);
        if (w == null) {
            return create(new WarehouseSpec(name, clusterSize, null, null, null, null, null, null, null, null, null, null, null), baseUrl);
        }
        if ("STOPPED".equals(w.state()) || "STOPPING".equals(w.state())) start(w.id());
        return w.id();
    }

    /** Waits (a caller on the blocking scheduler) for a starting warehouse's scheduled RUNNING, as the SDK's waiter does. */
    private Warehouse awaitRunning(String id) {
        long deadline = System.currentTimeMillis() + 10 * TRANSITION_MS + 5_000;
        Warehouse w = get(id);
        while ("STARTING".equals(w.state()) && System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            w = get(id);
        }
        return w;
    }

    public Warehouse get(String id) {
        return warehouses.get(id).orElseThrow(() -> ApiException.notFound("Warehouse " + id));
    }

    public List<Warehouse> list() {
        return warehouses.list();
    }

    public synchronized void edit(String id, WarehouseSpec s) {
        Warehouse w = get(id);
        engineMode(s.tags());
        engineModes.remove(id);
        Warehouse e = new Warehouse(id, or(s.name(), w.name()), or(s.cluster_size(), w.cluster_size()),
                or(s.auto_stop_mins(), w.auto_stop_mins()), or(s.min_num_clusters(), w.min_num_clusters()),
                or(s.max_num_clusters(), w.max_num_clusters()), w.num_clusters(), w.num_active_sessions(),
                or(s.enable_photon(), w.enable_photon()), or(s.enable_serverless_compute(), w.enable_serverless_compute()),
                or(s.warehouse_type(), w.warehouse_type()), or(s.spot_instance_policy(), w.spot_instance_policy()),
                s.channel() != null ? s.channel() : w.channel(), s.tags() != null ? s.tags() : w.tags(),
                or(s.instance_profile_arn(), w.instance_profile_arn()), w.creator_name(), w.state(), w.odbc_params(),
                w.jdbc_url(), w.health());
        warehouses.put(id, e);
        if ("RUNNING".equals(e.state())) scheduleAutoStop(e);
    }

    public void delete(String id) {
        get(id);
        cancelTimers(id);
        warehouses.delete(id);
        engineModes.remove(id);
    }

    public synchronized void start(String id) {
        Warehouse w = get(id);
        if ("RUNNING".equals(w.state()) || "STARTING".equals(w.state())) return;
        warehouses.put(id, w.withState("STARTING"));
        transition(id, "RUNNING");
    }

    public synchronized void stop(String id) {
        Warehouse w = get(id);
        if ("STOPPED".equals(w.state()) || "STOPPING".equals(w.state())) return;
        warehouses.put(id, w.withState("STOPPING"));
        transition(id, "STOPPED");
    }

    public List<DataSource> dataSources() {
        return list().stream().map(w -> new DataSource(w.id(), w.id(), w.name(), "databricks_internal", "sql",
                false, true, 0)).toList();
    }

    public JsonNode config() {
        return config.get("workspace").orElseGet(() -> new com.fasterxml.jackson.databind.node.ObjectNode(
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance));
    }

    public void setConfig(JsonNode body) {
        config.put("workspace", body);
    }

    /**
     * The engine statements on {@code warehouseId} run on: its {@code minilake.engine} tag, AUTO when
     * untagged or when no such warehouse exists (statements name any id, as the SDK's examples do).
     */
    public EngineMode engineMode(String warehouseId) {
        if (warehouseId == null) return EngineMode.AUTO;
        return engineModes.computeIfAbsent(warehouseId, id -> warehouses.get(id).map(w -> EngineMode.fromTags(w.tags())).orElse(EngineMode.AUTO));
    }

    /** Checks the tag's value when a warehouse is created or edited. */
    private static void engineMode(JsonNode tags) {
        try {
            EngineMode.fromTags(tags);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid(e.getMessage());
        }
    }

    /** Stops every timer (reset and shutdown). */
    void quiesce() {
        engineModes.clear();
        transitions.keySet().forEach(this::cancelTimers);
        autoStops.keySet().forEach(this::cancelTimers);
    }

    private void transition(String id, String target) {
        cancelTimers(id);
        transitions.put(id, timers.schedule(() -> settle(id, target), TRANSITION_MS, TimeUnit.MILLISECONDS));
    }

    private synchronized void settle(String id, String target) {
        transitions.remove(id);
        warehouses.get(id).ifPresent(w -> {
            Warehouse settled = w.withState(target);
            warehouses.put(id, settled);
            if ("RUNNING".equals(target)) scheduleAutoStop(settled);
        });
    }

    /** auto_stop_mins minutes after reaching RUNNING the warehouse stops; 0 means never. */
    private void scheduleAutoStop(Warehouse w) {
        ScheduledFuture<?> old = autoStops.remove(w.id());
        if (old != null) old.cancel(false);
        if (w.auto_stop_mins() <= 0) return;
        autoStops.put(w.id(), timers.schedule(() -> stop(w.id()), w.auto_stop_mins(), TimeUnit.MINUTES));
    }

    private void cancelTimers(String id) {
        ScheduledFuture<?> t = transitions.remove(id);
        if (t != null) t.cancel(false);
        ScheduledFuture<?> a = autoStops.remove(id);
        if (a != null) a.cancel(false);
    }

    private static <T> T or(T v, T fallback) {
        return v != null ? v : fallback;
    }

    @Override
    public void close() {
        timers.shutdownNow();
    }
}
