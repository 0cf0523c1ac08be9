package dev.minilake.catalog;

import dev.minilake.catalog.CatalogDtos.CatalogInfo;
import dev.minilake.catalog.CatalogDtos.SchemaInfo;
import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.catalog.TableDtos.TableInfo;
import dev.minilake.engines.statements.TableCatalog.InformationSchemaView;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The views of Unity Catalog's {@code information_schema}, as Databricks names and shapes them
 * (CATALOGS, SCHEMATA, TABLES, COLUMNS, VIEWS), built from the catalog's own records at the time a
 * statement reads them. A catalog's views show that catalog; {@code system}'s show every catalog.
 * Columns Databricks has and MiniLake keeps nothing for (identity details, collations) are left out
 * rather than filled with guesses.
 */
final class InformationSchemaViews {
    static final String ALL_CATALOGS = "system";

    private static final List<String> AUDIT = List.of("created TIMESTAMP", "created_by VARCHAR", "last_altered TIMESTAMP", "last_altered_by VARCHAR");

    private final CatalogsService catalogs;
    private final SchemasService schemas;
    private final TablesService tables;

    InformationSchemaViews(CatalogsService catalogs, SchemasService schemas, TablesService tables) {
        this.catalogs = catalogs;
        this.schemas = schemas;
        this.tables = tables;
    }

    Optional<InformationSchemaView> view(String catalog, String view) {
        List<CatalogInfo> scope = catalogs.list().stream()
                .filter(c -> ALL_CATALOGS.equals(catalog) || c.name().equalsIgnoreCase(catalog)).toList();
        if (scope.isEmpty() && !ALL_CATALOGS.equals(catalog)) return Optional.empty();
        return switch (view.toLowerCase(Locale.ROOT)) {
            case "catalogs" -> Optional.of(catalogsView(scope));
            case "schemata" -> Optional.of(schemataView(scope));
            case "tables" -> Optional.of(tablesView(scope));
            case "columns" -> Optional.of(columnsView(scope));
            case "views" -> Optional.of(viewsView(scope));
            default -> Optional.empty();
        };
    }

    private InformationSchemaView catalogsView(List<CatalogInfo> scope) {
        Builder b = new Builder(with(List.of("catalog_name VARCHAR", "catalog_owner VARCHAR", "comment VARCHAR")));
        for (CatalogInfo c : scope) b.row(c.name(), c.owner(), c.comment(), c.created_at(), c.created_by(), c.updated_at(), c.updated_by());
        return b.build();
    }

    private InformationSchemaView schemataView(List<CatalogInfo> scope) {
        Builder b = new Builder(with(List.of("catalog_name VARCHAR", "schema_name VARCHAR", "schema_owner VARCHAR", "comment VARCHAR")));
        for (CatalogInfo c : scope) {
            for (SchemaInfo s : schemas.list(c.name())) {
                b.row(c.name(), s.name(), s.owner(), s.comment(), s.created_at(), s.created_by(), s.updated_at(), s.updated_by());
            }
        }
        return b.build();
    }

    private InformationSchemaView tablesView(List<CatalogInfo> scope) {
        List<String> cols = new ArrayList<>(List.of("table_catalog VARCHAR", "table_schema VARCHAR", "table_name VARCHAR",
                "table_type VARCHAR", "is_insertable_into VARCHAR", "commit_action VARCHAR", "table_owner VARCHAR", "comment VARCHAR"));
        cols.addAll(AUDIT);
        cols.addAll(List.of("data_source_format VARCHAR", "storage_path VARCHAR"));
        Builder b = new Builder(cols);
        for (TableInfo t : tables(scope, true)) {
            boolean view = "VIEW".equals(t.table_type());
            b.row(t.catalog_name(), t.schema_name(), t.name(), t.table_type(), view ? "NO" : "YES", "PRESERVE", t.owner(), t.comment(),
                    t.created_at(), t.created_by(), t.updated_at(), t.updated_by(), view ? null : t.data_source_format(), t.storage_location());
        }
        return b.build();
    }

    private InformationSchemaView columnsView(List<CatalogInfo> scope) {
        Builder b = new Builder(List.of("table_catalog VARCHAR", "table_schema VARCHAR", "table_name VARCHAR", "column_name VARCHAR",
                "ordinal_position INTEGER", "column_default VARCHAR", "is_nullable VARCHAR", "full_data_type VARCHAR", "data_type VARCHAR",
                "numeric_precision INTEGER", "numeric_precision_radix INTEGER", "numeric_scale INTEGER", "partition_index INTEGER", "comment VARCHAR"));
        for (TableInfo t : tables(scope, false)) {
            if (t.columns() == null) continue;
            for (int i = 0; i < t.columns().size(); i++) {
                ColumnInfo c = t.columns().get(i);
                Integer[] numeric = numeric(c);
                b.row(t.catalog_name(), t.schema_name(), t.name(), c.name(), c.position() == null ? i : c.position(), null,
                        c.nullable() == null || c.nullable() ? "YES" : "NO", c.type_text(), c.type_name(), numeric[0], numeric[1],
                        numeric[2], c.partition_index(), c.comment());
            }
        }
        return b.build();
    }

    /**
     * numeric_precision, its radix and numeric_scale as Databricks gives them: bits for the binary
     * types (integers, FLOAT, DOUBLE), digits for DECIMAL, NULL for the rest.
     */
    private static Integer[] numeric(ColumnInfo c) {
        String type = c.type_name() == null ? "" : c.type_name();
        return switch (type) {
            case "BYTE" -> new Integer[]{8, 2, 0};
            case "SHORT" -> new Integer[]{16, 2, 0};
            case "INT" -> new Integer[]{32, 2, 0};
            case "LONG" -> new Integer[]{64, 2, 0};
            case "FLOAT" -> new Integer[]{24, 2, null};
            case "DOUBLE" -> new Integer[]{53, 2, null};
            case "DECIMAL" -> new Integer[]{c.type_precision(), 10, c.type_scale()};
            default -> new Integer[]{null, null, null};
        };
    }

    private InformationSchemaView viewsView(List<CatalogInfo> scope) {
        Builder b = new Builder(List.of("table_catalog VARCHAR", "table_schema VARCHAR", "table_name VARCHAR", "view_definition VARCHAR",
                "check_option VARCHAR", "is_updatable VARCHAR", "is_insertable_into VARCHAR", "sql_path VARCHAR"));
        for (TableInfo t : tables(scope, true)) {
            if ("VIEW".equals(t.table_type())) b.row(t.catalog_name(), t.schema_name(), t.name(), t.view_definition(), "NONE", "NO", "NO", null);
        }
        return b.build();
    }

    private List<TableInfo> tables(List<CatalogInfo> scope, boolean omitColumns) {
        List<TableInfo> out = new ArrayList<>();
        for (CatalogInfo c : scope) {
            for (SchemaInfo s : schemas.list(c.name())) out.addAll(tables.list(c.name(), s.name(), omitColumns));
        }
        return out;
    }

    private static List<String> with(List<String> first) {
        List<String> cols = new ArrayList<>(first);
        cols.addAll(AUDIT);
        return cols;
    }

    /** Columns given as "name TYPE" (DuckDB types; a TIMESTAMP takes epoch milliseconds). */
    private static final class Builder {
        final List<String> names = new ArrayList<>();
        final List<String> types = new ArrayList<>();
        final List<List<Object>> rows = new ArrayList<>();

        Builder(List<String> columns) {
            for (String c : columns) {
                int sp = c.indexOf(' ');
                names.add(c.substring(0, sp));
                types.add(c.substring(sp + 1));
            }
        }

        void row(Object... values) {
            if (values.length != names.size()) throw new IllegalStateException(values.length + " values for " + names);
            rows.add(Arrays.asList(values));
        }

        InformationSchemaView build() {
            return new InformationSchemaView(names, types, rows);
        }
    }
}
