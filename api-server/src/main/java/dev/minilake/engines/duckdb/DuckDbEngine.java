package dev.minilake.engines.duckdb;

import dev.minilake.core.store.DataDir;
import org.duckdb.DuckDBConnection;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The DuckDB engine. One in-process DuckDB instance; each Unity Catalog catalog is a database file
 * under {@code <data>/duckdb/} ATTACHed under its own name. Opened lazily, so start-up stays fast.
 */
public final class DuckDbEngine implements AutoCloseable {
    private final Path dir;
    private volatile DuckDBConnection root;

    public DuckDbEngine(DataDir dataDir) {
        this.dir = dataDir.area("duckdb");
    }

    /** A new connection to the shared instance (cheap: DuckDB duplicates the handle). Caller closes it. */
    public Connection connect() throws SQLException {
        return root().duplicate();
    }

    public Path directory() {
        return dir;
    }

    public boolean ping() {
        try (Connection c = connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 42")) {
            return rs.next() && rs.getInt(1) == 42;
        } catch (SQLException e) {
            return false;
        }
    }

    private DuckDBConnection root() throws SQLException {
        DuckDBConnection r = root;
        if (r == null) {
            synchronized (this) {
                if (root == null) {
                    root = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
                }
                r = root;
            }
        }
        return r;
    }

    @Override
    public synchronized void close() {
        if (root != null) {
            try {
                root.close();
            } catch (SQLException ignored) {
                // shutting down
            }
            root = null;
        }
    }
}
