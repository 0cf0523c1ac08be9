package dev.minilake.sql;

import dev.minilake.sql.StatementDtos.ExecuteStatementRequest;

import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * One statement's life: PENDING → RUNNING → SUCCEEDED | FAILED | CANCELED (CLOSED after reset).
 * Transitions are synchronized; the terminal state is set once, and waiters are released then.
 */
final class StatementExecution {
    enum State { PENDING, RUNNING, SUCCEEDED, FAILED, CANCELED, CLOSED }

    final String id;
    final ExecuteStatementRequest request;
    final String token;
    final Path dir;
    final long createdMs = System.currentTimeMillis();
    volatile SqlContext context;
    /** Orders this statement's query-history writes; see {@link QueryHistoryService#record}. */
    final Object historyLock = new Object();
    /** The engine that ran (or is running) the statement: duckdb or spark, for query history and the log. */
    volatile String engine;

    private final CountDownLatch finished = new CountDownLatch(1);
    /**
     * Completed once the statement has ended and its history is written (or it was canceled), off
     * any lock: what an asynchronous caller waits on.
     */
    final java.util.concurrent.CompletableFuture<Void> ended = new java.util.concurrent.CompletableFuture<>();
    private State state = State.PENDING;
    private SqlErrors.Failure failure;
    private SpooledResult result;
    private Statement running;
    private Future<?> future;
    private long endMs;

    StatementExecution(String id, ExecuteStatementRequest request, SqlContext context, String token, Path dir) {
        this.id = id;
        this.request = request;
        this.context = context;
        this.token = token;
        this.dir = dir;
    }

    synchronized State state() {
        return state;
    }

    synchronized SqlErrors.Failure failure() {
        return failure;
    }

    synchronized SpooledResult result() {
        return result;
    }

    synchronized long endMs() {
        return endMs;
    }

    synchronized void future(Future<?> f) {
        this.future = f;
    }

    /** False if the statement was canceled before it started. */
    synchronized boolean start() {
        if (state != State.PENDING) return false;
        state = State.RUNNING;
        return true;
    }

    /** Registers the JDBC statement so cancel() can interrupt DuckDB; false when already canceled. */
    synchronized boolean running(Statement st) {
        if (isTerminal()) return false;
        running = st;
        return true;
    }

    synchronized boolean succeed(SpooledResult r) {
        if (isTerminal()) return false;
        result = r;
        return finish(State.SUCCEEDED);
    }

    synchronized boolean fail(SqlErrors.Failure f) {
        if (isTerminal()) return false;
        failure = f;
        return finish(State.FAILED);
    }

    /** Cancels: the state changes at once and DuckDB is interrupted. */
    boolean cancel() {
        Statement st;
        Future<?> f;
        synchronized (this) {
            if (isTerminal()) return false;
            finish(State.CANCELED);
            st = running;
            f = future;
        }
        if (st != null) {
            try {
                st.cancel();
            } catch (SQLException ignored) {
                // the statement may have just completed
            }
        }
        if (f != null) f.cancel(true);
        ended.complete(null);
        return true;
    }

    synchronized void close() {
        if (!isTerminal()) finish(State.CANCELED);
        state = State.CLOSED;
    }

    boolean await(long millis) throws InterruptedException {
        return finished.await(millis, TimeUnit.MILLISECONDS);
    }

    synchronized boolean isTerminal() {
        return state != State.PENDING && state != State.RUNNING;
    }

    private boolean finish(State s) {
        state = s;
        endMs = System.currentTimeMillis();
        running = null;
        finished.countDown();
        return true;
    }
}
