package dev.minilake.sql;

import dev.minilake.engines.duckdb.DuckDbEngine;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a SQL session keeps between its statements: its own DuckDB connection, where its temporary
 * views and functions live, and its Spark configuration ({@code SET key = value}), which is the
 * session's alone and never an engine setting. A statement outside a session gets a state of its
 * own that ends with it, as each statement without a session is its own session on Databricks.
 * One statement at a time uses a session's state.
 */
final class SessionState implements AutoCloseable {
    private final DuckDbEngine duckdb;
    private final boolean keptAcrossStatements;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, String> conf = new TreeMap<>();
    private Connection connection;

    private SessionState(DuckDbEngine duckdb, boolean keptAcrossStatements) {
        this.duckdb = duckdb;
        this.keptAcrossStatements = keptAcrossStatements;
    }

    /** The state of a named session, kept until the session is deleted or the workspace reset. */
    static SessionState forSession(DuckDbEngine duckdb) {
        return new SessionState(duckdb, true);
    }

    /** The state of one statement outside any session. */
    static SessionState forOneStatement(DuckDbEngine duckdb) {
        return new SessionState(duckdb, false);
    }

    /** Takes the session for one statement: its connection, opened on first use; release with {@link Lease#close()}. */
    Lease lease() throws SQLException {
        lock.lock();
        try {
            if (connection == null || connection.isClosed()) connection = duckdb.connect();
            return new Lease();
        } catch (SQLException | RuntimeException e) {
            lock.unlock();
            throw e;
        }
    }

    /** A session's configuration, read and changed only by the statement holding the lease. */
    Map<String, String> conf() {
        return conf;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (connection != null) connection.close();
        } catch (SQLException ignored) {
            // the session is going away; DuckDB drops its temporary objects with the connection
        } finally {
            connection = null;
            lock.unlock();
        }
    }

    /** One statement's hold on the session. */
    final class Lease implements AutoCloseable {
        Connection connection() {
            return connection;
        }

        @Override
        public void close() {
            try {
                if (!keptAcrossStatements) SessionState.this.close();
            } finally {
                lock.unlock();
            }
        }
    }
}
