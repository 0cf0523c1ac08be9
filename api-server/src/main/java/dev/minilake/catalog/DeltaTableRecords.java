package dev.minilake.catalog;

import dev.minilake.catalog.Names.ObjectName;
import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.catalog.TableDtos.TableInfo;
import dev.minilake.catalog.TableDtos.TableMeta;
import dev.minilake.engines.types.DataType;
import dev.minilake.engines.types.TypeMapping;
import dev.minilake.core.error.ApiException;
import dev.minilake.engines.Lake;
import dev.minilake.engines.delta.DeltaMirrors;
import dev.minilake.engines.delta.DeltaTables;
import dev.minilake.engines.delta.DeltaTables.DeltaException;
import dev.minilake.engines.delta.StorageLocations;
import org.springframework.stereotype.Component;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Delta tables in Unity Catalog: EXTERNAL ones at a user's location, and MANAGED ones, which live
 * in the lake's managed area ({@code tables/<catalog>/<schema>/<table_id>}). The record (id,
 * location, declared columns, comment) is in the store; the table itself is the directory: its
 * schema, partitioning and files come from the Delta log at every read, so what Spark committed a
 * moment ago is what {@code tables.get} shows. A MANAGED table also has a DuckDB view of its
 * latest snapshot ({@link DeltaMirrors}). Dropping an EXTERNAL table forgets the record and never
 * touches the files; dropping a MANAGED one deletes them.
 */
@Component
class DeltaTableRecords {
    /** Set in tables.get when the columns declared at creation differ from the Delta log. */
    static final String MISMATCH_PROPERTY = "minilake.declared_schema_mismatch";

    private final UcStore uc;
    private final DeltaTables delta;
    private final StorageLocations locations;

    private final DeltaMirrors mirrors;
    private final Lake lake;

    DeltaTableRecords(UcStore uc, DeltaTables delta, StorageLocations locations, DeltaMirrors mirrors, Lake lake) {
        this.uc = uc;
        this.delta = delta;
        this.locations = locations;
        this.mirrors = mirrors;
        this.lake = lake;
    }

    Optional<TableMeta> find(ObjectName n) {
        return uc.tables.get(n.fullName()).filter(TableMeta::delta);
    }

    List<TableMeta> inSchema(String catalog, String schema) {
        return uc.tables.listByIdPrefix(catalog + "." + schema + ".").stream().filter(TableMeta::delta)
                .filter(m -> m.full_name().split("\\.").length == 3).toList();
    }

    /** The table's directory: a MANAGED table's is MiniLake's own; an EXTERNAL one's is confined to the storage roots. */
    Path location(TableMeta m) {
        return m.managedDelta() ? Path.of(m.storage_location()) : locations.resolve(m.storage_location());
    }

    /** Where MANAGED tables of a schema (or, with a null schema, a catalog) keep their files. */
    Path managedArea(String catalog, String schema) {
        Path p = lake.managedTables().resolve(catalog);
        return schema == null ? p : p.resolve(schema);
    }

    /**
     * Creates a MANAGED table: an empty Delta table (version 0) in the managed area, its record and
     * its DuckDB view. The caller holds the UC lock and checked that the name is free. All or nothing.
     */
    TableMeta createManaged(ObjectName n, List<ColumnInfo> declared, List<String> partitionedBy, String comment,
                            Map<String, String> properties) {
        List<DeltaTables.Column> schema = schema(declared);
        List<String> partitions = partitions(declared, partitionedBy, schema);
        String id = UUID.randomUUID().toString();
        Path dir = managedArea(n.catalog(), n.schema()).resolve(id);
        try {
            delta.create(dir, schema, partitions, properties);
        } catch (DeltaException e) {
            deleteTree(dir);
            throw ApiException.invalid(e.getMessage());
        }
        long now = System.currentTimeMillis();
        TableMeta meta = new TableMeta(n.fullName(), id, comment, uc.owner(), properties, now, now, "DELTA", dir.toString(),
                declared, "MANAGED", true);
        try {
            uc.tables.put(n.fullName(), n.schemaName().fullName(), meta);
            mirrors.refresh(n.catalog(), n.schema(), n.name(), dir);
        } catch (RuntimeException e) {
            try {
                uc.tables.delete(n.fullName());
                mirrors.drop(n.catalog(), n.schema(), n.name());
            } catch (RuntimeException undo) {
                e.addSuppressed(undo);
            }
            deleteTree(dir);
            throw e;
        }
        return meta;
    }

    /** Drops a MANAGED table: its view, its record and its files. */
    void dropManaged(ObjectName n, TableMeta m) {
        mirrors.drop(n.catalog(), n.schema(), n.name());
        forget(n);
        deleteTree(Path.of(m.storage_location()));
    }

    /** Renames a Delta table in place (its files stay where they are); a MANAGED table's view moves with it. */
    void rename(ObjectName from, ObjectName to, TableMeta m) {
        uc.tables.delete(from.fullName());
        uc.tables.put(to.fullName(), to.schemaName().fullName(), m.renamed(to.fullName(), System.currentTimeMillis()));
        if (m.managedDelta()) {
            mirrors.drop(from.catalog(), from.schema(), from.name());
            mirrors.refresh(to.catalog(), to.schema(), to.name(), location(m));
        }
    }

    /** New nullable columns at the end of a Delta table's schema, in one commit. */
    void addColumns(ObjectName n, TableMeta m, List<ColumnInfo> columns) {
        List<DeltaTables.Column> cols = new ArrayList<>();
        for (ColumnInfo c : columns) {
            cols.add(new DeltaTables.Column(c.name(), ColumnTypes.declared(c), !Boolean.FALSE.equals(c.nullable()), c.comment()));
        }
        try {
            delta.addColumns(location(m), cols);
        } catch (DeltaException e) {
            throw ApiException.invalid(e.getMessage());
        }
        refresh(n, m);
    }

    /** A column's comment in the Delta schema (one commit); the record's declared comment no longer overrides it. */
    void setColumnComment(ObjectName n, TableMeta m, String column, String comment) {
        try {
            delta.setColumnComment(location(m), column, comment);
        } catch (DeltaException e) {
            throw ApiException.invalid(e.getMessage());
        }
        refresh(n, m);
    }

    /** Table properties: {@code delta.*} keys in one Delta commit, the others in the record. */
    void setProperties(ObjectName n, TableMeta m, Map<String, String> set, List<String> unset) {
        Map<String, String> deltaSet = new LinkedHashMap<>(), ucProps = new LinkedHashMap<>();
        if (m.properties() != null) ucProps.putAll(m.properties());
        Set<String> deltaUnset = new HashSet<>();
        set.forEach((k, v) -> {
            if (k.startsWith("delta.")) deltaSet.put(k, v);
            else ucProps.put(k, v);
        });
        for (String k : unset) {
            if (k.startsWith("delta.")) deltaUnset.add(k);
            else ucProps.remove(k);
        }
        if (!deltaSet.isEmpty() || !deltaUnset.isEmpty()) {
            try {
                delta.setProperties(location(m), deltaSet, deltaUnset);
            } catch (DeltaException e) {
                throw ApiException.invalid(e.getMessage());
            }
            refresh(n, m);
        }
        uc.tables.put(n.fullName(), n.schemaName().fullName(), m.withProperties(ucProps.isEmpty() ? null : ucProps, System.currentTimeMillis()));
    }

    /** Brings a MANAGED table's DuckDB view up to the log's latest version. */
    void ensureFresh(ObjectName n, TableMeta m) {
        if (m.managedDelta()) mirrors.ensureFresh(n.catalog(), n.schema(), n.name(), location(m));
    }

    /** Brings every MANAGED table's DuckDB view up to its log (after Spark ran). */
    void ensureAllFresh() {
        mirrors.ensureAllFresh();
    }

    /** After MiniLake's commit to a MANAGED table: its DuckDB view shows the new version. */
    void committed(ObjectName n, TableMeta m, DeltaTables.Snapshot before, long version, List<DeltaTables.NewFile> added,
                   List<DeltaTables.DataFile> removed) {
        if (m.managedDelta()) mirrors.committed(n.catalog(), n.schema(), n.name(), before, version, added, removed);
    }

    /** Rebuilds a MANAGED table's DuckDB view from the log (after a commit). */
    void refresh(ObjectName n, TableMeta m) {
        if (m.managedDelta()) mirrors.refresh(n.catalog(), n.schema(), n.name(), location(m));
    }

    /** Deletes the files of a schema's (or, with a null schema, a catalog's) MANAGED tables, which are being dropped. */
    void deleteManagedFiles(String catalog, String schema) {
        deleteTree(managedArea(catalog, schema));
    }

    /** Reset: no MANAGED table is left, and DuckDB's files are new. */
    void deleteAllManagedFiles() {
        mirrors.forgetAll();
        try {
            dev.minilake.core.store.DataDir.emptyDirectory(lake.managedTables());
        } catch (java.io.IOException e) {
            throw new ApiException(dev.minilake.core.error.ErrorCode.INTERNAL_ERROR, "Could not clear the managed tables: " + e.getMessage());
        }
    }

    static void deleteTree(Path root) {
        try {
            if (!java.nio.file.Files.exists(root)) return;
            dev.minilake.core.store.DataDir.emptyDirectory(root);
            java.nio.file.Files.deleteIfExists(root);
        } catch (java.io.IOException e) {
            throw new ApiException(dev.minilake.core.error.ErrorCode.INTERNAL_ERROR, "Could not delete " + root + ": " + e.getMessage());
        }
    }

    private static List<DeltaTables.Column> schema(List<ColumnInfo> cols) {
        if (cols == null || cols.isEmpty()) throw ApiException.invalid("A table needs at least one column in 'columns'.");
        List<DeltaTables.Column> schema = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ColumnInfo c : cols) {
            if (c.name() == null || c.name().isBlank()) throw ApiException.missingField("columns.name");
            if (!seen.add(c.name().toLowerCase(Locale.ROOT))) throw ApiException.invalid("Duplicate column name '" + c.name() + "'.");
            schema.add(new DeltaTables.Column(c.name(), ColumnTypes.declared(c), !Boolean.FALSE.equals(c.nullable()), c.comment()));
        }
        return schema;
    }

    private static List<String> partitions(List<ColumnInfo> cols, List<String> partitionedBy, List<DeltaTables.Column> schema) {
        List<String> partitions = new ArrayList<>(partitionedBy == null ? List.of() : partitionedBy);
        cols.stream().filter(c -> c.partition_index() != null)
                .sorted(java.util.Comparator.comparing(ColumnInfo::partition_index))
                .forEach(c -> { if (!partitions.contains(c.name())) partitions.add(c.name()); });
        for (String p : partitions) {
            if (schema.stream().noneMatch(c -> c.name().equals(p))) throw ApiException.invalid("Partition column '" + p + "' is not a column.");
        }
        return partitions;
    }

    /**
     * Registers the table; the caller holds the UC lock and checked that the name is free. An existing
     * log wins over declared columns; no log means a new empty table with the declared columns.
     */
    TableMeta create(ObjectName n, String format, String storageLocation, List<ColumnInfo> declared,
                     List<String> partitionedBy, String comment, Map<String, String> properties) {
        String fmt = format == null ? "DELTA" : format.toUpperCase(Locale.ROOT);
        if (!fmt.equals("DELTA")) {
            throw ApiException.invalid("EXTERNAL tables must have data_source_format DELTA (got " + fmt + "); other formats are not implemented.");
        }
        Path dir = locations.resolve(storageLocation);
        for (TableMeta other : uc.tables.listByIdPrefix("")) {
            if (other.delta() && Objects.equals(safeLocation(other), dir)) {
                throw ApiException.invalid("storage_location " + storageLocation + " is already the location of table " + other.full_name() + ".");
            }
        }
        List<ColumnInfo> cols = declared == null ? List.of() : declared;
        try {
            if (!delta.exists(dir)) {
                if (cols.isEmpty()) {
                    throw ApiException.invalid("No Delta table exists at " + storageLocation + ", so columns are needed to create one.");
                }
                List<DeltaTables.Column> schema = schema(cols);
                List<String> partitions = partitions(cols, partitionedBy, schema);
                delta.create(dir, schema, partitions, properties);
            } else {
                delta.latest(dir);
            }
        } catch (DeltaException e) {
            throw ApiException.invalid(e.getMessage());
        }
        long now = System.currentTimeMillis();
        TableMeta meta = new TableMeta(n.fullName(), UUID.randomUUID().toString(), comment, uc.owner(), properties, now, now,
                "DELTA", storageLocation.trim(), cols.isEmpty() ? null : cols, "EXTERNAL");
        uc.tables.put(n.fullName(), n.schemaName().fullName(), meta);
        return meta;
    }

    /**
     * A table of one of Spark's file formats: a MANAGED one gets a directory in the managed area, an
     * EXTERNAL one is at its location (inside the storage roots). Spark writes and reads its files;
     * the record keeps the declared columns, which are its schema. The caller holds the UC lock.
     */
    TableMeta createFileTable(ObjectName n, String format, String storageLocation, List<ColumnInfo> declared, String comment,
                              Map<String, String> properties) {
        if (declared == null || declared.isEmpty()) throw ApiException.missingField("columns");
        boolean managed = storageLocation == null || storageLocation.isBlank();
        Path dir = managed ? managedArea(n.catalog(), n.schema()).resolve(UUID.randomUUID().toString()) : locations.resolve(storageLocation);
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw ApiException.invalid("cannot create " + dir + ": " + e.getMessage());
        }
        long now = System.currentTimeMillis();
        TableMeta meta = new TableMeta(n.fullName(), UUID.randomUUID().toString(), comment, uc.owner(), properties, now, now,
                format, managed ? dir.toString() : storageLocation.trim(), declared, managed ? "MANAGED" : "EXTERNAL", false);
        uc.tables.put(n.fullName(), n.schemaName().fullName(), meta);
        return meta;
    }

    void forget(ObjectName n) {
        uc.tables.delete(n.fullName());
        uc.forgetGrant(n.fullName());
    }

    /** The API view, columns from the latest snapshot (or, when the log cannot be read, the declared ones and the reason). */
    TableInfo info(TableMeta m, String metastoreId, boolean withColumns) {
        String[] parts = m.full_name().split("\\.");
        Map<String, String> props = new LinkedHashMap<>();
        if (m.properties() != null) props.putAll(m.properties());
        List<ColumnInfo> columns = null;
        try {
            DeltaTables.Snapshot s = delta.latest(location(m));
            props.putAll(s.configuration());
            props.put("minilake.delta_version", Long.toString(s.version()));
            String mismatch = mismatch(m.declared_columns(), s.columns());
            if (mismatch != null) props.put(MISMATCH_PROPERTY, mismatch);
            if (withColumns) columns = columns(s, m.declared_columns());
        } catch (DeltaException | ApiException e) {
            props.put("minilake.delta_error", e.getMessage());
            if (withColumns) columns = m.declared_columns();
        }
        return new TableInfo(parts[2], parts[0], parts[1], m.full_name(), m.table_type(), "DELTA", columns, m.storage_location(), null,
                m.comment(), props.isEmpty() ? null : props, m.owner(), m.table_id(), metastoreId, false, m.created_at(), m.owner(),
                m.updated_at(), m.owner());
    }

    private static List<ColumnInfo> columns(DeltaTables.Snapshot s, List<ColumnInfo> declared) {
        List<ColumnInfo> out = new ArrayList<>();
        int pos = 0;
        for (DeltaTables.Column c : s.columns()) {
            DataType t = c.type();
            boolean decimal = t instanceof DataType.Decimal;
            int pi = s.partitionColumns().indexOf(c.name());
            out.add(new ColumnInfo(c.name(), TypeMapping.toSparkDdl(t), TypeMapping.typeName(t), TypeMapping.typeJson(c.name(), t, c.nullable()),
                    decimal ? ((DataType.Decimal) t).precision() : 0, decimal ? ((DataType.Decimal) t).scale() : 0, null, pos++,
                    c.nullable(), c.comment() != null ? c.comment() : declaredComment(declared, c.name()), pi < 0 ? null : pi));
        }
        return out;
    }

    private static String declaredComment(List<ColumnInfo> declared, String name) {
        if (declared == null) return null;
        return declared.stream().filter(d -> name.equalsIgnoreCase(d.name())).map(ColumnInfo::comment).filter(Objects::nonNull)
                .findFirst().orElse(null);
    }

    /** A readable difference between declared and physical columns, or null when they agree. */
    static String mismatch(List<ColumnInfo> declared, List<DeltaTables.Column> physical) {
        if (declared == null || declared.isEmpty()) return null;
        List<String> d = new ArrayList<>(), p = new ArrayList<>();
        for (ColumnInfo c : declared) {
            String type;
            try {
                type = TypeMapping.toSparkDdl(ColumnTypes.declared(c));
            } catch (ApiException e) {
                type = String.valueOf(c.type_text());
            }
            d.add(c.name().toLowerCase(Locale.ROOT) + " " + type);
        }
        for (DeltaTables.Column c : physical) p.add(c.name().toLowerCase(Locale.ROOT) + " " + TypeMapping.toSparkDdl(c.type()));
        if (d.equals(p)) return null;
        return "declared (" + String.join(", ", d) + ") but the Delta log has (" + String.join(", ", p) + "); the Delta log wins";
    }

    private Path safeLocation(TableMeta m) {
        try {
            return location(m);
        } catch (ApiException e) {
            return null;
        }
    }
}
