package dev.minilake.engines;

import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The lake: every directory that table data, volume bytes and SQL may touch, and nothing else.
 * Inside the data dir that is the DuckDB catalog files, DuckDB's spill space, MANAGED volumes and
 * the {@code external/} area; outside it, the configured {@code MINILAKE_STORAGE_ROOTS}. The rest of
 * the data dir (the control store, secrets, workspace, DBFS, job logs) is never part of the lake, so
 * DuckDB's sandbox, EXTERNAL tables and EXTERNAL volumes can never reach it.
 */
public final class Lake {
    /** The data dir area where EXTERNAL tables, volumes and locations may live without a storage root. */
    public static final String EXTERNAL_AREA = "external";

    private final Path catalogFiles;
    private final Path spill;
    private final Path managedVolumes;
    private final Path managedTables;
    private final List<Path> externalRoots;

    public Lake(Settings settings, DataDir dataDir) {
        Path dataRoot = realPath(dataDir.root());
        this.catalogFiles = realPath(dataDir.area("duckdb"));
        this.spill = realPath(dataDir.area("duckdb.tmp"));
        this.managedVolumes = realPath(dataDir.area("volumes"));
        this.managedTables = realPath(dataDir.area("tables"));
        List<Path> roots = new ArrayList<>();
        roots.add(realPath(dataDir.area(EXTERNAL_AREA)));
        for (Path configured : settings.storageRoots()) {
            Path root = realPath(configured);
            // a root that holds the data dir would put the control store and secrets within SQL's reach
            if (dataRoot.startsWith(root) || root.startsWith(dataRoot)) {
                throw new IllegalArgumentException("MINILAKE_STORAGE_ROOTS entry " + configured + " overlaps the data dir " + dataRoot
                        + "; SQL could then reach the control store. Use a storage root beside the data dir"
                        + " (or the data dir's own " + EXTERNAL_AREA + "/ area)");
            }
            roots.add(root);
        }
        this.externalRoots = List.copyOf(roots);
    }

    /** Where EXTERNAL tables, volumes and external locations may point: the data dir's external area and the storage roots. */
    public List<Path> externalRoots() {
        return externalRoots;
    }

    /** Every directory DuckDB may read or write; its sandbox allows these and no others. */
    public List<Path> sqlDirectories() {
        List<Path> all = new ArrayList<>(List.of(catalogFiles, spill, managedVolumes, managedTables));
        all.addAll(externalRoots);
        return List.copyOf(all);
    }

    /** Where MANAGED tables keep their Delta files: {@code <catalog>/<schema>/<table_id>}. */
    public Path managedTables() {
        return managedTables;
    }

    /** The directory of the catalogs' DuckDB database files. */
    public Path catalogFiles() {
        return catalogFiles;
    }

    /** DuckDB's temp directory for spilling large operators. */
    public Path spill() {
        return spill;
    }

    /** The path with every existing prefix resolved to its real location (links followed), so no link escapes a root. */
    public static Path realPath(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) existing = existing.getParent();
        if (existing == null) return abs;
        try {
            return existing.toRealPath().resolve(existing.relativize(abs)).normalize();
        } catch (IOException e) {
            return abs;
        }
    }
}
