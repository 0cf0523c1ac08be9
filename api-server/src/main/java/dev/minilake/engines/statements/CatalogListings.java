package dev.minilake.engines.statements;

import dev.minilake.engines.sqltranslate.Command;
import dev.minilake.engines.types.SparkType;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * The metadata statements the SQL connectors send for {@code cursor.tables()}, {@code cursor.columns()}
 * and {@code cursor.schemas()} across catalogs, answered from Unity Catalog with the columns Databricks
 * answers them with (as databricks-jdbc and the ADBC driver read them by name).
 */
final class CatalogListings {
    private static final List<ResultColumn> TABLES = List.of(ResultColumn.string("namespace"), ResultColumn.string("tableName"),
            new ResultColumn("isTemporary", SparkType.BOOLEAN), ResultColumn.string("information"), ResultColumn.string("catalogName"),
            ResultColumn.string("tableType"), ResultColumn.string("remarks"));
    private static final List<ResultColumn> COLUMNS = List.of(ResultColumn.string("col_name"), ResultColumn.string("catalogName"),
            ResultColumn.string("namespace"), ResultColumn.string("tableName"), ResultColumn.string("columnType"),
            new ResultColumn("columnSize", SparkType.INT), new ResultColumn("decimalDigits", SparkType.INT),
            new ResultColumn("radix", SparkType.INT), ResultColumn.string("isNullable"), ResultColumn.string("remarks"),
            new ResultColumn("ordinalPosition", SparkType.INT), ResultColumn.string("isAutoIncrement"), ResultColumn.string("isGenerated"));
    private static final List<ResultColumn> SCHEMAS = List.of(ResultColumn.string("databaseName"), ResultColumn.string("catalog"));

    private CatalogListings() {
    }

    /** The listing a metadata command asks for, or null when {@code c} is not one. */
    static RowSource answer(TableCatalog uc, Command c) {
        if (c instanceof Command.ShowTablesInCatalog t) return tables(uc, t);
        if (c instanceof Command.ShowColumnsInCatalog col) return columns(uc, col);
        if (c instanceof Command.ShowSchemasInAllCatalogs s) return schemas(uc, s);
        return null;
    }

    static RowSource tables(TableCatalog uc, Command.ShowTablesInCatalog c) {
        List<String[]> rows = new ArrayList<>();
        Predicate<String> table = like(c.tableLike());
        for (String catalog : catalogs(uc, c.catalog())) {
            for (TableCatalog.Listed t : uc.listTables(catalog, like(c.schemaLike()), false)) {
                if (table.test(t.name())) {
                    rows.add(new String[]{t.schema(), t.name(), "false", null, t.catalog(), t.tableType() == null ? "TABLE" : tableType(t.tableType()), t.comment()});
                }
            }
        }
        return RowSource.of(TABLES, rows);
    }

    static RowSource columns(TableCatalog uc, Command.ShowColumnsInCatalog c) {
        List<String[]> rows = new ArrayList<>();
        Predicate<String> table = like(c.tableLike()), column = like(c.columnLike());
        for (TableCatalog.Listed t : uc.listTables(c.catalog(), like(c.schemaLike()), true)) {
            if (!table.test(t.name())) continue;
            for (TableCatalog.ListedColumn col : t.columns()) {
                if (!column.test(col.name())) continue;
                boolean decimal = col.precision() != null && "DECIMAL".equalsIgnoreCase(col.typeName());
                rows.add(new String[]{col.name(), t.catalog(), t.schema(), t.name(), col.typeText(),
                        decimal ? col.precision().toString() : null, decimal && col.scale() != null ? col.scale().toString() : null,
                        decimal ? "10" : null, Boolean.toString(col.nullable()), col.comment(), Integer.toString(col.position()), "NO", "NO"});
            }
        }
        return RowSource.of(COLUMNS, rows);
    }

    static RowSource schemas(TableCatalog uc, Command.ShowSchemasInAllCatalogs c) {
        List<String[]> rows = new ArrayList<>();
        Predicate<String> schema = like(c.schemaLike());
        for (String catalog : uc.catalogNames()) {
            for (String s : uc.schemaNames(catalog)) if (schema.test(s)) rows.add(new String[]{s, catalog});
        }
        return RowSource.of(SCHEMAS, rows);
    }

    /** MANAGED and EXTERNAL tables are both TABLE in these listings, as JDBC metadata names them. */
    private static String tableType(String ucType) {
        return ucType.equals("VIEW") || ucType.equals("MATERIALIZED_VIEW") ? "VIEW" : "TABLE";
    }

    private static List<String> catalogs(TableCatalog uc, String catalog) {
        if (catalog == null) return uc.catalogNames();
        return uc.catalogNames().stream().filter(n -> n.equalsIgnoreCase(catalog)).toList();
    }

    /**
     * A SHOW ... LIKE pattern, as Databricks reads it: case-insensitive, {@code *} (and the JDBC
     * drivers' {@code %}) match any run of characters, {@code |} separates alternatives.
     */
    static Predicate<String> like(String pattern) {
        if (pattern == null || pattern.isEmpty()) return s -> true;
        List<String> alternatives = List.of(pattern.toLowerCase(Locale.ROOT).split("\\|", -1));
        return s -> alternatives.stream().anyMatch(a -> matches(a.trim(), s.toLowerCase(Locale.ROOT)));
    }

    /** Glob matching with {@code *} / {@code %} as the only wildcards; every other character is itself. */
    private static boolean matches(String p, String s) {
        int pi = 0, si = 0, star = -1, mark = 0;
        while (si < s.length()) {
            if (pi < p.length() && (p.charAt(pi) == '*' || p.charAt(pi) == '%')) {
                star = pi++;
                mark = si;
            } else if (pi < p.length() && p.charAt(pi) == s.charAt(si)) {
                pi++;
                si++;
            } else if (star >= 0) {
                pi = star + 1;
                si = ++mark;
            } else {
                return false;
            }
        }
        while (pi < p.length() && (p.charAt(pi) == '*' || p.charAt(pi) == '%')) pi++;
        return pi == p.length();
    }
}
