package dev.minilake.engines.sqltranslate;

import dev.minilake.engines.duckdb.DuckDbEngine;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.schema.CreateSchema;
import net.sf.jsqlparser.util.TablesNamesFinder;

import java.util.ArrayList;
import java.util.List;

/**
 * Catalog parts of names, on the AST, as DuckDB database names: the catalog {@code main} is
 * attached under another name because DuckDB reserves it.
 */
final class CatalogNames {
    private CatalogNames() {
    }

    static void rewrite(Statement st) {
        if (st instanceof CreateSchema cs && cs.getSchemaPath() != null && cs.getSchemaPath().size() == 2) {
            List<String> path = new ArrayList<>(cs.getSchemaPath());
            path.set(0, mapped(path.get(0)));
            cs.setSchemaPath(path);
            return;
        }
        try {
            new TablesNamesFinder<Void>() {
                @Override
                public <S> Void visit(Table table, S context) {
                    String db = table.getUnquotedDatabaseName();
                    if (db != null && table.getSchemaName() != null) table.setDatabaseName(mapped(table.getDatabaseName()));
                    return super.visit(table, context);
                }
            }.getTables(st);
        } catch (UnsupportedOperationException ignored) {
            // a statement kind the finder does not walk names no tables to map
        }
    }

    private static String mapped(String name) {
        String unquoted = name.startsWith("\"") ? name.substring(1, name.length() - 1) : name;
        String db = DuckDbEngine.databaseName(unquoted);
        return db.equals(unquoted) ? name : DuckDbEngine.quoteIdent(db);
    }
}
