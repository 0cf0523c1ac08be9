package dev.minilake.engines.statements;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;
import dev.minilake.engines.delta.DeltaTables;
import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.spark.SparkSql;
import dev.minilake.engines.sqltranslate.VolumePaths;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.springframework.stereotype.Component;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The one statement engine: every SQL statement MiniLake runs (the Statement Execution API, SQL
 * sessions, saved queries, alerts, jobs' SQL tasks, commands, MCP tools) goes through here.
 * Statements run on a bounded pool of their own, so no API thread waits on one; the
 * {@link StatementRunner} routes each to DuckDB or Spark. API groups see a statement as a
 * {@link StatementExecution}; MiniLake's own callers get a {@link QueryResult} in memory.
 */
@Component
public class StatementEngine implements AutoCloseable {
    static final int ROWS_PER_CHUNK = 10_000;
    static final long BYTES_PER_CHUNK = 16L * 1024 * 1024;
    static final int ARROW_BATCH_ROWS = 64 * 1024;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final ObjectMapper CHUNK_JSON = new ObjectMapper();

    private final Map<String, StatementExecution> statements = new ConcurrentHashMap<>();
    /** Live state of SQL sessions (temporary views, SET configuration), by session id. */
    private final Map<String, SessionState> sessions = new ConcurrentHashMap<>();
    /** Told of every statement that ended here (query history records it). */
    private final List<Consumer<StatementExecution>> endListeners = new CopyOnWriteArrayList<>();
    private final ThreadPoolExecutor pool;
    /** Ends each statement still running when its STATEMENT_TIMEOUT runs out. */
    private final java.util.concurrent.ScheduledThreadPoolExecutor timeouts = StatementTimeout.scheduler();
    private final StatementRunner runner;
    private final DuckDbEngine duckdb;
    private final Path results;
    /** Created by the first ARROW_STREAM statement, not at start-up. */
    private BufferAllocator arrowAllocator;

    public StatementEngine(DuckDbEngine duckdb, DataDir dataDir, Settings settings, TableCatalog tables, CatalogDirectory catalogs,
                           DeltaTables delta, VolumePaths volumePaths, SparkSql spark, VolumeStaging staging) {
        AtomicInteger n = new AtomicInteger();
        int threads = Math.max(8, 2 * Runtime.getRuntime().availableProcessors());
        this.pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(10_000), r -> {
            Thread t = new Thread(r, "minilake-sql-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.duckdb = duckdb;
        this.runner = new StatementRunner(duckdb, this::session, settings.userName(), new CatalogDdl(catalogs),
                new ResultSpool(ROWS_PER_CHUNK, BYTES_PER_CHUNK), new ArrowSpool(this::arrowAllocator, ARROW_BATCH_ROWS, BYTES_PER_CHUNK),
                new DeltaSql(tables, delta, volumePaths), volumePaths, spark, staging, tables);
        this.results = dataDir.area("results");
    }

    /** {@code listener} is told of each statement that ends (on the statement's thread, before waiters are released). */
    public void onEnd(Consumer<StatementExecution> listener) {
        endListeners.add(listener);
    }

    /**
     * Queues a statement in {@code context}; its thread runs it, tells the end listeners, then
     * completes {@link StatementExecution#ended()}. {@code onUse} hears of a USE that moved it.
     */
    public StatementExecution submit(StatementRequest req, SqlContext context, Consumer<SqlContext> onUse) {
        return submit(req, context, onUse, true);
    }

    private StatementExecution submit(StatementRequest req, SqlContext context, Consumer<SqlContext> onUse, boolean spoolToFiles) {
        String id = UUID.randomUUID().toString();
        StatementExecution e = new StatementExecution(id, req, context, HexFormat.of().formatHex(randomBytes()),
                spoolToFiles ? results.resolve(id) : null);
        statements.put(id, e);
        long timeoutSeconds = StatementTimeout.seconds(req.sessionId() == null ? Map.of() : session(req.sessionId()).conf());
        var timer = timeouts.schedule(() -> {
            if (e.timeOut(StatementTimeout.exceeded(timeoutSeconds))) ended(e);
        }, timeoutSeconds, TimeUnit.SECONDS);
        e.ended.whenComplete((v, err) -> timer.cancel(false));
        try {
            e.future(pool.submit(() -> {
                try {
                    runner.run(e, onUse);
                    ended(e);
                } finally {
                    e.ended.complete(null);
                }
            }));
        } catch (RejectedExecutionException full) {
            e.fail(new SqlError("RESOURCE_EXHAUSTED", "Too many statements queued; retry later", null));
            ended(e);
            e.ended.complete(null);
        }
        return e;
    }

    /**
     * Runs one statement to completion for MiniLake's own callers and returns up to {@code maxRows}
     * rows, held in memory. Never throws for a SQL error: the failure is in the result. A statement
     * still running after {@code timeoutMillis} is canceled.
     */
    public QueryResult run(StatementRequest req, SqlContext context, int maxRows, long timeoutMillis) throws InterruptedException {
        StatementRequest capped = new StatementRequest(req.statement(), req.warehouseId(), req.sessionId(), req.parameters(),
                req.engineMode(), "JSON_ARRAY", "INLINE", (long) maxRows + 1, null);
        // kept by id like any statement: a caller may hand its id on (run_sql answers it, get_statement reads it)
        StatementExecution e = submit(capped, context, next -> { }, false);
        if (!e.await(timeoutMillis)) {
            if (e.cancel()) ended(e);
            return QueryResult.failed(e.id, "CANCELED", "DEADLINE_EXCEEDED",
                    "The statement did not finish within " + timeoutMillis + " ms and was canceled");
        }
        if (e.state() != StatementExecution.State.SUCCEEDED) {
            SqlError err = e.failure();
            return QueryResult.failed(e.id, e.state().name(), err == null ? null : err.errorCode(),
                    err == null ? "statement " + e.state() : err.message());
        }
        SpooledResult r = e.result();
        List<List<String>> rows = new ArrayList<>();
        for (SpooledResult.Chunk c : r.chunks()) {
            for (List<String> row : c.memory()) {
                if (rows.size() >= maxRows) break;
                rows.add(row);
            }
        }
        List<QueryResult.Column> cols = r.columns().stream()
                .map(c -> new QueryResult.Column(c.name(), c.type().typeName(), c.type().typeText())).toList();
        return new QueryResult(e.id, "SUCCEEDED", cols, rows, r.totalRows() > rows.size(), null, null, e.engine());
    }

    /** As {@link #run} in the default catalog and schema, with no warehouse, on whichever engine answers. */
    public QueryResult run(String sql, List<StatementRequest.Parameter> parameters, int maxRows, long timeoutMillis)
            throws InterruptedException {
        return run(new StatementRequest(sql, "minilake", null, parameters, null, null, null, null, null), SqlContext.DEFAULT,
                maxRows, timeoutMillis);
    }

    public Optional<StatementExecution> find(String id) {
        return Optional.ofNullable(statements.get(id));
    }

    /** A chunk's bytes, rendered in the statement's format: in memory, or a file served as it is. */
    public ResultBytes chunkBytes(StatementExecution e, int index) throws Exception {
        SpooledResult.Chunk c = e.result().chunks().get(index);
        if (e.result().encoding() == SpooledResult.Encoding.ARROW_IPC) return new ResultBytes(ArrowSpool.MEDIA_TYPE, null, c.file());
        List<List<String>> rows = c.rows();
        return switch (e.request.format()) {
            case "ARROW_STREAM" -> new ResultBytes(ArrowSpool.MEDIA_TYPE, ArrowChunks.render(e.result().columns(), rows), null);
            case "CSV" -> new ResultBytes("text/csv", CsvChunks.render(e.result().columns(), rows, index == 0), null);
            default -> c.file() != null ? new ResultBytes("application/json", null, c.file())
                    : new ResultBytes("application/json", CHUNK_JSON.writeValueAsBytes(rows), null);
        };
    }

    /** A chunk's bytes: rendered in memory, or a file served as it is. */
    public record ResultBytes(String contentType, byte[] bytes, Path file) {
    }

    /** A named session's live state, made on its first statement. */
    SessionState session(String sessionId) {
        return sessions.computeIfAbsent(sessionId, k -> SessionState.forSession(duckdb));
    }

    /**
     * A new session's configuration ({@code session_confs} of the SQL Sessions API), before its first
     * statement; an invalid value is an {@link IllegalArgumentException} with Spark's message.
     */
    public void configureSession(String sessionId, Map<String, String> sessionConfs) {
        if (sessionConfs == null || sessionConfs.isEmpty()) return;
        Map<String, String> conf = SessionConf.fromSessionConfs(sessionConfs);
        session(sessionId).conf().putAll(conf);
    }

    /** A session ended: its temporary views and configuration go with its connection. */
    public void closeSession(String sessionId) {
        // its running statements are cancelled first (DuckDB interrupted, Spark's job group cancelled), so the
        // close answers at once rather than after them, and their work stops as on Databricks
        for (StatementExecution e : statements.values()) {
            if (sessionId.equals(e.request().sessionId())) e.cancel();
        }
        SessionState s = sessions.remove(sessionId);
        if (s != null) s.close();
    }

    /** Cancels every statement and waits briefly for their threads to leave DuckDB; then ends every session. */
    public void quiesce() throws InterruptedException {
        for (StatementExecution e : statements.values()) e.cancel();
        for (StatementExecution e : statements.values()) e.await(5000);
        statements.values().forEach(StatementExecution::close);
        statements.clear();
        sessions.values().forEach(SessionState::close);
        sessions.clear();
    }

    /** After {@link #quiesce}: no idle connection and no result file is left. */
    public void reset() throws Exception {
        runner.closeIdleConnections();
        DataDir.emptyDirectory(results);
    }

    private void ended(StatementExecution e) {
        for (Consumer<StatementExecution> l : endListeners) l.accept(e);
    }

    private static byte[] randomBytes() {
        byte[] b = new byte[24];
        RANDOM.nextBytes(b);
        return b;
    }

    private synchronized BufferAllocator arrowAllocator() {
        if (arrowAllocator == null) arrowAllocator = new RootAllocator();
        return arrowAllocator;
    }

    @Override
    public void close() {
        pool.shutdownNow();
        timeouts.shutdownNow();
        runner.closeIdleConnections();
        sessions.values().forEach(SessionState::close);
        synchronized (this) {
            if (arrowAllocator != null) arrowAllocator.close();
        }
    }
}
