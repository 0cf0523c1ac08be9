package dev.minilake.sql;

import dev.minilake.catalog.CatalogsService;
import dev.minilake.catalog.SchemasService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.DataDir;
import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.sql.StatementDtos.ExecuteStatementRequest;
import dev.minilake.sql.StatementDtos.ResultData;
import dev.minilake.sql.StatementDtos.StatementResponse;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import dev.minilake.engines.sqltranslate.VolumePaths;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Statement execution, named like the SDK's StatementExecutionAPI. Statements run asynchronously on
 * a dedicated bounded pool, so a long query never holds an API thread beyond its wait_timeout.
 */
@Service
public class StatementsService implements AutoCloseable {
    static final int ROWS_PER_CHUNK = 10_000;
    static final long BYTES_PER_CHUNK = 16L * 1024 * 1024;
    static final int ARROW_BATCH_ROWS = 64 * 1024;
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Renders an in-memory chunk for an external link, as a spooled chunk file holds it. */
    private static final com.fasterxml.jackson.databind.ObjectMapper CHUNK_JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private final Map<String, StatementExecution> statements = new ConcurrentHashMap<>();
    private final ThreadPoolExecutor pool;
    private final StatementRunner runner;
    private final QueryHistoryService history;
    private final SqlSessionsService sessions;
    private final Path results;
    /** Created by the first ARROW_STREAM statement, not at start-up. */
    private BufferAllocator arrowAllocator;

    public StatementsService(DuckDbEngine duckdb, DataDir dataDir, QueryHistoryService history, SqlSessionsService sessions,
                             CatalogsService catalogs, SchemasService schemas, dev.minilake.catalog.TablesService tables,
                             dev.minilake.engines.delta.DeltaTables delta, dev.minilake.catalog.VolumesService volumes,
                             dev.minilake.core.settings.Settings settings, dev.minilake.engines.spark.SparkSql spark,
                             WarehousesService warehouses) {
        AtomicInteger n = new AtomicInteger();
        int threads = Math.max(8, 2 * Runtime.getRuntime().availableProcessors());
        this.pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(10_000), r -> {
            Thread t = new Thread(r, "minilake-sql-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        VolumePaths volumePaths = new VolumeFilePaths(volumes);
        this.runner = new StatementRunner(duckdb, sessions, settings.userName(), new CatalogDdl(catalogs, schemas), new ResultSpool(ROWS_PER_CHUNK, BYTES_PER_CHUNK),
                new ArrowSpool(this::arrowAllocator, ARROW_BATCH_ROWS, BYTES_PER_CHUNK), new DeltaSql(tables, delta, volumePaths),
                volumePaths, spark, warehouses::engineMode);
        this.history = history;
        this.sessions = sessions;
        this.results = dataDir.area("results");
    }

    public StatementResponse execute(ExecuteStatementRequest req, String baseUrl) throws Exception {
        SqlContext ctx = req.session_id() != null ? sessions.context(req.session_id()) : SqlContext.DEFAULT;
        StatementExecution e = start(req, ctx.with(req.catalog(), req.schema()));
        if (!e.await(req.waitMillis())) stoppedWaiting(e);
        return StatementResponses.of(e, baseUrl);
    }

    /**
     * As {@link #execute}, with no thread waiting: the answer is built when the statement ends (on
     * its statement thread) or when its wait runs out (on {@code blocking}). A statement in a session
     * reads the session's record first, so it takes the blocking path.
     */
    public Mono<StatementResponse> submit(ExecuteStatementRequest req, String baseUrl, Scheduler blocking) {
        if (req.session_id() != null) return Mono.fromCallable(() -> execute(req, baseUrl)).subscribeOn(blocking);
        long wait = req.waitMillis();
        StatementExecution e = start(req, SqlContext.DEFAULT.with(req.catalog(), req.schema()));
        return Mono.fromFuture(e.ended, true).thenReturn(true)
                .timeout(Duration.ofMillis(wait), Mono.just(false))
                .flatMap(ended -> {
                    Mono<StatementResponse> answer = Mono.fromCallable(() -> {
                        if (!ended) stoppedWaiting(e);
                        return StatementResponses.of(e, baseUrl);
                    });
                    // an answer that reads a chunk file or writes history is built off the event loop
                    return ended && StatementResponses.fromMemory(e) ? answer : answer.subscribeOn(blocking);
                });
    }

    /** Creates the statement and queues it; its thread runs it, records it in history, then completes {@code ended}. */
    private StatementExecution start(ExecuteStatementRequest req, SqlContext ctx) {
        String id = UUID.randomUUID().toString();
        String token = HexFormat.of().formatHex(randomBytes());
        StatementExecution e = new StatementExecution(id, req, ctx, token, results.resolve(id));
        statements.put(id, e);
        try {
            e.future(pool.submit(() -> {
                try {
                    runner.run(e, next -> {
                        if (req.session_id() != null) sessions.update(req.session_id(), next);
                    });
                    history.record(e);
                } finally {
                    e.ended.complete(null);
                }
            }));
        } catch (RejectedExecutionException full) {
            e.fail(new SqlErrors.Failure(new StatementDtos.ServiceError("RESOURCE_EXHAUSTED",
                    "Too many statements queued; retry later"), null));
            history.record(e);
            e.ended.complete(null);
        }
        return e;
    }

    /** The caller's wait ran out: cancel if asked, and record that it is still running (or how it ended). */
    private void stoppedWaiting(StatementExecution e) {
        if (e.request.cancelOnTimeout()) e.cancel();
        history.record(e);
    }

    /**
     * Runs one SQL text to completion for MiniLake's own callers (saved queries, alerts, commands),
     * through the same engine, history and translation as the API, and returns up to
     * {@code maxRows} rows. Never throws for a SQL error: the failure is in the result.
     */
    public QueryResult runToCompletion(String sql, String warehouseId, String catalog, String schema,
                                       List<StatementDtos.Parameter> parameters, int maxRows, long timeoutMillis) throws Exception {
        ExecuteStatementRequest req = new ExecuteStatementRequest(sql, warehouseId == null ? "minilake" : warehouseId,
                catalog, schema, null, parameters, "INLINE", "JSON_ARRAY", "0s", null, (long) maxRows + 1, null);
        StatementResponse first = execute(req, "http://127.0.0.1");
        StatementExecution e = find(first.statement_id());
        if (!e.await(timeoutMillis)) {
            if (e.cancel()) history.record(e);
            return new QueryResult(e.id, "CANCELED", List.of(), List.of(), false, "DEADLINE_EXCEEDED",
                    "The statement did not finish within " + timeoutMillis + " ms and was canceled");
        }
        StatementResponse r = StatementResponses.of(e, "http://127.0.0.1");
        if (!"SUCCEEDED".equals(r.status().state())) {
            StatementDtos.ServiceError err = r.status().error();
            return new QueryResult(e.id, r.status().state(), List.of(), List.of(), false,
                    err == null ? null : err.error_code(), err == null ? "statement " + r.status().state() : err.message());
        }
        List<QueryResult.Column> cols = r.manifest().schema().columns().stream()
                .map(c -> new QueryResult.Column(c.name(), c.type_name(), c.type_text())).toList();
        List<List<String>> rows = new java.util.ArrayList<>();
        for (int i = 0; i < e.result().chunks().size() && rows.size() < maxRows; i++) {
            for (List<String> row : e.result().chunks().get(i).rows()) {
                if (rows.size() >= maxRows) break;
                rows.add(row);
            }
        }
        boolean truncated = r.manifest().total_row_count() > rows.size();
        return new QueryResult(e.id, "SUCCEEDED", cols, rows, truncated, null, null);
    }

    public StatementResponse get(String id, String baseUrl) throws IOException {
        return StatementResponses.of(find(id), baseUrl);
    }

    public void cancel(String id) {
        StatementExecution e = find(id);
        if (e.cancel()) history.record(e);
    }

    /** DELETE /statements/{id} (the SQL connector closes every statement): cancel if running, then CLOSED. */
    public void closeStatement(String id) {
        StatementExecution e = find(id);
        boolean wasRunning = !e.isTerminal();
        e.close();
        if (wasRunning) history.record(e);
    }

    public ResultData chunk(String id, int index, String baseUrl) throws IOException {
        StatementExecution e = find(id);
        if (e.state() != StatementExecution.State.SUCCEEDED) {
            throw new ApiException(ErrorCode.INVALID_STATE, "Statement " + id + " is " + e.state() + ", it has no result");
        }
        if (index < 0 || index >= e.result().chunks().size()) {
            throw ApiException.invalid("Chunk index " + index + " is out of range [0, " + e.result().chunks().size() + ")");
        }
        return StatementResponses.chunk(e, index, baseUrl);
    }

    /** The bytes behind an external link, rendered in the statement's format. */
    public ResultBytes download(String id, int index, String token) throws Exception {
        StatementExecution e = statements.get(id);
        if (e == null || !e.token.equals(token) || e.result() == null || index < 0 || index >= e.result().chunks().size()) {
            throw new ApiException(ErrorCode.NOT_FOUND, "No such result chunk, or its link expired");
        }
        if (System.currentTimeMillis() > e.endMs() + StatementResponses.LINK_TTL_MS * 4) {
            throw new ApiException(ErrorCode.PERMISSION_DENIED, "The result link has expired");
        }
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

    /** Cancels every statement and waits briefly for their threads to leave DuckDB. */
    void quiesce() throws InterruptedException {
        for (StatementExecution e : statements.values()) e.cancel();
        for (StatementExecution e : statements.values()) e.await(5000);
        statements.values().forEach(StatementExecution::close);
        statements.clear();
    }

    void reset() throws Exception {
        runner.closeIdleConnections();
        DataDir.emptyDirectory(results);
    }

    private StatementExecution find(String id) {
        StatementExecution e = statements.get(id);
        if (e == null) throw ApiException.notFound("Statement " + id);
        return e;
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
        runner.closeIdleConnections();
        synchronized (this) {
            if (arrowAllocator != null) arrowAllocator.close();
        }
    }
}
