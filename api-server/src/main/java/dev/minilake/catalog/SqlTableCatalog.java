package dev.minilake.catalog;

import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.engines.delta.DeltaTables;
import dev.minilake.engines.statements.TableCatalog;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The statement engine's view of Unity Catalog tables: {@link TablesService}, with columns in UC's wire form. */
@Component
class SqlTableCatalog implements TableCatalog {
    private final TablesService tables;
    private final CatalogsService catalogs;
    private final SchemasService schemas;
    private final InformationSchemaViews informationSchema;

    SqlTableCatalog(TablesService tables, CatalogsService catalogs, SchemasService schemas) {
        this.tables = tables;
        this.catalogs = catalogs;
        this.schemas = schemas;
        this.informationSchema = new InformationSchemaViews(catalogs, schemas, tables);
    }

    @Override
    public Optional<InformationSchemaView> informationSchema(String catalog, String view) {
        return informationSchema.view(catalog, view);
    }

    @Override
    public List<String> catalogNames() {
        return catalogs.list().stream().map(CatalogDtos.CatalogInfo::name).toList();
    }

    @Override
    public List<String> schemaNames(String catalog) {
        return schemas.list(catalog).stream().map(CatalogDtos.SchemaInfo::name).toList();
    }

    @Override
    public List<Listed> listTables(String catalog, java.util.function.Predicate<String> schemaMatches, boolean withColumns) {
        List<Listed> out = new ArrayList<>();
        for (CatalogDtos.SchemaInfo schema : schemas.list(catalog)) {
            if (!schemaMatches.test(schema.name())) continue;
            for (TableDtos.TableInfo t : tables.list(catalog, schema.name(), !withColumns)) {
                List<ListedColumn> cols = new ArrayList<>();
                if (t.columns() != null) {
                    for (int i = 0; i < t.columns().size(); i++) {
                        ColumnInfo c = t.columns().get(i);
                        cols.add(new ListedColumn(c.name(), c.type_text(), c.type_name(), c.type_precision(), c.type_scale(),
                                c.nullable() == null || c.nullable(), c.comment(), c.position() == null ? i : c.position()));
                    }
                }
                out.add(new Listed(catalog, schema.name(), t.name(), t.table_type(), t.comment(), cols));
            }
        }
        return out;
    }

    @Override
    public Optional<DeltaTable> deltaTable(String catalog, String schema, String name) {
        return tables.deltaTable(catalog, schema, name);
    }

    @Override
    public boolean exists(String fullName) {
        return tables.exists(fullName);
    }

    @Override
    public Optional<String> comment(String fullName) {
        return tables.exists(fullName) ? Optional.ofNullable(tables.get(fullName).comment()) : Optional.empty();
    }

    @Override
    public boolean createManaged(String catalog, String schema, String name, List<Column> columns, List<String> partitionedBy,
                                 String comment, Map<String, String> properties, boolean ifNotExists) {
        return tables.createManaged(catalog, schema, name, declared(columns, partitionedBy), partitionedBy, comment, properties, ifNotExists);
    }

    @Override
    public boolean createExternal(String catalog, String schema, String name, String location, List<Column> columns,
                                  List<String> partitionedBy, String comment, Map<String, String> properties, boolean ifNotExists) {
        return tables.createExternal(catalog, schema, name, location, declared(columns, partitionedBy), partitionedBy, comment,
                properties, ifNotExists);
    }

    @Override
    public void delete(String fullName) {
        tables.delete(fullName);
    }

    @Override
    public void rename(String fromFullName, String toFullName) {
        tables.rename(fromFullName, toFullName);
    }

    @Override
    public void comment(String fullName, String comment) {
        tables.comment(fullName, comment);
    }

    @Override
    public void setProperties(String fullName, Map<String, String> set, List<String> unset) {
        tables.setProperties(fullName, set, unset);
    }

    @Override
    public void addColumns(String fullName, List<Column> columns) {
        tables.addColumns(fullName, columns.stream()
                .map(c -> new ColumnInfo(c.name(), c.typeText(), null, null, null, null, null, null, c.nullable(), c.comment(), null))
                .toList());
    }

    @Override
    public void setColumnComment(String fullName, String column, String comment) {
        tables.setColumnComment(fullName, column, comment);
    }

    @Override
    public List<String> externalTableNames(String catalog, String schema) {
        return tables.externalTableNames(catalog, schema);
    }

    @Override
    public void ensureFresh(String fullName) {
        tables.ensureFresh(fullName);
    }

    @Override
    public void ensureAllFresh() {
        tables.ensureAllFresh();
    }

    @Override
    public void committed(String fullName, DeltaTables.Snapshot before, long version, List<DeltaTables.NewFile> added,
                          List<DeltaTables.DataFile> removed) {
        tables.committed(fullName, before, version, added, removed);
    }

    @Override
    public void refresh(String fullName) {
        tables.refresh(fullName);
    }

    /** Declared columns as UC columns: position in declaration order, partition_index where partitioned. */
    private static List<ColumnInfo> declared(List<Column> columns, List<String> partitionedBy) {
        List<ColumnInfo> out = new ArrayList<>();
        for (Column c : columns) {
            int pi = partitionedBy == null ? -1 : partitionedBy.indexOf(c.name());
            out.add(new ColumnInfo(c.name(), c.typeText(), null, null, null, null, null, out.size(), c.nullable(), c.comment(),
                    pi < 0 ? null : pi));
        }
        return out;
    }

    @Override
    public void recordView(String fullName, String sparkQuery, String currentCatalog, String currentSchema) {
        tables.recordView(fullName, sparkQuery, currentCatalog, currentSchema);
    }

    @Override
    public java.util.Set<String> sparkOnlyViewNames() {
        return tables.sparkOnlyViewNames();
    }

    @Override
    public Optional<String> tableType(String fullName) {
        return tables.tableType(fullName);
    }
}
