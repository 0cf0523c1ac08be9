package dev.minilake.engines.delta;

import dev.minilake.engines.delta.DeltaTables.DataFile;
import dev.minilake.engines.delta.DeltaTables.DeltaException;
import dev.minilake.engines.delta.DeltaTables.Snapshot;
import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.duckdb.DuckDbSql;
import net.sf.jsqlparser.statement.select.Select;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * DuckDB's view of each MANAGED Delta table: a view of the table's name in its catalog's DuckDB
 * file that scans exactly the Parquet files of the latest snapshot. So DuckDB answers plain reads
 * (and views, information_schema, SHOW TABLES) with no Delta work per statement, and views built
 * on a table keep working as it changes. A view is rebuilt after every MiniLake commit, and before
 * a read when the log has a newer version (Spark wrote it): one file check per table and read.
 */
public final class DeltaMirrors {
    private final DuckDbEngine duckdb;
    private final DeltaTables delta;
    /** Full name → the snapshot its view shows (its file list kept, so the next commit's view needs no log read). */
    private final ConcurrentHashMap<String, Snapshot> shown = new ConcurrentHashMap<>();
    /** One rebuild at a time per table, each reading the latest version, so the last rebuild shows the newest. */
    private final ConcurrentHashMap<String, Object> locks = new ConcurrentHashMap<>();

    public DeltaMirrors(DuckDbEngine duckdb, DeltaTables delta) {
        this.duckdb = duckdb;
        this.delta = delta;
    }

    /** Rebuilds the view from the latest snapshot. */
    public void refresh(String catalog, String schema, String name, Path dir) {
        String key = key(catalog, schema, name);
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            show(key, catalog, schema, name, delta.latest(dir));
        }
    }

    /**
     * After MiniLake's own commit of {@code version} over {@code before}: when the view shows
     * {@code before} and no other commit came between, the new file list is known without reading
     * the log; otherwise the view is rebuilt from the latest snapshot.
     */
    public void committed(String catalog, String schema, String name, Snapshot before, long version,
                          List<DeltaTables.NewFile> added, List<DataFile> removed) {
        String key = key(catalog, schema, name);
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            Snapshot cur = shown.get(key);
            if (cur == null || cur.version() != before.version() || version != before.version() + 1) {
                show(key, catalog, schema, name, delta.latest(before.table()));
                return;
            }
            Set<Path> gone = new HashSet<>();
            for (DataFile f : removed) gone.add(f.path());
            List<DataFile> files = new ArrayList<>();
            for (DataFile f : cur.files()) if (!gone.contains(f.path())) files.add(f);
            for (DeltaTables.NewFile f : added) {
                long size;
                try {
                    size = Files.size(f.path());
                } catch (java.io.IOException e) {
                    size = 0;
                }
                files.add(new DataFile(f.path(), before.table().relativize(f.path()).toString(), f.partitionValues(), size, false, null));
            }
            List<DataFile> list = List.copyOf(files);
            show(key, catalog, schema, name, new Snapshot(before.table(), version, System.currentTimeMillis(), before.columns(),
                    before.partitionColumns(), () -> list, before.configuration(), before.readerFeatures(), before.protocol(),
                    before.tableId(), before.createdAtMillis()));
        }
    }

    private void show(String key, String catalog, String schema, String name, Snapshot s) {
        Select body;
        try {
            body = DeltaScans.scan(s);
        } catch (DeltaException e) {
            // the view says why DuckDB cannot read it; the table itself is fine for Spark
            body = DuckDbSql.select(List.of(DuckDbSql.item(DuckDbSql.function("error", DuckDbSql.string(e.getMessage())), "error")), null);
        }
        execute(DuckDbSql.createOrReplaceView(DuckDbSql.catalogTable(catalog, schema, name), body, false));
        shown.put(key, s);
    }

    /** Rebuilds the view when the log has a version newer than the one it shows (or none is known yet). */
    public void ensureFresh(String catalog, String schema, String name, Path dir) {
        Snapshot v = shown.get(key(catalog, schema, name));
        if (v != null && !newer(dir, v.version())) return;
        refresh(catalog, schema, name, dir);
    }

    /**
     * Brings every known view up to its log (after Spark ran a statement or a job: it may have
     * written a table that a DuckDB view reads through another name).
     */
    public void ensureAllFresh() {
        for (var e : shown.entrySet()) {
            Path dir = e.getValue().table();
            if (!newer(dir, e.getValue().version())) continue;
            String[] p = e.getKey().split("\\.", 3);
            try {
                refresh(p[0], p[1], p[2], dir);
            } catch (RuntimeException gone) {
                // dropped meanwhile: nothing to show
            }
        }
    }

    private static boolean newer(Path dir, long version) {
        return Files.exists(dir.resolve("_delta_log").resolve(String.format("%020d.json", version + 1)));
    }

    /** Drops the view (the table is gone or renamed). */
    public void drop(String catalog, String schema, String name) {
        String key = key(catalog, schema, name);
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            execute(DuckDbSql.drop("VIEW", DuckDbSql.catalogTable(catalog, schema, name), true));
            shown.remove(key);
        }
    }

    /** Forgets what every view shows (reset: the DuckDB files are new). */
    public void forgetAll() {
        shown.clear();
    }

    private void execute(String sql) {
        try (Connection c = duckdb.connect(); Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            throw new DeltaException("DuckDB could not update its view of a Delta table: " + e.getMessage(), e);
        }
    }


    private static String key(String catalog, String schema, String name) {
        return (catalog + "." + schema + "." + name).toLowerCase(Locale.ROOT);
    }
}
