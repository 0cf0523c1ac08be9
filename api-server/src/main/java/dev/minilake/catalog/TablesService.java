package dev.minilake.catalog;

import dev.minilake.engines.duckdb.DuckDbSql;
import dev.minilake.catalog.Names.ObjectName;
import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.catalog.TableDtos.CreateTable;
import dev.minilake.catalog.TableDtos.TableInfo;
import dev.minilake.catalog.TableDtos.TableMeta;
import dev.minilake.catalog.TableDtos.TableSummary;
import dev.minilake.engines.statements.TableCatalog.DeltaTable;
import dev.minilake.engines.types.TypeMapping;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tables, named like the SDK's TablesAPI. Every table MiniLake creates is a Delta table (MANAGED in
 * the lake's managed area, or EXTERNAL at a location), recorded in the store ({@link DeltaTableRecords}).
 * Views, and tables left from data dirs older than Delta MANAGED tables, are DuckDB's own: DuckDB is
 * their source of truth, so views created through SQL appear here unasked, and the store adds only
 * a stable table_id and descriptive fields, created on first sight. A MANAGED Delta table's DuckDB
 * view ({@link dev.minilake.engines.delta.DeltaMirrors}) is the table, never listed as a view.
 */
@Service
public class TablesService {
    /** DuckDB keeps a view's CREATE statement; the API reports the query after AS. */
    private static final Pattern VIEW_QUERY = Pattern.compile("(?is)^\\s*CREATE\\b.*?\\bVIEW\\b.*?\\bAS\\s+(.*?);?\\s*$");

    private final PhysicalCatalog physical;
    private final UcStore uc;
    private final MetastoreService metastore;
    private final DeltaTableRecords external;
    private final org.springframework.beans.factory.ObjectProvider<TableConstraintSource> constraints;

    public TablesService(PhysicalCatalog physical, UcStore uc, MetastoreService metastore, DeltaTableRecords external,
                         org.springframework.beans.factory.ObjectProvider<TableConstraintSource> constraints) {
        this.physical = physical;
        this.uc = uc;
        this.metastore = metastore;
        this.external = external;
        this.constraints = constraints;
    }

    /** The Delta table (MANAGED or EXTERNAL) of that name, if there is one (names are case-insensitive). */
    public Optional<DeltaTable> deltaTable(String catalog, String schema, String name) {
        if (catalog == null || schema == null || name == null) return Optional.empty();
        String full = (catalog + "." + schema + "." + name).toLowerCase(Locale.ROOT);
        return uc.tables.get(full).filter(TableMeta::delta).map(m -> new DeltaTable(full, external.location(m), m.managedDelta()));
    }

    /** Brings DuckDB's view of a MANAGED table up to its log's latest version (Spark may have committed). */
    public void ensureFresh(String fullName) {
        ObjectName n = Names.objectFullName("table", fullName);
        external.find(n).ifPresent(m -> external.ensureFresh(n, m));
    }

    /** Brings DuckDB's view of every MANAGED table up to its log (Spark ran a statement and may have written any). */
    public void ensureAllFresh() {
        external.ensureAllFresh();
    }

    /** After MiniLake's commit of {@code version} over {@code before}: DuckDB's view of a MANAGED table shows it. */
    public void committed(String fullName, dev.minilake.engines.delta.DeltaTables.Snapshot before, long version,
                          List<dev.minilake.engines.delta.DeltaTables.NewFile> added, List<dev.minilake.engines.delta.DeltaTables.DataFile> removed) {
        ObjectName n = Names.objectFullName("table", fullName);
        external.find(n).ifPresent(m -> external.committed(n, m, before, version, added, removed));
    }

    /** Rebuilds DuckDB's view of a MANAGED table after a commit. */
    public void refresh(String fullName) {
        ObjectName n = Names.objectFullName("table", fullName);
        external.find(n).ifPresent(m -> external.refresh(n, m));
    }

    /**
     * Creates a MANAGED Delta table (SQL {@code CREATE TABLE} without LOCATION, and tables.create).
     * Returns false when the name exists and ifNotExists was given.
     */
    public boolean createManaged(String catalog, String schema, String name, List<ColumnInfo> columns, List<String> partitionedBy,
                                 String comment, Map<String, String> properties, boolean ifNotExists) {
        ObjectName n = Names.object("table", catalog, schema, name);
        return uc.exclusive(() -> {
            if (!nameFree(n, ifNotExists)) return false;
            external.createManaged(n, columns, partitionedBy, comment, properties);
            return true;
        });
    }

    /** Whether the name is free in an existing schema: false when taken and ifNotExists, else 409. Under the UC lock. */
    private boolean nameFree(ObjectName n, boolean ifNotExists) {
        physical.requireSchema(n.catalog(), n.schema());
        if (find(n).isEmpty() && external.find(n).isEmpty() && sparkOnly(n).isEmpty()) return true;
        if (ifNotExists) return false;
        throw ApiException.alreadyExists("Table '" + n.fullName() + "'");
    }

    /** ALTER TABLE ... RENAME TO of a Delta table: the record moves, the files stay. */
    public void rename(String fromFullName, String toFullName) {
        ObjectName from = Names.objectFullName("table", fromFullName), to = Names.objectFullName("table", toFullName);
        uc.exclusive(() -> {
            TableMeta m = external.find(from).orElseThrow(() -> ApiException.notFound("Table '" + from.fullName() + "'"));
            physical.requireSchema(to.catalog(), to.schema());
            if (find(to).isPresent() || external.find(to).isPresent()) throw ApiException.alreadyExists("Table '" + to.fullName() + "'");
            if (m.managedDelta() && !(from.catalog().equals(to.catalog()) && from.schema().equals(to.schema()))) {
                throw ApiException.invalid("A MANAGED table can be renamed only within its schema.");
            }
            external.rename(from, to, m);
        });
    }

    /**
     * ALTER TABLE ... SET / UNSET TBLPROPERTIES of a Delta table: {@code delta.*} keys are table
     * properties in the Delta log (one commit), the others Unity Catalog properties.
     */
    public void setProperties(String fullName, Map<String, String> set, List<String> unset) {
        ObjectName n = Names.objectFullName("table", fullName);
        uc.exclusive(() -> {
            TableMeta m = external.find(n).orElseThrow(() -> ApiException.notFound("Table '" + n.fullName() + "'"));
            external.setProperties(n, m, set, unset);
        });
    }

    /** ALTER TABLE ... ADD COLUMNS of a Delta table: one commit with the wider schema. */
    public void addColumns(String fullName, List<ColumnInfo> columns) {
        ObjectName n = Names.objectFullName("table", fullName);
        uc.exclusive(() -> {
            TableMeta m = external.find(n).orElseThrow(() -> ApiException.notFound("Table '" + n.fullName() + "'"));
            external.addColumns(n, m, columns);
        });
    }

    /** COMMENT ON COLUMN (or ALTER COLUMN ... COMMENT) of a Delta table: one commit, the comment in its schema. */
    public void setColumnComment(String fullName, String column, String comment) {
        ObjectName n = Names.objectFullName("table", fullName);
        uc.exclusive(() -> {
            TableMeta m = external.find(n).orElseThrow(() -> ApiException.notFound("Table '" + n.fullName() + "'"));
            external.setColumnComment(n, m, column, comment);
        });
    }

    /** COMMENT ON TABLE of a Delta table: the comment Unity Catalog reports. */
    public void comment(String fullName, String comment) {
        ObjectName n = Names.objectFullName("table", fullName);
        uc.exclusive(() -> {
            TableMeta m = external.find(n).orElseThrow(() -> ApiException.notFound("Table '" + n.fullName() + "'"));
            uc.tables.put(n.fullName(), n.schemaName().fullName(), m.withComment(comment, System.currentTimeMillis()));
        });
    }

    /** Names of the EXTERNAL tables of a schema. */
    public List<String> externalTableNames(String catalog, String schema) {
        if (catalog == null || schema == null) return List.of();
        return external.inSchema(catalog.toLowerCase(Locale.ROOT), schema.toLowerCase(Locale.ROOT)).stream()
                .filter(TableMeta::external).map(m -> m.full_name().substring(m.full_name().lastIndexOf('.') + 1)).toList();
    }

    /** Full names of the EXTERNAL tables whose directory is {@code dir} or inside it, sorted. */
    public List<String> externalTablesUnder(java.nio.file.Path dir) {
        List<String> out = new ArrayList<>();
        for (TableMeta m : uc.tables.listByIdPrefix("")) {
            if (!m.external()) continue;
            try {
                if (external.location(m).startsWith(dir)) out.add(m.full_name());
            } catch (ApiException e) {
                // a location that no longer resolves (roots changed) is inside nothing
            }
        }
        out.sort(null);
        return out;
    }

    /**
     * Registers an EXTERNAL Delta table at a location (SQL {@code CREATE TABLE ... USING DELTA LOCATION}
     * and tables.create): an existing Delta log gives the schema, else an empty table is created.
     * Returns false when the name exists and ifNotExists was given.
     */
    public boolean createExternal(String catalog, String schema, String name, String location, List<ColumnInfo> columns,
                                  List<String> partitionedBy, String comment, Map<String, String> properties, boolean ifNotExists) {
        ObjectName n = Names.object("table", catalog, schema, name);
        return uc.exclusive(() -> {
            if (!nameFree(n, ifNotExists)) return false;
            external.create(n, "DELTA", location, columns, partitionedBy, comment, properties);
            return true;
        });
    }

    /** Creates a MANAGED table as a real DuckDB table with the declared columns; all or nothing. */
    public TableInfo create(CreateTable req) {
        ObjectName n = Names.object("table", req.catalog_name(), req.schema_name(), req.name());
        String type = req.table_type() == null ? "MANAGED" : req.table_type().toUpperCase(Locale.ROOT);
        String requested = req.data_source_format() == null ? "DELTA" : req.data_source_format().toUpperCase(Locale.ROOT);
        if ((type.equals("EXTERNAL") || type.equals("MANAGED")) && dev.minilake.engines.sqltranslate.DeltaStatements.FILE_FORMATS.contains(requested)) {
            if (type.equals("EXTERNAL") && (req.storage_location() == null || req.storage_location().isBlank())) {
                throw ApiException.missingField("storage_location");
            }
            uc.exclusive(() -> {
                nameFree(n, false);
                external.createFileTable(n, requested, type.equals("EXTERNAL") ? req.storage_location() : null, req.columns(), req.comment(),
                        req.properties());
            });
            return get(n.fullName());
        }
        if (type.equals("EXTERNAL")) {
            uc.exclusive(() -> {
                physical.requireSchema(n.catalog(), n.schema());
                if (find(n).isPresent() || external.find(n).isPresent()) throw ApiException.alreadyExists("Table '" + n.fullName() + "'");
                external.create(n, req.data_source_format(), req.storage_location(), req.columns(), null, req.comment(), req.properties());
            });
            return get(n.fullName());
        }
        if (type.equals("VIEW") && req.view_definition() != null && !req.view_definition().isBlank()) {
            createView(n, req);
            return get(n.fullName());
        }
        if (!type.equals("MANAGED")) {
            throw ApiException.invalid("Only MANAGED and EXTERNAL tables, and views with a view_definition, can be created through this API"
                    + " (got table_type " + type + "); or create views with SQL.");
        }
        // as on Databricks, a MANAGED table lives where its catalog's managed storage puts it; the response says where
        String format = req.data_source_format() == null ? "DELTA" : req.data_source_format().toUpperCase(Locale.ROOT);
        if (!format.equals("DELTA")) {
            throw ApiException.invalid("MANAGED tables are Delta tables (got data_source_format " + format + ").");
        }
        createManaged(n.catalog(), n.schema(), n.name(), req.columns(), null, req.comment(), req.properties(), false);
        return get(n.fullName());
    }

    /**
     * A view as Spark made it (MiniLake's Spark catalog plugin): its Spark SQL text and the columns
     * Spark resolved. DuckDB has no translation of it, so a statement that reads it runs on Spark.
     */
    private void createView(ObjectName n, CreateTable req) {
        if (req.columns() == null || req.columns().isEmpty()) throw ApiException.missingField("columns");
        uc.exclusive(() -> {
            if (!nameFree(n, false)) return;
            if (uc.tables.get(n.fullName()).filter(TableMeta::sparkView).isPresent()) throw ApiException.alreadyExists("Table '" + n.fullName() + "'");
            long now = System.currentTimeMillis();
            TableMeta m = new TableMeta(n.fullName(), UUID.randomUUID().toString(), req.comment(), uc.owner(), req.properties(), now, now,
                    null, null, req.columns(), "VIEW", null, req.view_definition().strip());
            uc.tables.put(n.fullName(), n.schemaName().fullName(), m);
        });
    }

    /** After DuckDB made a view from SQL: Unity Catalog keeps the view's Spark SQL text and where its names resolve. */
    public void recordView(String fullName, String sparkQuery, String currentCatalog, String currentSchema) {
        ObjectName n = Names.objectFullName("table", fullName);
        uc.exclusive(() -> {
            PhysicalCatalog.Table t = find(n).filter(PhysicalCatalog.Table::view).orElse(null);
            if (t == null) return;
            TableMeta m = meta(t);
            Map<String, String> props = new java.util.LinkedHashMap<>(m.properties() == null ? Map.of() : m.properties());
            props.put("view.catalogAndNamespace.numParts", "2");
            props.put("view.catalogAndNamespace.part.0", currentCatalog);
            props.put("view.catalogAndNamespace.part.1", currentSchema);
            uc.tables.put(n.fullName(), n.schemaName().fullName(), m.asView(sparkQuery.strip(), null, props, m.comment(), System.currentTimeMillis()));
        });
    }

    /** A view only Spark can read (DuckDB has no translation of it), or a file-format table: Spark's alone. */
    private Optional<TableMeta> sparkOnly(ObjectName n) {
        return uc.tables.get(n.fullName()).filter(TableMeta::sparkOnly).filter(m -> physical.table(n.catalog(), n.schema(), n.name()).isEmpty());
    }

    /** The simple names (lower-case) of the views and file-format tables only Spark reads, in every catalog. */
    public Set<String> sparkOnlyViewNames() {
        Set<String> out = new HashSet<>();
        for (TableMeta m : uc.tables.listByIdPrefix("")) {
            if (!m.sparkOnly()) continue;
            ObjectName n = Names.objectFullName("table", m.full_name());
            if (physical.table(n.catalog(), n.schema(), n.name()).isEmpty()) out.add(n.name().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /** MANAGED, EXTERNAL or VIEW, if the name is a table or view. */
    public Optional<String> tableType(String fullName) {
        ObjectName n = Names.objectFullName("table", fullName);
        Optional<PhysicalCatalog.Table> t = find(n);
        if (t.isPresent()) return Optional.of(tableType(t.get()));
        Optional<TableMeta> m = external.find(n);
        if (m.isPresent()) return Optional.of(m.get().table_type());
        return sparkOnly(n).map(TableMeta::table_type);
    }

    private TableInfo viewInfo(TableMeta m) {
        ObjectName n = Names.objectFullName("table", m.full_name());
        return new TableInfo(n.name(), n.catalog(), n.schema(), m.full_name(), m.table_type(), m.data_source_format(), m.declared_columns(),
                m.storage_location(), m.view_definition(), m.comment(), m.properties(), m.owner(), m.table_id(), metastore.metastoreId(), false,
                m.created_at(), m.owner(), m.updated_at(), m.owner());
    }

    public TableInfo get(String fullName) {
        ObjectName n = Names.objectFullName("table", fullName);
        Optional<PhysicalCatalog.Table> t = find(n);
        TableInfo info;
        Optional<TableMeta> sparkView = t.isEmpty() && external.find(n).isEmpty() ? sparkOnly(n) : Optional.empty();
        if (sparkView.isPresent()) {
            physical.requireSchema(n.catalog(), n.schema());
            info = viewInfo(sparkView.get());
        } else if (t.isEmpty()) {
            TableMeta ext = external.find(n).orElseThrow(() -> ApiException.notFound("Table '" + n.fullName() + "'"));
            physical.requireSchema(n.catalog(), n.schema());
            info = external.info(ext, metastore.metastoreId(), true);
        } else {
            info = info(t.get(), physical.columns(n.catalog(), n.schema()).getOrDefault(n.name(), List.of()));
        }
        TableConstraintSource source = constraints.getIfAvailable();
        return source == null ? info : info.withConstraints(source.constraintsOf(info.full_name(), info.table_id()));
    }

    public boolean exists(String fullName) {
        ObjectName n = Names.objectFullName("table", fullName);
        return find(n).isPresent() || ((external.find(n).isPresent() || sparkOnly(n).isPresent()) && physical.schemaExists(n.catalog(), n.schema()));
    }

    /** Tables and views of a schema, sorted by name. */
    public List<TableInfo> list(String catalogName, String schemaName, boolean omitColumns) {
        Names.SchemaName s = Names.schema(Names.required(catalogName, "catalog_name"), Names.required(schemaName, "schema_name"));
        physical.requireSchema(s.catalog(), s.schema());
        Map<String, List<PhysicalCatalog.Column>> columns = omitColumns ? Map.of() : physical.columns(s.catalog(), s.schema());
        List<TableInfo> out = new ArrayList<>(physicalTables(s.catalog(), s.schema()).stream()
                .map(t -> info(t, omitColumns ? null : columns.getOrDefault(t.name(), List.of())))
                .toList());
        for (TableMeta m : external.inSchema(s.catalog(), s.schema())) out.add(external.info(m, metastore.metastoreId(), !omitColumns));
        for (TableMeta m : sparkOnlyRecords(s.catalog(), s.schema())) {
            TableInfo v = viewInfo(m);
            out.add(omitColumns ? new TableInfo(v.name(), v.catalog_name(), v.schema_name(), v.full_name(), v.table_type(),
                    v.data_source_format(), null, v.storage_location(),
                    v.view_definition(), v.comment(), v.properties(), v.owner(), v.table_id(), v.metastore_id(), false, v.created_at(),
                    v.created_by(), v.updated_at(), v.updated_by()) : v);
        }
        out.sort(java.util.Comparator.comparing(TableInfo::name));
        return out;
    }

    /**
     * Summaries of every table in a catalog, sorted by full name. Patterns use {@code *} or {@code %}
     * as wildcards, as the SQL LIKE-style patterns of the API do.
     */
    public List<TableSummary> listSummaries(String catalogName, String schemaPattern, String tablePattern) {
        String catalog = Names.validate("catalog name", Names.required(catalogName, "catalog_name"));
        physical.requireCatalog(catalog);
        Pattern sp = wildcard(schemaPattern), tp = wildcard(tablePattern);
        List<TableSummary> out = new ArrayList<>();
        for (String schema : physical.schemas(catalog)) {
            if (!sp.matcher(schema).matches()) continue;
            for (PhysicalCatalog.Table t : physicalTables(catalog, schema)) {
                if (tp.matcher(t.name()).matches()) out.add(new TableSummary(fullName(t), tableType(t)));
            }
            for (TableMeta m : sparkOnlyRecords(catalog, schema)) {
                if (tp.matcher(m.full_name().substring(m.full_name().lastIndexOf('.') + 1)).matches()) out.add(new TableSummary(m.full_name(), m.table_type()));
            }
            for (TableMeta m : external.inSchema(catalog, schema)) {
                if (tp.matcher(m.full_name().substring(m.full_name().lastIndexOf('.') + 1)).matches()) {
                    out.add(new TableSummary(m.full_name(), m.table_type()));
                }
            }
        }
        out.sort(java.util.Comparator.comparing(TableSummary::full_name));
        return out;
    }

    /** Only the owner can change, as in the SDK's TablesAPI.update. */
    public TableInfo updateOwner(String fullName, String owner) {
        ObjectName n = Names.objectFullName("table", fullName);
        return uc.exclusive(() -> {
            Optional<TableMeta> ext = find(n).isEmpty() ? external.find(n) : Optional.empty();
            if (ext.isPresent()) {
                if (owner != null) uc.tables.put(n.fullName(), n.schemaName().fullName(), ext.get().withOwner(owner, System.currentTimeMillis()));
                return get(n.fullName());
            }
            PhysicalCatalog.Table t = find(n).orElseThrow(() -> ApiException.notFound("Table '" + n.fullName() + "'"));
            if (owner != null) uc.tables.put(n.fullName(), n.schemaName().fullName(), meta(t).withOwner(owner, System.currentTimeMillis()));
            return get(n.fullName());
        });
    }

    /** Drops a table or view. */
    public void delete(String fullName) {
        ObjectName n = Names.objectFullName("table", fullName);
        uc.exclusive(() -> {
            Optional<TableMeta> delta = find(n).isEmpty() ? external.find(n) : Optional.empty();
            if (delta.isPresent()) {
                if (delta.get().managedDelta()) external.dropManaged(n, delta.get());
                else external.forget(n);
                return;
            }
            if (find(n).isEmpty() && sparkOnly(n).isPresent()) {
                TableMeta m = sparkOnly(n).get();
                if (m.fileFormat() && "MANAGED".equals(m.table_type()) && m.storage_location() != null) {
                    DeltaTableRecords.deleteTree(java.nio.file.Path.of(m.storage_location()));
                }
                uc.tables.delete(n.fullName());
                uc.forgetGrant(n.fullName());
                return;
            }
            PhysicalCatalog.Table t = find(n).orElseThrow(() -> ApiException.notFound("Table '" + n.fullName() + "'"));
            physical.execute(DuckDbSql.drop(t.view() ? "VIEW" : "TABLE", DuckDbSql.catalogObject(n.catalog(), n.schema(), t.physicalName()), false));
            uc.tables.delete(n.fullName());
            uc.forgetGrant(n.fullName());
        });
    }

    /** DuckDB's own table or view of that name; never a MANAGED Delta table's view, which is the table. */
    private Optional<PhysicalCatalog.Table> find(ObjectName n) {
        return physical.table(n.catalog(), n.schema(), n.name()).filter(t -> !t.view() || external.find(n).isEmpty());
    }

    /** DuckDB's tables and views of a schema, less the views of MANAGED Delta tables. */
    private List<PhysicalCatalog.Table> physicalTables(String catalog, String schema) {
        Set<String> delta = new HashSet<>();
        for (TableMeta m : external.inSchema(catalog, schema)) delta.add(m.full_name().substring(m.full_name().lastIndexOf('.') + 1));
        return physical.tables(catalog, schema).stream().filter(t -> !delta.contains(t.name())).toList();
    }

    private TableMeta meta(PhysicalCatalog.Table t) {
        String full = fullName(t);
        return UcStore.getOrCreate(uc.tables, full, t.catalog() + "." + t.schema(), () -> {
            long now = System.currentTimeMillis();
            return new TableMeta(full, UUID.randomUUID().toString(), null, uc.owner(), null, now, now,
                    t.view() ? null : "DELTA", null, null, t.view() ? "VIEW" : "MANAGED");
        });
    }

    private TableInfo info(PhysicalCatalog.Table t, List<PhysicalCatalog.Column> physicalColumns) {
        TableMeta m = meta(t);
        List<ColumnInfo> columns = physicalColumns == null ? null
                : physicalColumns.stream().map(c -> ColumnTypes.physical(c, declaredComment(m, c.name()))).toList();
        String comment = t.comment() != null && !t.comment().isEmpty() ? t.comment() : m.comment();
        return new TableInfo(t.name(), t.catalog(), t.schema(), fullName(t), tableType(t), m.data_source_format(), columns,
                m.storage_location(), t.view() ? (m.view_definition() != null ? m.view_definition() : viewQuery(t.sql())) : null, comment, m.properties(), m.owner(), m.table_id(),
                metastore.metastoreId(), false, m.created_at(), m.owner(), m.updated_at(), m.owner());
    }

    /** The views of a schema that only Spark reads (no DuckDB object of that name). */
    private List<TableMeta> sparkOnlyRecords(String catalog, String schema) {
        return uc.tables.listByIdPrefix(catalog + "." + schema + ".").stream().filter(TableMeta::sparkOnly)
                .filter(m -> m.full_name().split("\\.").length == 3)
                .filter(m -> physical.table(catalog, schema, m.full_name().substring(m.full_name().lastIndexOf('.') + 1)).isEmpty())
                .toList();
    }

    private static String declaredComment(TableMeta m, String column) {
        if (m.declared_columns() == null) return null;
        return m.declared_columns().stream().filter(c -> column.equalsIgnoreCase(c.name()))
                .map(ColumnInfo::comment).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    private static String fullName(PhysicalCatalog.Table t) {
        return t.catalog() + "." + t.schema() + "." + t.name();
    }

    private static String tableType(PhysicalCatalog.Table t) {
        return t.view() ? "VIEW" : "MANAGED";
    }

    private static String viewQuery(String sql) {
        if (sql == null) return null;
        Matcher m = VIEW_QUERY.matcher(sql);
        return m.matches() ? m.group(1) : sql;
    }

    private static Pattern wildcard(String pattern) {
        if (pattern == null || pattern.isEmpty()) return Pattern.compile(".*");
        StringBuilder re = new StringBuilder();
        for (char ch : pattern.toLowerCase(Locale.ROOT).toCharArray()) {
            re.append(ch == '*' || ch == '%' ? ".*" : Pattern.quote(String.valueOf(ch)));
        }
        return Pattern.compile(re.toString());
    }

}
