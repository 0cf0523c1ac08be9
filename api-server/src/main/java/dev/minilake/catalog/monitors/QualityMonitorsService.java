package dev.minilake.catalog.monitors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.Names;
import dev.minilake.catalog.SchemasService;
import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.catalog.TableDtos.TableInfo;
import dev.minilake.catalog.TablesService;
import dev.minilake.catalog.monitors.MonitorDtos.MonitorRefreshInfo;
import dev.minilake.catalog.monitors.MonitorDtos.MonitorRefreshListResponse;
import dev.minilake.catalog.monitors.MonitorDtos.RefreshRecord;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.engines.statements.QueryResult;
import dev.minilake.engines.statements.StatementEngine;
import dev.minilake.engines.statements.StatementRequest;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Lakehouse quality monitors on Unity Catalog tables, named like the SDK's QualityMonitorsAPI. The
 * monitor's configuration is stored. A refresh is real: on a background thread it goes
 * PENDING → RUNNING, profiles the table through the SQL statements engine (row count and each
 * column's null count), writes the figures to the table {@code <output schema>.<table>_profile_metrics}
 * (one row per column plus {@code :table}) and ends SUCCESS, or FAILED with the engine's error.
 * No drift metrics, custom metrics, slicing, schedules or dashboards are computed.
 */
@Service
public class QualityMonitorsService {
    /** The fields a client configures (create and update). */
    private static final Set<String> CONFIG = Set.of("assets_dir", "baseline_table_name", "custom_metrics",
            "data_classification_config", "inference_log", "latest_monitor_failure_msg", "notifications",
            "output_schema_name", "schedule", "slicing_exprs", "snapshot", "time_series", "dashboard_id");
    private static final long SQL_TIMEOUT_MS = 10 * 60_000L;

    private final Store store;
    private final TablesService tables;
    private final SchemasService schemas;
    private final StatementEngine statements;
    private final ObjectMapper json;
    private final Collection<ObjectNode> monitors;
    private final Collection<RefreshRecord> refreshes;
    private ExecutorService pool = newPool();

    public QualityMonitorsService(Store store, TablesService tables, SchemasService schemas, StatementEngine statements,
                                  ObjectMapper json) {
        this.store = store;
        this.tables = tables;
        this.schemas = schemas;
        this.statements = statements;
        this.json = json;
        this.monitors = store.collection("uc_monitor", ObjectNode.class);
        this.refreshes = store.collection("uc_monitor_refresh", RefreshRecord.class);
    }

    public synchronized ObjectNode create(String tableName, ObjectNode body) {
        TableInfo t = table(tableName);
        String outputSchema = validateConfig(body, true);
        if (find(t).isPresent()) throw ApiException.alreadyExists("Monitor for table '" + t.full_name() + "'");
        ObjectNode m = json.createObjectNode();
        copyConfig(body, m);
        m.put("output_schema_name", outputSchema);
        m.put("table_name", t.full_name());
        m.put("status", "MONITOR_STATUS_ACTIVE");
        m.put("monitor_version", 1);
        m.put("profile_metrics_table_name", outputSchema + "." + t.name() + "_profile_metrics");
        m.put("drift_metrics_table_name", outputSchema + "." + t.name() + "_drift_metrics");
        m.put("table_id", t.table_id());
        monitors.insert(t.full_name(), m);
        return view(m);
    }

    public ObjectNode get(String tableName) {
        return view(require(table(tableName)));
    }

    /** Replaces the configuration (PUT): fields not sent are cleared, as the API documents. */
    public synchronized ObjectNode update(String tableName, ObjectNode body) {
        TableInfo t = table(tableName);
        ObjectNode old = require(t);
        String outputSchema = validateConfig(body, false);
        ObjectNode m = json.createObjectNode();
        copyConfig(body, m);
        if (!m.has("assets_dir") && old.has("assets_dir")) m.set("assets_dir", old.get("assets_dir"));
        m.put("output_schema_name", outputSchema);
        for (String keep : List.of("table_name", "status", "table_id")) m.set(keep, old.get(keep));
        m.put("profile_metrics_table_name", outputSchema + "." + t.name() + "_profile_metrics");
        m.put("drift_metrics_table_name", outputSchema + "." + t.name() + "_drift_metrics");
        m.put("monitor_version", old.path("monitor_version").asLong(1) + 1);
        monitors.put(t.full_name(), m);
        return view(m);
    }

    /** Deletes the monitor and its refresh history; the metric tables it wrote stay, as in Databricks. */
    public synchronized void delete(String tableName) {
        TableInfo t = table(tableName);
        require(t);
        forget(t.full_name());
    }

    /** Queues a refresh and returns it PENDING; the profile is computed in the background. */
    public synchronized MonitorRefreshInfo runRefresh(String tableName) {
        TableInfo t = table(tableName);
        ObjectNode m = require(t);
        boolean busy = refreshes.listByParent(t.full_name()).stream().anyMatch(r -> !r.finished());
        if (busy) throw new ApiException(ErrorCode.RESOURCE_CONFLICT, "A refresh of the monitor of '" + t.full_name() + "' is already pending or running.");
        long id = store.nextId("uc-monitor-refresh");
        RefreshRecord r = new RefreshRecord(t.full_name(), id, "PENDING", System.currentTimeMillis(), null, null, "MANUAL", null, null);
        refreshes.insert(key(t.full_name(), id), t.full_name(), r);
        String metricsTable = m.get("profile_metrics_table_name").asText();
        pool.submit(() -> runProfile(t.full_name(), id, metricsTable));
        return r.wire();
    }

    public MonitorRefreshInfo getRefresh(String tableName, long refreshId) {
        TableInfo t = table(tableName);
        require(t);
        return requireRefresh(t.full_name(), refreshId).wire();
    }

    /** The profile of one refresh (MiniLake's own read; the SDK shape has no field for it). */
    public RefreshRecord refreshRecord(String tableName, long refreshId) {
        TableInfo t = table(tableName);
        require(t);
        return requireRefresh(t.full_name(), refreshId);
    }

    /** Refreshes, newest first. */
    public MonitorRefreshListResponse listRefreshes(String tableName) {
        TableInfo t = table(tableName);
        require(t);
        return new MonitorRefreshListResponse(refreshes.listByParent(t.full_name()).stream()
                .sorted(Comparator.comparingLong(RefreshRecord::refresh_id).reversed()).map(RefreshRecord::wire).toList());
    }

    public synchronized void cancelRefresh(String tableName, long refreshId) {
        TableInfo t = table(tableName);
        require(t);
        RefreshRecord r = requireRefresh(t.full_name(), refreshId);
        if (r.finished()) {
            throw new ApiException(ErrorCode.INVALID_STATE, "Refresh " + refreshId + " is already " + r.state() + ".");
        }
        refreshes.put(key(t.full_name(), refreshId), t.full_name(),
                r.with("CANCELED", System.currentTimeMillis(), "Canceled by the user.", null, null));
    }

    /** Stops background refreshes before the store is cleared. */
    void quiesce() throws InterruptedException {
        ExecutorService old;
        synchronized (this) {
            old = pool;
            pool = newPool();
        }
        old.shutdownNow();
        old.awaitTermination(30, TimeUnit.SECONDS);
    }

    // ---- the refresh itself

    private void runProfile(String table, long id, String metricsTable) {
        if (!transition(table, id, "PENDING", "RUNNING", null, null, null)) return;
        try {
            List<String> columns = tables.get(table).columns().stream().map(ColumnInfo::name).toList();
            // names travel as bound parameters (IDENTIFIER(:c0)); the text holds only markers
            List<StatementRequest.Parameter> params = new ArrayList<>();
            params.add(new StatementRequest.Parameter("table", Names.objectFullName("table", table).quoted(), null));
            StringBuilder sql = new StringBuilder("SELECT count(*)");
            for (int i = 0; i < columns.size(); i++) {
                sql.append(", count(*) - count(IDENTIFIER(:c").append(i).append("))");
                params.add(new StatementRequest.Parameter("c" + i, Names.quoted(columns.get(i)), null));
            }
            sql.append(" FROM IDENTIFIER(:table)");
            QueryResult r = statements.run(sql.toString(), params, 1, SQL_TIMEOUT_MS);
            if (!r.succeeded()) {
                transition(table, id, "RUNNING", "FAILED", "Profiling failed: " + r.errorMessage(), null, null);
                return;
            }
            long rows = r.singleLong();
            Map<String, Long> nulls = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) nulls.put(columns.get(i), ((Number) r.value(0, i + 1)).longValue());
            List<StatementRequest.Parameter> metrics = new ArrayList<>();
            QueryResult w = statements.run(metricsSql(metricsTable, id, rows, nulls, metrics), metrics, 1, SQL_TIMEOUT_MS);
            if (!w.succeeded()) {
                transition(table, id, "RUNNING", "FAILED", "Writing " + metricsTable + " failed: " + w.errorMessage(), rows, nulls);
                return;
            }
            transition(table, id, "RUNNING", "SUCCESS", "Profiled " + rows + " rows; null counts " + nulls
                    + "; written to " + metricsTable, rows, nulls);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            transition(table, id, "RUNNING", "FAILED", "Profiling failed: " + e.getMessage(), null, null);
        }
    }

    /**
     * One row per column and one for the whole table ({@code :table}), like Databricks' profile
     * table. The statement's text is markers only; names and values go into {@code params}.
     */
    private static String metricsSql(String metricsTable, long refreshId, long rows, Map<String, Long> nulls,
                                     List<StatementRequest.Parameter> params) {
        params.add(new StatementRequest.Parameter("metrics", Names.objectFullName("table", metricsTable).quoted(), null));
        params.add(new StatementRequest.Parameter("rows", Long.toString(rows), "BIGINT"));
        params.add(new StatementRequest.Parameter("refresh_id", Long.toString(refreshId), "BIGINT"));
        StringBuilder sql = new StringBuilder("CREATE OR REPLACE TABLE IDENTIFIER(:metrics) AS ");
        List<Map.Entry<String, Long>> rowsOut = new ArrayList<>();
        rowsOut.add(Map.entry(":table", 0L));
        rowsOut.addAll(nulls.entrySet());
        for (int i = 0; i < rowsOut.size(); i++) {
            if (i > 0) sql.append(" UNION ALL ");
            sql.append("SELECT :col").append(i).append(" AS column_name, :rows AS `count`, :nulls").append(i)
                    .append(" AS num_nulls, :refresh_id AS refresh_id");
            params.add(new StatementRequest.Parameter("col" + i, rowsOut.get(i).getKey(), "STRING"));
            params.add(new StatementRequest.Parameter("nulls" + i, Long.toString(rowsOut.get(i).getValue()), "BIGINT"));
        }
        return sql.toString();
    }

    /** Moves a refresh from one state to the next, unless it was canceled or forgotten meanwhile. */
    private synchronized boolean transition(String table, long id, String from, String to, String message,
                                            Long rows, Map<String, Long> nulls) {
        if (Thread.currentThread().isInterrupted()) return false;
        Optional<RefreshRecord> r = refreshes.get(key(table, id));
        if (r.isEmpty() || !r.get().state().equals(from)) return false;
        Long end = to.equals("RUNNING") ? null : System.currentTimeMillis();
        refreshes.put(key(table, id), table, r.get().with(to, end, message, rows, nulls));
        return true;
    }

    // ---- internals

    /** The monitored table (404 if gone); a monitor of a table that is gone is forgotten with it. */
    private TableInfo table(String tableName) {
        try {
            return tables.get(tableName);
        } catch (ApiException e) {
            if (e.code() == ErrorCode.RESOURCE_DOES_NOT_EXIST) {
                String key = Names.objectFullName("table", tableName).fullName();
                if (monitors.get(key).isPresent()) forget(key);
            }
            throw e;
        }
    }

    private String validateConfig(ObjectNode body, boolean creating) {
        String out = body.path("output_schema_name").asText("");
        if (out.isBlank()) throw ApiException.missingField("output_schema_name");
        if (creating && body.path("assets_dir").asText("").isBlank()) throw ApiException.missingField("assets_dir");
        int kinds = (body.hasNonNull("snapshot") ? 1 : 0) + (body.hasNonNull("time_series") ? 1 : 0)
                + (body.hasNonNull("inference_log") ? 1 : 0);
        if (kinds != 1) throw ApiException.invalid("Exactly one of snapshot, time_series and inference_log must be given.");
        String full = schemas.get(out).full_name(); // 404 when the output schema does not exist
        for (String f : List.of("snapshot", "time_series", "inference_log")) {
            if (body.hasNonNull(f) && !body.get(f).isObject()) throw ApiException.invalid(f + " must be an object.");
        }
        return full;
    }

    private static void copyConfig(JsonNode body, ObjectNode into) {
        body.fields().forEachRemaining(e -> {
            if (CONFIG.contains(e.getKey()) && !e.getValue().isNull()) into.set(e.getKey(), e.getValue());
        });
    }

    /** The monitor of a table, if it was made for this very table (not a dropped one of the same name). */
    private Optional<ObjectNode> find(TableInfo t) {
        Optional<ObjectNode> m = monitors.get(t.full_name());
        if (m.isPresent() && t.table_id() != null && !t.table_id().equals(m.get().path("table_id").asText(null))) {
            forget(t.full_name());
            return Optional.empty();
        }
        return m;
    }

    private ObjectNode require(TableInfo t) {
        return find(t).orElseThrow(() -> ApiException.notFound("Monitor for table '" + t.full_name() + "'"));
    }

    private RefreshRecord requireRefresh(String table, long id) {
        return refreshes.get(key(table, id)).orElseThrow(() -> ApiException.notFound("Refresh " + id + " of the monitor of '" + table + "'"));
    }

    private void forget(String table) {
        store.inTransaction(() -> {
            refreshes.deleteByParent(table);
            monitors.delete(table);
        });
    }

    private ObjectNode view(ObjectNode m) {
        ObjectNode out = m.deepCopy();
        out.remove("table_id");
        return out;
    }

    private static String key(String table, long id) {
        return table + "/" + String.format("%019d", id);
    }



    private static ExecutorService newPool() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "minilake-monitor-refresh");
            t.setDaemon(true);
            return t;
        });
    }
}
