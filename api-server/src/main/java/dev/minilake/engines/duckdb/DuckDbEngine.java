package dev.minilake.engines.duckdb;

import dev.minilake.engines.Lake;
import org.duckdb.DuckDBConnection;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
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
 *
 * <p>The instance is sandboxed before any SQL reaches it: file access only inside the {@link Lake}'s
 * directories, no extension installs or loads (the ones MiniLake uses are linked into the driver),
 * and the configuration locked, so no statement can change an engine-wide setting for everyone.
 */
public final class DuckDbEngine implements AutoCloseable {
    /** Catalog names that are safe as both a DuckDB identifier and a file name. UC validates before calling. */
    private static final Pattern SAFE_NAME = Pattern.compile("[a-z0-9_][a-z0-9_-]{0,254}");
    private static final String SUFFIX = ".duckdb";
    /**
     * Database names DuckDB itself reserves ("main" is refused as an ATTACH alias, the others are
     * taken). A catalog with such a name is attached as {@code <name>$uc}: '$' is not allowed in a
     * Unity Catalog name, so the alias can never clash with another catalog.
     */
    private static final Set<String> RESERVED = Set.of("main", "memory", "system", "temp", "temporary");
    private static final String ALIAS_SUFFIX = "$uc";
    /** A catalog file being created; never attached at start (see createFileAtomically). */
    private static final String STAGING_SUFFIX = ".new";
    /** What a file being created is attached as for a moment; no catalog name can contain '$'. */
    private static final String STAGING_ALIAS_PREFIX = "creating$";

    private final Path dir;
    private final Lake lake;
    private volatile DuckDBConnection root;

    public DuckDbEngine(Lake lake) {
        this.lake = lake;
        this.dir = lake.catalogFiles();
    }

    /**
     * A new connection to the shared instance (cheap: DuckDB duplicates the handle); every attached
     * catalog is visible in it. The caller closes it.
     */
    /**
     * Counts attaches and detaches. A connection's current catalog falls back to {@code memory} when
     * that catalog is detached, so what a connection was once {@code USE}d with holds only while this
     * has not moved.
     */
    private final java.util.concurrent.atomic.AtomicLong catalogGeneration = new java.util.concurrent.atomic.AtomicLong();

    public long catalogGeneration() {
        return catalogGeneration.get();
    }

    public Connection connect() throws SQLException {
        return root().duplicate();
    }

    /** Creates (if new) and attaches the database file of a catalog. Idempotent. */
    public synchronized void attachCatalog(String catalog) throws SQLException {
        requireSafe(catalog);
        if (attachedCatalogs().contains(catalog)) return;
        catalogGeneration.incrementAndGet();
        if (!Files.exists(fileOf(catalog))) createFileAtomically(catalog);
        try (Connection c = connect(); Statement st = c.createStatement()) {
            st.execute(DuckDbSql.attach(fileOf(catalog), databaseName(catalog)));
        } finally {
            attached = null; // read again from DuckDB, whether or not the ATTACH went through
        }
    }

    /**
     * A kill -9 while DuckDB writes a new file's headers leaves a file that no later start can open,
     * and one such file stops the whole server. So a catalog's file is made under a staging name,
     * closed, synced and only then renamed into place: a file under its real name is always whole.
     */
    private void createFileAtomically(String catalog) throws SQLException {
        Path staging = dir.resolve(catalog + SUFFIX + STAGING_SUFFIX);
        String alias = STAGING_ALIAS_PREFIX + catalog;
        try {
            deleteStaging(staging);
            try (Connection c = connect(); Statement st = c.createStatement()) {
                st.execute(DuckDbSql.attach(staging, alias));
                st.execute(DuckDbSql.detach(alias));
            }
            try (FileChannel f = FileChannel.open(staging, StandardOpenOption.WRITE)) {
                f.force(true);
            }
            Files.move(staging, fileOf(catalog), StandardCopyOption.ATOMIC_MOVE);
            try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
                d.force(true); // the rename itself survives a power cut
            }
        } catch (IOException e) {
            throw new SQLException("cannot create the database file of catalog " + catalog + ": " + e.getMessage(), e);
        }
    }

    private static void deleteStaging(Path staging) throws IOException {
        Files.deleteIfExists(staging);
        Files.deleteIfExists(Path.of(staging + ".wal"));
    }

    /** Detaches a catalog and, if asked, deletes its database file (and WAL). */
    public synchronized void detachCatalog(String catalog, boolean deleteFile) throws SQLException {
        requireSafe(catalog);
        catalogGeneration.incrementAndGet();
        if (attachedCatalogs().contains(catalog)) {
            try (Connection c = connect(); Statement st = c.createStatement()) {
                // a connection whose default is this catalog would block DETACH
                st.execute("USE memory");
                st.execute(DuckDbSql.detach(databaseName(catalog)));
            } finally {
                catalogGeneration.incrementAndGet(); // before and after: a USE that raced the DETACH is stale too
                attached = null;
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

    /**
     * The attached catalogs, read from DuckDB once and then kept here: only this class attaches or
     * detaches (SQL may not), and every Unity Catalog call asks.
     */
    private volatile Set<String> attached;

    /** Names of the attached catalog databases (excluding DuckDB's own memory/system/temp). */
    public Set<String> attachedCatalogs() throws SQLException {
        Set<String> known = attached;
        if (known != null) return known;
        synchronized (this) {
            if (attached == null) attached = java.util.Collections.unmodifiableSet(readAttachedCatalogs());
            return attached;
        }
    }

    private Set<String> readAttachedCatalogs() throws SQLException {
        Set<String> names = new TreeSet<>();
        try (Connection c = connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT database_name FROM duckdb_databases() WHERE NOT internal AND database_name <> 'memory'")) {
            while (rs.next()) {
                if (!rs.getString(1).startsWith(STAGING_ALIAS_PREFIX)) names.add(catalogName(rs.getString(1)));
            }
        }
        return names;
    }

    /** Detaches every catalog and deletes every database file: a clean engine. */
    public synchronized void reset() throws SQLException {
        catalogGeneration.incrementAndGet();
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

    /** The DuckDB database a catalog is attached as: its own name, unless DuckDB reserves that name. */
    public static String databaseName(String catalog) {
        return RESERVED.contains(catalog) ? catalog + ALIAS_SUFFIX : catalog;
    }

    /** The catalog an attached DuckDB database serves (the inverse of {@link #databaseName}). */
    public static String catalogName(String database) {
        if (database.endsWith(ALIAS_SUFFIX)) {
            String base = database.substring(0, database.length() - ALIAS_SUFFIX.length());
            if (RESERVED.contains(base)) return base;
        }
        return database;
    }

    /** A DuckDB identifier, always quoted: names never reach SQL unquoted. */
    public static String quoteIdent(String name) {
        return DuckDbSql.ident(name);
    }

    public static String quoteLiteral(String value) {
        return DuckDbSql.literal(value);
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
                sandbox(c);
                reattachExisting(c);
                root = c;
            }
            return root;
        }
    }

    /**
     * DuckDB's own sandbox: these settings apply to the whole instance, so they are set once, before
     * the first statement, and then locked (a locked DuckDB still lets a connection change its schema).
     */
    private void sandbox(DuckDBConnection c) throws SQLException {
        List<String> dirs = lake.sqlDirectories().stream().map(d -> DuckDbSql.literal(d + "/")).toList();
        try (Statement st = c.createStatement()) {
            st.execute("SET allowed_directories = [" + String.join(", ", dirs) + "]");
            st.execute(DuckDbSql.set("temp_directory", lake.spill().toString()));
            st.execute("SET autoinstall_known_extensions = false");
            st.execute("SET autoload_known_extensions = false");
            st.execute("SET allow_community_extensions = false");
            st.execute("SET enable_external_access = false");
            // Spark's NULL order: first in ascending order, last in descending (ORDER BY, windows, sort_array)
            st.execute("SET default_null_order = 'nulls_first_on_asc_last_on_desc'");
            st.execute("SET lock_configuration = true");
        }
    }

    private void reattachExisting(DuckDBConnection c) throws SQLException {
        try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(dir, "*" + SUFFIX + STAGING_SUFFIX)) {
            for (Path f : leftovers) deleteStaging(f); // a create cut short by a crash: never acknowledged
        } catch (IOException e) {
            throw new SQLException("cannot clear staging files in " + dir + ": " + e.getMessage(), e);
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX); Statement st = c.createStatement()) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                name = name.substring(0, name.length() - SUFFIX.length());
                if (SAFE_NAME.matcher(name).matches()) {
                    st.execute(DuckDbSql.attach(f, databaseName(name)));
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
