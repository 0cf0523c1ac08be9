package dev.minilake.sql;

import dev.minilake.core.api.Paging;
import dev.minilake.core.api.Request;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.engines.statements.SpooledResult;
import dev.minilake.engines.statements.StatementExecution;
import dev.minilake.sql.QueryHistoryDtos.ListQueriesResponse;
import dev.minilake.sql.QueryHistoryDtos.QueryInfo;
import org.springframework.stereotype.Service;

import jakarta.annotation.PreDestroy;
import org.slf4j.LoggerFactory;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The durable record of every statement, named like the SDK's QueryHistoryAPI.
 *
 * <p>History is written behind the statement: its answer never waits for a store write. Records
 * gather in memory (the latest state per statement) and are committed together, in one transaction,
 * a few milliseconds later; listing commits what is pending first, so a list always shows every
 * statement that ended. A kill -9 can lose only the last few milliseconds of history, never an
 * acknowledged write (history is MiniLake's record of statements, not a write a client asked for).
 */
@Service
public class QueryHistoryService {
    /** How long records gather before one commit writes them all. */
    private static final long GROUP_COMMIT_MS = 20;

    private final Store store;
    private final Collection<QueryInfo> queries;
    private final String user;
    /** Statement id → its latest record not yet committed; guarded by itself. */
    private final Map<String, QueryInfo> pending = new LinkedHashMap<>();
    /** Held while a batch commits, so batches commit in the order they were drained. */
    private final Object flushLock = new Object();
    private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "minilake-history-writer");
        t.setDaemon(true);
        return t;
    });
    private boolean flushScheduled; // guarded by pending

    public QueryHistoryService(Store store, Settings settings) {
        this.store = store;
        this.queries = store.collection("sql_query_history", QueryInfo.class);
        this.user = settings.userName();
    }

    /** Commits every pending record now, in one transaction. */
    public void flush() {
        synchronized (flushLock) {
            List<Map.Entry<String, QueryInfo>> batch;
            synchronized (pending) {
                flushScheduled = false;
                if (pending.isEmpty()) return;
                batch = List.copyOf(pending.entrySet());
                pending.clear();
            }
            store.inTransaction(() -> batch.forEach(e -> queries.put(e.getKey(), e.getValue())));
        }
    }

    /** Forgets what was not committed yet (reset: the store is about to be cleared). */
    void discardPending() {
        synchronized (pending) {
            pending.clear();
        }
    }

    @PreDestroy
    void close() {
        writer.shutdown();
        flush();
    }

    private void enqueue(String id, QueryInfo info) {
        synchronized (pending) {
            pending.put(id, info);
            if (flushScheduled) return;
            flushScheduled = true;
        }
        writer.schedule(this::flushQuietly, GROUP_COMMIT_MS, TimeUnit.MILLISECONDS);
    }

    private void flushQuietly() {
        try {
            flush();
        } catch (RuntimeException e) {
            LoggerFactory.getLogger("minilake.history").warn("query history could not be written: {}", e.getMessage());
        }
    }

    /**
     * Records the statement as it is now. Called when it ends, and when its caller stops waiting
     * for it first; a statement that ends within the wait is written once. The state is read under
     * the statement's history lock, so the last write is always the latest state.
     */
    void record(StatementExecution e) {
        synchronized (e.recordLock()) {
            StatementExecution.State state = e.state();
            String status = switch (state) {
                case PENDING -> "QUEUED";
                case RUNNING -> "RUNNING";
                case SUCCEEDED -> "FINISHED";
                case FAILED -> "FAILED";
                case CANCELED, CLOSED -> "CANCELED";
            };
            boolean ended = e.isTerminal();
            SpooledResult r = e.result();
            String error = e.failure() == null ? null : e.failure().message();
            enqueue(e.id(), info(e, status, error, ended ? e.endMs() : null, r == null ? null : r.totalRows(), ended));
        }
    }

    public ListQueriesResponse list(Request req) {
        List<String> statuses = req.queryAll("filter_by.statuses");
        List<String> warehouses = req.queryAll("filter_by.warehouse_ids");
        List<String> ids = req.queryAll("filter_by.statement_ids");
        long from = req.queryLong("filter_by.query_start_time_range.start_time_ms").orElse(Long.MIN_VALUE);
        long to = req.queryLong("filter_by.query_start_time_range.end_time_ms").orElse(Long.MAX_VALUE);
        long max = req.queryLong("max_results").orElse(100L);
        int offset = (int) Paging.offset(req.query("page_token").orElse(null));
        return list(statuses, warehouses, ids, from, to, max, offset);
    }

    /** The typed form of the list: filters (empty = any), a time range, a page size and an offset. */
    public ListQueriesResponse list(List<String> statuses, List<String> warehouses, List<String> ids, long from, long to,
                                    long max, int offset) {
        if (max <= 0 || max > 1000) throw ApiException.invalid("max_results must be between 1 and 1000, got " + max);
        flush();
        List<QueryInfo> matching = queries.list().stream()
                .filter(q -> statuses.isEmpty() || statuses.contains(q.status()))
                .filter(q -> warehouses.isEmpty() || warehouses.contains(q.warehouse_id()))
                .filter(q -> ids.isEmpty() || ids.contains(q.query_id()))
                .filter(q -> q.query_start_time_ms() >= from && q.query_start_time_ms() <= to)
                .sorted(Comparator.comparing(QueryInfo::query_start_time_ms).reversed())
                .toList();
        Paging.Window<QueryInfo> page = Paging.window(matching, offset, max);
        return new ListQueriesResponse(page.items(), page.nextPageToken(), page.more());
    }

    private QueryInfo info(StatementExecution e, String status, String error, Long endMs, Long rows, boolean fin) {
        String warehouse = e.request().warehouseId();
        return new QueryInfo(e.id(), e.request().statement(), status, error, endMs == null ? null : endMs - e.createdMs(),
                rows, warehouse, warehouse, user, user, e.createdMs(), endMs, endMs, statementType(e.request().statement()),
                e.request().sessionId(), fin, e.engine());
    }

    /** The SDK's QueryStatementType (SELECT, INSERT, CREATE, ...), from the statement's first word. */
    private static String statementType(String sql) {
        var tokens = dev.minilake.engines.sqltranslate.SqlTokenizer.significant(sql);
        String first = tokens.isEmpty() ? "OTHER" : tokens.get(0).text().toUpperCase(Locale.ROOT);
        return switch (first) {
            case "SELECT", "WITH", "INSERT", "UPDATE", "DELETE", "MERGE", "CREATE", "DROP", "ALTER", "USE", "SHOW",
                 "DESCRIBE", "TRUNCATE", "REPLACE", "COPY", "REFRESH", "GRANT", "REVOKE", "OPTIMIZE", "EXPLAIN" -> first;
            default -> "OTHER";
        };
    }

}
