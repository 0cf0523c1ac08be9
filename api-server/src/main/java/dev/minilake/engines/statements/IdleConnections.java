package dev.minilake.engines.statements;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * DuckDB connections that ran a plain query outside any session, kept for the next such statement
 * with what they were {@code USE}d with, so a short statement skips opening a connection and its
 * {@code USE}. Only connections that hold no temporary object or session state come here.
 */
final class IdleConnections implements AutoCloseable {
    /** One per statement thread is enough; more would only hold DuckDB memory. */
    static final int MAX_IDLE = 8;

    /** Where a connection was last {@code USE}d, valid while the engine's catalog generation is unchanged. */
    record Used(SqlContext context, long generation) {
    }

    record Idle(Connection connection, Used used) {
    }

    private final Deque<Idle> idle = new ArrayDeque<>();
    private boolean closed;

    /** An idle connection, preferably one already in {@code context}; null when none is idle. */
    Idle take(SqlContext context, long generation) {
        synchronized (this) {
            for (Iterator<Idle> it = idle.iterator(); it.hasNext(); ) {
                Idle i = it.next();
                if (i.used() != null && i.used().generation() == generation && i.used().context().equals(context)) {
                    it.remove();
                    return i;
                }
            }
            return idle.pollFirst();
        }
    }

    void give(Idle connection) {
        Idle evicted = null;
        synchronized (this) {
            if (closed) {
                evicted = connection;
            } else {
                idle.addFirst(connection);
                if (idle.size() > MAX_IDLE) evicted = idle.pollLast();
            }
        }
        if (evicted != null) close(evicted);
    }

    /** Closes every idle connection (reset and shutdown); later ones are kept again after a reset. */
    void clear() {
        Deque<Idle> all;
        synchronized (this) {
            all = new ArrayDeque<>(idle);
            idle.clear();
        }
        all.forEach(IdleConnections::close);
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        clear();
    }

    private static void close(Idle i) {
        try {
            i.connection().close();
        } catch (SQLException ignored) {
            // nothing of a plain query lives in it
        }
    }
}
