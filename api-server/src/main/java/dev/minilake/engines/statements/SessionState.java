package dev.minilake.engines.statements;

import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.duckdb.DuckDbSql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a SQL session keeps between its statements: its own DuckDB connection, where its temporary
 * views and functions live, and its Spark configuration ({@code SET key = value}), which is the
 * session's alone and never an engine setting. A statement outside a session gets a state of its
 * own that ends with it, as each statement without a session is its own session on Databricks;
 * its connection comes from, and after a plain query goes back to, the {@link IdleConnections},
 * since a query leaves nothing behind in a connection.
 * One statement at a time uses a session's state.
 */
final class SessionState implements AutoCloseable {
    private final DuckDbEngine duckdb;
    /** Where a one-statement state borrows its connection; null for a named session, which owns one. */
    private final IdleConnections idle;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<String, String> conf = new TreeMap<>();
    private Connection connection;
    /** Temporary views only the session's Spark session has: their query has no DuckDB translation (lower-case names). */
    final java.util.Set<String> sparkTempViews = new java.util.HashSet<>();
    /** Temporary views DuckDB made, with their CREATE statements, made in Spark too once a Spark statement may read them. */
    final Map<String, String> duckTempViews = new java.util.LinkedHashMap<>();
    /** Which of {@link #duckTempViews} the session's Spark session has been given. */
    final java.util.Set<String> duckTempViewsOnSpark = new java.util.HashSet<>();
    /** What the connection was last {@code USE}d with, and the engine's catalog generation then; null if unknown. */
    private IdleConnections.Used used;

    private SessionState(DuckDbEngine duckdb, IdleConnections idle) {
        this.duckdb = duckdb;
        this.idle = idle;
    }

    /** The state of a named session, kept until the session is deleted or the workspace reset. */
    static SessionState forSession(DuckDbEngine duckdb) {
        return new SessionState(duckdb, null);
    }

    /** The state of one statement outside any session. */
    static SessionState forOneStatement(DuckDbEngine duckdb, IdleConnections idle) {
        return new SessionState(duckdb, idle);
    }

    /**
     * Takes the session for one statement that will run in {@code context}: its connection, opened
     * (or for a one-statement state, borrowed) on first use; release with {@link Lease#close()}.
     */
    Lease lease(SqlContext context) throws SQLException {
        lock.lock();
        try {
            if (connection == null && idle != null) {
                IdleConnections.Idle borrowed = idle.take(context, duckdb.catalogGeneration());
                if (borrowed != null) {
                    connection = borrowed.connection();
                    used = borrowed.used();
                }
            }
            if (connection == null || connection.isClosed()) {
                connection = duckdb.connect();
                used = null;
            }
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
            used = null;
            lock.unlock();
        }
    }

    /** One statement's hold on the session. */
    final class Lease implements AutoCloseable {
        private boolean leftNothingBehind;

        Connection connection() {
            return connection;
        }

        /**
         * Makes {@code ctx} the connection's current catalog and schema. {@code USE} costs DuckDB as
         * much as a short query, so it is skipped when the connection is already there and no
         * catalog was attached or detached since.
         */
        void use(SqlContext ctx) throws SQLException {
            long generation = duckdb.catalogGeneration(); // read before USE: a detach racing it makes the record stale
            if (used != null && used.context().equals(ctx) && used.generation() == generation) return;
            used = null;
            SessionState.use(connection, ctx);
            used = new IdleConnections.Used(ctx, generation);
        }

        /** The statement was a plain query: the connection holds nothing of it and stays where it was {@code USE}d. */
        void leftNothingBehind() {
            leftNothingBehind = true;
        }

        @Override
        public void close() {
            try {
                // anything but a plain query may have moved the connection (USE, DDL on its schema)
                if (!leftNothingBehind) used = null;
                if (idle != null) {
                    Connection c = connection;
                    connection = null;
                    if (c != null && leftNothingBehind) idle.give(new IdleConnections.Idle(c, used));
                    else if (c != null) closeQuietly(c);
                    used = null;
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /** {@code USE}s a connection's catalog and schema; a missing one is Spark's SCHEMA_NOT_FOUND. */
    static void use(Connection c, SqlContext ctx) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(DuckDbSql.use(DuckDbEngine.databaseName(ctx.catalog()), ctx.schema()));
        } catch (SQLException e) {
            throw new SQLException("[SCHEMA_NOT_FOUND] The schema `" + ctx.catalog() + "`.`" + ctx.schema()
                    + "` cannot be found. Verify the spelling and correctness of the schema and catalog.", e);
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // DuckDB drops the statement's temporary objects with the connection
        }
    }
}
