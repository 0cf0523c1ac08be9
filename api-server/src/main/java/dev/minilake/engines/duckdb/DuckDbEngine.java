package dev.minilake.engines.duckdb;

import dev.minilake.core.store.DataDir;
import org.duckdb.DuckDBConnection;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The DuckDB engine. One in-process DuckDB instance (an in-memory root database); each Unity
 * Catalog catalog is its own database file {@code <data>/duckdb/<catalog>.duckdb}, ATTACHed under
 * the catalog's name, so {@code catalog.schema.table} resolves natively in every connection.
 *
 * <p>The files are the truth: at first use every {@code *.duckdb} file in the directory is
 * attached again, so a persistent workspace comes back after a restart. Opened lazily, so start-up
 * stays fast.
 */
public final class DuckDbEngine implements AutoCloseable {
    /** Catalog names that are safe as both a DuckDB identifier and a file name. UC validates before calling. */
    private static final Pattern SAFE_NAME = Pattern.compile("[a-z0-9_][a-z0-9_-]{0,254}");
    private static final String SUFFIX = ".duckdb";
    /** DuckDB reserves the database name "main", so catalog main's file is attached under this name. */
    private static final String MAIN_DATABASE = "main$uc";

    private final Path dir;
    private volatile DuckDBConnection root;

    public DuckDbEngine(DataDir dataDir) {
        this.dir = dataDir.area("duckdb");
    }

    /**
     * A new connection to the shared instance (cheap: DuckDB duplicates the handle); every attached
     * catalog is visible in it. The caller closes it.
     */
    public Connection connect() throws SQLException {
        return root().duplicate();
    }

    /** Creates (if new) and attaches the database file of a catalog. Idempotent. */
    public synchronized void attachCatalog(String catalog) throws SQLException {
        requireSafe(catalog);
        if (attachedCatalogs().contains(catalog)) return;
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute("ATTACH " + quoteLiteral(fileOf(catalog).toString()) + " AS " + quoteIdent(databaseOf(catalog)));
        }
    }

    /** Detaches a catalog and, if asked, deletes its database file (and WAL). */
    public synchronized void detachCatalog(String catalog, boolean deleteFile) throws SQLException {
        requireSafe(catalog);
        if (attachedCatalogs().contains(catalog)) {
            try (Connection c = connect(); Statement st = c.createStatement()) {
                // a connection whose default is this catalog would block DETACH
                st.execute("USE memory");
                st.execute("DETACH " + quoteIdent(databaseOf(catalog)));
            }
        }
        if (deleteFile) {
            try {
                Files.deleteIfExists(fileOf(catalog));
                Files.deleteIfExists(Path.of(fileOf(catalog) + ".wal"));
            } catch (IOException e) {
                throw new SQLException("cannot delete the database file of catalog " + catalog + ": " + e.getMessage(), e);
            }
        }
    }

    /** Names of the attached catalog databases (excluding DuckDB's own memory/system/temp). */
    public Set<String> attachedCatalogs() throws SQLException {
        Set<String> names = new TreeSet<>();
        try (Connection c = connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT database_name FROM duckdb_databases() WHERE NOT internal AND database_name <> 'memory'")) {
            while (rs.next()) names.add(catalogOf(rs.getString(1)));
        }
        return names;
    }

    /** Detaches every catalog and deletes every database file: a clean engine. */
    public synchronized void reset() throws SQLException {
        for (String c : attachedCatalogs()) detachCatalog(c, true);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path f : files) Files.deleteIfExists(f);
        } catch (IOException e) {
            throw new SQLException("cannot clear " + dir + ": " + e.getMessage(), e);
        }
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

    /** The DuckDB database name of a catalog: its own name, except for the reserved "main". */
    public static String databaseOf(String catalog) {
        return "main".equals(catalog) ? MAIN_DATABASE : catalog;
    }

    /** The catalog a DuckDB database name stands for (inverse of {@link #databaseOf}). */
    public static String catalogOf(String database) {
        return MAIN_DATABASE.equals(database) ? "main" : database;
    }

    /** A DuckDB identifier, always quoted: names never reach SQL unquoted. */
    public static String quoteIdent(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    public static String quoteLiteral(String value) {
        return '\'' + value.replace("'", "''") + '\'';
    }

    private Path fileOf(String catalog) {
        return dir.resolve(catalog + SUFFIX);
    }

    private static void requireSafe(String catalog) {
        if (!SAFE_NAME.matcher(catalog).matches()) {
            throw new IllegalArgumentException("unsafe catalog name for a database file: " + catalog);
        }
    }

    private DuckDBConnection root() throws SQLException {
        DuckDBConnection r = root;
        if (r != null) return r;
        synchronized (this) {
            if (root == null) {
                DuckDBConnection c = (DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:");
                reattachExisting(c);
                root = c;
            }
            return root;
        }
    }

    private void reattachExisting(DuckDBConnection c) throws SQLException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX); Statement st = c.createStatement()) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                name = name.substring(0, name.length() - SUFFIX.length());
                if (SAFE_NAME.matcher(name).matches()) {
                    st.execute("ATTACH " + quoteLiteral(f.toString()) + " AS " + quoteIdent(databaseOf(name)));
                }
            }
        } catch (IOException e) {
            throw new SQLException("cannot list " + dir + ": " + e.getMessage(), e);
        }
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
