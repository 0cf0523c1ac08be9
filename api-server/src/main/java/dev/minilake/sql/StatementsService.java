package dev.minilake.sql;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.engines.statements.QueryResult;
import dev.minilake.engines.statements.SqlContext;
import dev.minilake.engines.statements.StatementEngine;
import dev.minilake.engines.statements.StatementExecution;
import dev.minilake.engines.statements.StatementRequest;
import dev.minilake.sql.StatementDtos.ExecuteStatementRequest;
import dev.minilake.sql.StatementDtos.ResultData;
import dev.minilake.sql.StatementDtos.StatementResponse;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Statement execution, named like the SDK's StatementExecutionAPI: the wire side of the
 * {@link StatementEngine}. It turns a request into the engine's terms (the warehouse's pinned
 * engine, the session's catalog and schema), waits up to wait_timeout, and answers in the SDK's
 * shapes; query history hears of every statement from the engine.
 */
@Service
public class StatementsService {
    private final StatementEngine engine;
    private final QueryHistoryService history;
    private final SqlSessionsService sessions;
    private final WarehousesService warehouses;

    public StatementsService(StatementEngine engine, QueryHistoryService history, SqlSessionsService sessions,
                             WarehousesService warehouses) {
        this.engine = engine;
        this.history = history;
        this.sessions = sessions;
        this.warehouses = warehouses;
        engine.onEnd(history::record);
    }

    public StatementResponse execute(ExecuteStatementRequest req, String baseUrl) throws Exception {
        SqlContext ctx = req.session_id() != null ? sessions.context(req.session_id()) : SqlContext.DEFAULT;
        StatementExecution e = start(req, ctx.with(req.catalog(), req.schema()));
        if (!e.await(req.waitMillis())) stoppedWaiting(e, req);
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
        return Mono.fromFuture(e.ended(), true).thenReturn(true)
                .timeout(Duration.ofMillis(wait), Mono.just(false))
                .flatMap(ended -> {
                    Mono<StatementResponse> answer = Mono.fromCallable(() -> {
                        if (!ended) stoppedWaiting(e, req);
                        return StatementResponses.of(e, baseUrl);
                    });
                    // an answer that reads a chunk file or writes history is built off the event loop
                    return ended && StatementResponses.fromMemory(e) ? answer : answer.subscribeOn(blocking);
                });
    }

    private StatementExecution start(ExecuteStatementRequest req, SqlContext ctx) {
        String session = req.session_id();
        return engine.submit(engineRequest(req), ctx, next -> {
            if (session != null) sessions.update(session, next);
        });
    }

    /** The request in the engine's terms: the warehouse's pinned engine resolved, the disposition left to the answer. */
    private StatementRequest engineRequest(ExecuteStatementRequest req) {
        return new StatementRequest(req.statement(), req.warehouse_id(), req.session_id(), parameters(req.parameters()),
                warehouses.engineMode(req.warehouse_id()), req.format(), req.disposition(), req.row_limit(), req.byte_limit(),
                req.result_compression());
    }

    /** The caller's wait ran out: cancel if asked, and record that it is still running (or how it ended). */
    private void stoppedWaiting(StatementExecution e, ExecuteStatementRequest req) {
        if (req.cancelOnTimeout()) e.cancel();
        history.record(e);
    }

    /**
     * Runs one SQL text to completion for MiniLake's own callers in this group (saved queries,
     * alerts, the SQL MCP tools) on the engine its warehouse pins, with rows in memory. Never throws
     * for a SQL error: the failure is in the result.
     */
    public QueryResult runToCompletion(String sql, String warehouseId, String catalog, String schema,
                                       List<StatementDtos.Parameter> parameters, int maxRows, long timeoutMillis) throws Exception {
        String warehouse = warehouseId == null ? "minilake" : warehouseId;
        return engine.run(new StatementRequest(sql, warehouse, null, parameters(parameters), warehouses.engineMode(warehouse), null, null, null, null),
                SqlContext.DEFAULT.with(catalog, schema), maxRows, timeoutMillis);
    }

    private static List<StatementRequest.Parameter> parameters(List<StatementDtos.Parameter> wire) {
        return wire == null ? List.of() : wire.stream().map(p -> new StatementRequest.Parameter(p.name(), p.value(), p.type())).toList();
    }

    public StatementResponse get(String id, String baseUrl) throws IOException {
        StatementExecution e = find(id);
        return StatementResponses.of(e, baseUrl);
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
    public StatementEngine.ResultBytes download(String id, int index, String token) throws Exception {
        StatementExecution e = engine.find(id).orElse(null);
        if (e == null || !e.token().equals(token) || e.result() == null || index < 0 || index >= e.result().chunks().size()) {
            throw new ApiException(ErrorCode.NOT_FOUND, "No such result chunk, or its link expired");
        }
        if (System.currentTimeMillis() > e.endMs() + StatementResponses.LINK_TTL_MS * 4) {
            throw new ApiException(ErrorCode.PERMISSION_DENIED, "The result link has expired");
        }
        StatementEngine.ResultBytes bytes = engine.chunkBytes(e, index);
        return StatementResponses.lz4(e) ? ResultCompression.lz4Frame(bytes) : bytes;
    }

    void quiesce() throws InterruptedException {
        engine.quiesce();
    }

    void reset() throws Exception {
        engine.reset();
    }

    private StatementExecution find(String id) {
        return engine.find(id).orElseThrow(() -> ApiException.notFound("Statement " + id));
    }
}
