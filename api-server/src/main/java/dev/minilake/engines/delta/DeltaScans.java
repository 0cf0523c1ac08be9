package dev.minilake.engines.delta;

import dev.minilake.engines.delta.DeltaTables.DataFile;
import dev.minilake.engines.delta.DeltaTables.DeltaException;
import dev.minilake.engines.delta.DeltaTables.Snapshot;
import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.types.TypeMapping;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DuckDB SQL that returns exactly the rows of a Delta snapshot: its Parquet files, with partition
 * values from the log and the table's column types. Fails clearly when DuckDB cannot return
 * exactly those rows (deletion vectors, column mapping, an unknown reader feature).
 */
public final class DeltaScans {
    /** Reader features whose data DuckDB reads correctly given the checks below. */
    private static final Set<String> READABLE_FEATURES = Set.of("deletionVectors", "timestampNtz", "v2Checkpoint",
            "vacuumProtocolCheck", "columnMapping", "typeWidening", "typeWidening-preview", "checkpointProtection");

    private DeltaScans() {
    }

    /** Fails clearly when DuckDB cannot return exactly the rows of this snapshot. */
    public static void requireReadable(Snapshot s) {
        requireReadableLayout(s);
        for (DataFile f : s.files()) {
            if (f.hasDeletionVector()) {
                throw new DeltaException("[DELTA_UNSUPPORTED_FEATURE] The Delta table at " + s.table() + " has deletion vectors (file "
                        + f.relativePath() + "); MiniLake's DuckDB reader does not apply them. Run REORG TABLE ... APPLY (PURGE) in Spark, "
                        + "or disable delta.enableDeletionVectors.");
            }
        }
    }

    /** The table-level part of {@link #requireReadable}: no data files are listed. */
    public static void requireReadableLayout(Snapshot s) {
        String mapping = s.configuration().getOrDefault("delta.columnMapping.mode", "none");
        if (!mapping.equalsIgnoreCase("none")) {
            throw new DeltaException("[DELTA_UNSUPPORTED_FEATURE] The Delta table at " + s.table() + " uses column mapping (mode "
                    + mapping + "); MiniLake's DuckDB reader does not support it.");
        }
        for (String f : s.readerFeatures()) {
            if (!READABLE_FEATURES.contains(f)) {
                throw new DeltaException("[DELTA_UNSUPPORTED_FEATURE] The Delta table at " + s.table() + " needs reader feature '" + f
                        + "', which MiniLake does not support.");
            }
        }
    }

    /** DuckDB SQL that returns exactly the rows of the snapshot, with the table's column types. */
    public static String scanSql(Snapshot s) {
        requireReadable(s);
        return scanSql(s, s.files());
    }

    /** The rows of some of the snapshot's files. */
    public static String scanSql(Snapshot s, List<DataFile> dataFiles) {
        List<String> nulls = new ArrayList<>();
        for (DeltaTables.Column c : s.columns()) nulls.add("CAST(NULL AS " + TypeMapping.toDuckDbStorage(c.type()) + ") AS " + DuckDbEngine.quoteIdent(c.name()));
        if (dataFiles.isEmpty()) return "SELECT " + String.join(", ", nulls) + " WHERE false";
        Map<Map<String, String>, List<DataFile>> groups = new LinkedHashMap<>();
        for (DataFile f : dataFiles) groups.computeIfAbsent(f.partitionValues(), k -> new ArrayList<>()).add(f);
        List<String> parts = new ArrayList<>();
        for (var g : groups.entrySet()) {
            List<String> select = new ArrayList<>();
            for (DeltaTables.Column c : s.columns()) {
                String type = TypeMapping.toDuckDbStorage(c.type());
                String q = DuckDbEngine.quoteIdent(c.name());
                if (s.partitionColumns().contains(c.name())) {
                    String v = g.getKey().get(c.name());
                    select.add((v == null ? "CAST(NULL AS " + type + ")" : "CAST(" + DuckDbEngine.quoteLiteral(v) + " AS " + type + ")") + " AS " + q);
                } else {
                    select.add("CAST(" + q + " AS " + type + ") AS " + q);
                }
            }
            List<String> files = g.getValue().stream().map(f -> DuckDbEngine.quoteLiteral(f.path().toString())).toList();
            // UNION ALL BY NAME with no rows gives every column: files written before ALTER TABLE ... ADD COLUMNS lack the new ones
            String from = "(SELECT * FROM read_parquet([" + String.join(", ", files) + "], union_by_name = true, hive_partitioning = false)"
                    + " UNION ALL BY NAME SELECT " + String.join(", ", nulls) + " WHERE false)";
            parts.add("SELECT " + String.join(", ", select) + " FROM " + from);
        }
        return String.join(" UNION ALL ", parts);
    }
}
