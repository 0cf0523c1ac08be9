package dev.minilake.engines.statements;

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
public final class StatementExecution {
    public enum State { PENDING, RUNNING, SUCCEEDED, FAILED, CANCELED, CLOSED }

    final String id;
    final StatementRequest request;
    /** The secret an external link to this statement's result carries. */
    final String token;
    /** Where the result's chunk files go; null keeps every chunk in memory (MiniLake's own, capped callers). */
    final Path dir;
    final long createdMs = System.currentTimeMillis();
    volatile SqlContext context;
    /** Orders this statement's record-keeping (query history) writes, off the state lock. */
    private final Object recordLock = new Object();
    /** The engine that ran (or is running) the statement: duckdb or spark, for query history and the log. */
    volatile String engine;
    /** Set for a volume command (PUT, GET, REMOVE): what the answer tells the client to do. */
    volatile VolumeStaging.Answer volumeAnswer;

    private final CountDownLatch finished = new CountDownLatch(1);
    /**
     * Completed once the statement has ended and its end listeners ran (or it was canceled), off
     * any lock: what an asynchronous caller waits on.
     */
    final java.util.concurrent.CompletableFuture<Void> ended = new java.util.concurrent.CompletableFuture<>();
    private State state = State.PENDING;
    private SqlError failure;
    private SpooledResult result;
    private Statement running;
    private Runnable cancelHook;
    private Future<?> future;
    private long endMs;

    StatementExecution(String id, StatementRequest request, SqlContext context, String token, Path dir) {
        this.id = id;
        this.request = request;
        this.context = context;
        this.token = token;
        this.dir = dir;
    }

    public String id() {
        return id;
    }

    public StatementRequest request() {
        return request;
    }

    /** The secret an external link to this statement's result carries. */
    public String token() {
        return token;
    }

    public long createdMs() {
        return createdMs;
    }

    /** The catalog and schema it runs in (a USE moves it). */
    public SqlContext context() {
        return context;
    }

    /** duckdb or spark; null before it was routed. */
    public VolumeStaging.Answer volumeAnswer() {
        return volumeAnswer;
    }

    public String engine() {
        return engine;
    }

    /** Held while recording the statement (query history), so the last write has the latest state. */
    public Object recordLock() {
        return recordLock;
    }

    /** Completed once the statement has ended and its end listeners ran, or it was canceled. */
    public java.util.concurrent.CompletableFuture<Void> ended() {
        return ended;
    }

    public synchronized State state() {
        return state;
    }

    public synchronized SqlError failure() {
        return failure;
    }

    public synchronized SpooledResult result() {
        return result;
    }

    public synchronized long endMs() {
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

    /** Runs {@code hook} when the statement is canceled (e.g. to stop its Spark jobs); false when it already ended. */
    synchronized boolean onCancel(Runnable hook) {
        if (isTerminal()) return false;
        cancelHook = hook;
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

    synchronized boolean fail(SqlError f) {
        if (isTerminal()) return false;
        failure = f;
        return finish(State.FAILED);
    }

    /** Cancels: the state changes at once and DuckDB is interrupted. False when it had already ended. */
    public boolean cancel() {
        return stop(State.CANCELED, null);
    }

    /**
     * Its STATEMENT_TIMEOUT ran out: it fails with {@code error} and its work stops as a cancel stops
     * it (DuckDB interrupted, Spark's job group cancelled). False when it had already ended.
     */
    boolean timeOut(SqlError error) {
        return stop(State.FAILED, error);
    }

    private boolean stop(State end, SqlError error) {
        Statement st;
        Future<?> f;
        Runnable hook;
        synchronized (this) {
            if (isTerminal()) return false;
            st = running; // before finish(), which forgets it: DuckDB must still be interrupted
            f = future;
            hook = cancelHook;
            if (error != null) failure = error;
            finish(end);
        }
        if (hook != null) {
            try {
                hook.run();
            } catch (RuntimeException ignored) {
                // the engine may have finished meanwhile
            }
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

    /** Cancels if running, then CLOSED: its result is no longer served. */
    public synchronized void close() {
        if (!isTerminal()) finish(State.CANCELED);
        state = State.CLOSED;
    }

    public boolean await(long millis) throws InterruptedException {
        return finished.await(millis, TimeUnit.MILLISECONDS);
    }

    public synchronized boolean isTerminal() {
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
