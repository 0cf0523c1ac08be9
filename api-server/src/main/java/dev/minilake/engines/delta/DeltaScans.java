package dev.minilake.engines.delta;

import dev.minilake.engines.delta.DeltaTables.DataFile;
import dev.minilake.engines.delta.DeltaTables.DeltaException;
import dev.minilake.engines.delta.DeltaTables.Snapshot;
import dev.minilake.engines.duckdb.DuckDbSql;
import dev.minilake.engines.types.TypeMapping;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;

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
    public static Select scan(Snapshot s) {
        requireReadable(s);
        return scan(s, s.files());
    }

    /** The rows of some of the snapshot's files. */
    public static Select scan(Snapshot s, List<DataFile> dataFiles) {
        List<SelectItem<?>> nulls = new ArrayList<>();
        for (DeltaTables.Column c : s.columns()) nulls.add(DuckDbSql.item(DuckDbSql.nullOf(TypeMapping.toDuckDbStorage(c.type())), c.name()));
        if (dataFiles.isEmpty()) return DuckDbSql.where(DuckDbSql.select(nulls, null), new BooleanValue(false));
        Map<Map<String, String>, List<DataFile>> groups = new LinkedHashMap<>();
        for (DataFile f : dataFiles) groups.computeIfAbsent(f.partitionValues(), k -> new ArrayList<>()).add(f);
        List<Select> parts = new ArrayList<>();
        for (var g : groups.entrySet()) {
            List<SelectItem<?>> select = new ArrayList<>();
            for (DeltaTables.Column c : s.columns()) {
                String type = TypeMapping.toDuckDbStorage(c.type());
                if (s.partitionColumns().contains(c.name())) {
                    String v = g.getKey().get(c.name());
                    select.add(DuckDbSql.item(v == null ? DuckDbSql.nullOf(type) : DuckDbSql.cast(DuckDbSql.string(v), type), c.name()));
                } else {
                    select.add(DuckDbSql.item(DuckDbSql.cast(DuckDbSql.column(c.name()), type), c.name()));
                }
            }
            // UNION ALL BY NAME with no rows gives every column: files written before ALTER TABLE ... ADD COLUMNS lack the new ones
            Select files = DuckDbSql.selectAll(DuckDbSql.readParquet(g.getValue().stream().map(DataFile::path).toList()));
            Select allColumns = DuckDbSql.unionAllByName(files, DuckDbSql.where(DuckDbSql.select(nulls, null), new BooleanValue(false)));
            parts.add(DuckDbSql.select(select, DuckDbSql.subquery(allColumns)));
        }
        return DuckDbSql.unionAll(parts);
    }

    /** {@link #scan(Snapshot)} as text. */
    public static String scanSql(Snapshot s) {
        return scan(s).toString();
    }

    /** {@link #scan(Snapshot, List)} as text. */
    public static String scanSql(Snapshot s, List<DataFile> dataFiles) {
        return scan(s, dataFiles).toString();
    }
}
