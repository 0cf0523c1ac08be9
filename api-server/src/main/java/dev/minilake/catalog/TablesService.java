package dev.minilake.catalog;

import dev.minilake.catalog.Names.ObjectName;
import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.catalog.TableDtos.CreateTable;
import dev.minilake.catalog.TableDtos.TableInfo;
import dev.minilake.catalog.TableDtos.TableMeta;
import dev.minilake.catalog.TableDtos.TableSummary;
import dev.minilake.catalog.types.TypeMapping;
import dev.minilake.core.error.ApiException;
import dev.minilake.engines.duckdb.DuckDbEngine;
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
 * Tables, named like the SDK's TablesAPI. DuckDB is the one source of truth for which tables and
 * views exist and what their columns are, so tables created through SQL appear here unasked. The
 * store adds only a stable table_id and descriptive fields, created on first sight.
 */
@Service
public class TablesService {
    /** DuckDB keeps a view's CREATE statement; the API reports the query after AS. */
    private static final Pattern VIEW_QUERY = Pattern.compile("(?is)^\\s*CREATE\\b.*?\\bVIEW\\b.*?\\bAS\\s+(.*?);?\\s*$");

    private final PhysicalCatalog physical;
    private final UcStore uc;
    private final MetastoreService metastore;

    public TablesService(PhysicalCatalog physical, UcStore uc, MetastoreService metastore) {
        this.physical = physical;
        this.uc = uc;
        this.metastore = metastore;
    }

    /** Creates a MANAGED table as a real DuckDB table with the declared columns; all or nothing. */
    public TableInfo create(CreateTable req) {
        ObjectName n = Names.object("table", req.catalog_name(), req.schema_name(), req.name());
        String type = req.table_type() == null ? "MANAGED" : req.table_type().toUpperCase(Locale.ROOT);
        if (!type.equals("MANAGED")) {
            throw ApiException.invalid("Only MANAGED tables can be created through this API (got table_type " + type
                    + "); create views and external tables with SQL.");
        }
        String ddl = "CREATE TABLE " + PhysicalCatalog.qualified(n.catalog(), n.schema(), n.name()) + " (" + columnsDdl(req.columns()) + ")";
        uc.exclusive(() -> {
            physical.requireSchema(n.catalog(), n.schema());
            if (physical.table(n.catalog(), n.schema(), n.name()).isPresent()) throw ApiException.alreadyExists("Table '" + n.fullName() + "'");
            physical.execute(ddl);
            try {
                long now = System.currentTimeMillis();
                uc.tables.put(n.fullName(), n.schemaName().fullName(), new TableMeta(n.fullName(), UUID.randomUUID().toString(),
                        req.comment(), uc.owner(), req.properties(), now, now,
                        req.data_source_format() == null ? "DELTA" : req.data_source_format().toUpperCase(Locale.ROOT),
                        req.storage_location(), req.columns()));
            } catch (RuntimeException e) {
                try {
                    physical.execute("DROP TABLE IF EXISTS " + PhysicalCatalog.qualified(n.catalog(), n.schema(), n.name()));
                } catch (RuntimeException undo) {
                    e.addSuppressed(undo);
                }
                throw e;
            }
        });
        return get(n.fullName());
    }

    public TableInfo get(String fullName) {
        ObjectName n = Names.objectFullName("table", fullName);
        PhysicalCatalog.Table t = find(n).orElseThrow(() -> ApiException.notFound("Table '" + n.fullName() + "'"));
        return info(t, physical.columns(n.catalog(), n.schema()).getOrDefault(n.name(), List.of()));
    }

    public boolean exists(String fullName) {
        return find(Names.objectFullName("table", fullName)).isPresent();
    }

    /** Tables and views of a schema, sorted by name. */
    public List<TableInfo> list(String catalogName, String schemaName, boolean omitColumns) {
        Names.SchemaName s = Names.schema(Names.required(catalogName, "catalog_name"), Names.required(schemaName, "schema_name"));
        physical.requireSchema(s.catalog(), s.schema());
        Map<String, List<PhysicalCatalog.Column>> columns = omitColumns ? Map.of() : physical.columns(s.catalog(), s.schema());
        return physical.tables(s.catalog(), s.schema()).stream()
                .map(t -> info(t, omitColumns ? null : columns.getOrDefault(t.name(), List.of())))
                .toList();
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
            for (PhysicalCatalog.Table t : physical.tables(catalog, schema)) {
                if (tp.matcher(t.name()).matches()) out.add(new TableSummary(fullName(t), tableType(t)));
            }
        }
        return out;
    }

    /** Only the owner can change, as in the SDK's TablesAPI.update. */
    public TableInfo updateOwner(String fullName, String owner) {
        ObjectName n = Names.objectFullName("table", fullName);
        return uc.exclusive(() -> {
            PhysicalCatalog.Table t = find(n).orElseThrow(() -> ApiException.notFound("Table '" + n.fullName() + "'"));
            if (owner != null) uc.tables.put(n.fullName(), n.schemaName().fullName(), meta(t).withOwner(owner, System.currentTimeMillis()));
            return get(n.fullName());
        });
    }

    /** Drops a table or view. */
    public void delete(String fullName) {
        ObjectName n = Names.objectFullName("table", fullName);
        uc.exclusive(() -> {
            PhysicalCatalog.Table t = find(n).orElseThrow(() -> ApiException.notFound("Table '" + n.fullName() + "'"));
            physical.execute("DROP " + (t.view() ? "VIEW " : "TABLE ") + PhysicalCatalog.qualified(n.catalog(), n.schema(), t.physicalName()));
            uc.tables.delete(n.fullName());
            uc.forgetGrant(n.fullName());
        });
    }

    private Optional<PhysicalCatalog.Table> find(ObjectName n) {
        return physical.table(n.catalog(), n.schema(), n.name());
    }

    private TableMeta meta(PhysicalCatalog.Table t) {
        String full = fullName(t);
        return UcStore.getOrCreate(uc.tables, full, t.catalog() + "." + t.schema(), () -> {
            long now = System.currentTimeMillis();
            return new TableMeta(full, UUID.randomUUID().toString(), null, uc.owner(), null, now, now,
                    t.view() ? null : "DELTA", null, null);
        });
    }

    private TableInfo info(PhysicalCatalog.Table t, List<PhysicalCatalog.Column> physicalColumns) {
        TableMeta m = meta(t);
        List<ColumnInfo> columns = physicalColumns == null ? null
                : physicalColumns.stream().map(c -> ColumnTypes.physical(c, declaredComment(m, c.name()))).toList();
        String comment = t.comment() != null && !t.comment().isEmpty() ? t.comment() : m.comment();
        return new TableInfo(t.name(), t.catalog(), t.schema(), fullName(t), tableType(t), m.data_source_format(), columns,
                m.storage_location(), t.view() ? viewQuery(t.sql()) : null, comment, m.properties(), m.owner(), m.table_id(),
                metastore.metastoreId(), false, m.created_at(), m.owner(), m.updated_at(), m.owner());
    }

    private static String declaredComment(TableMeta m, String column) {
        if (m.declared_columns() == null) return null;
        return m.declared_columns().stream().filter(c -> column.equalsIgnoreCase(c.name()))
                .map(ColumnInfo::comment).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    private static String columnsDdl(List<ColumnInfo> columns) {
        if (columns == null || columns.isEmpty()) throw ApiException.invalid("A MANAGED table needs at least one column in 'columns'.");
        Set<String> seen = new HashSet<>();
        List<String> parts = new ArrayList<>();
        for (ColumnInfo c : columns) {
            if (c.name() == null || c.name().isBlank()) throw ApiException.missingField("columns.name");
            if (!seen.add(c.name().toLowerCase(Locale.ROOT))) throw ApiException.invalid("Duplicate column name '" + c.name() + "'.");
            String col = DuckDbEngine.quoteIdent(c.name()) + " " + TypeMapping.toDuckDb(ColumnTypes.declared(c));
            parts.add(Boolean.FALSE.equals(c.nullable()) ? col + " NOT NULL" : col);
        }
        return String.join(", ", parts);
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
