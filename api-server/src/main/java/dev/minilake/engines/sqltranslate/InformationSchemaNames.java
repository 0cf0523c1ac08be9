package dev.minilake.engines.sqltranslate;

import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.util.TablesNamesFinder;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Unity Catalog's {@code information_schema}, on the AST: each reference to
 * {@code [catalog.]information_schema.view} becomes a temporary table that the runner fills from
 * Unity Catalog's records just before the statement runs (DuckDB's own information_schema knows
 * DuckDB's objects, not Unity Catalog's). {@code system.information_schema} spans every catalog.
 */
final class InformationSchemaNames {
    static final String SCHEMA = "information_schema";

    private InformationSchemaNames() {
    }

    static List<Translation.InformationSchemaRef> rewrite(Statement st) {
        List<Translation.InformationSchemaRef> refs = new ArrayList<>();
        try {
            new TablesNamesFinder<Void>() {
                @Override
                public <S> Void visit(Table table, S context) {
                    String schema = table.getUnquotedSchemaName();
                    if (schema != null && schema.equalsIgnoreCase(SCHEMA)) {
                        String catalog = table.getUnquotedDatabaseName();
                        String view = table.getUnquotedName().toLowerCase(Locale.ROOT);
                        Translation.InformationSchemaRef ref = new Translation.InformationSchemaRef(
                                catalog == null ? null : catalog.toLowerCase(Locale.ROOT), view, refs.size());
                        refs.add(ref);
                        // a reference without an alias keeps its own name as one, so `tables.table_name` still resolves
                        if (table.getAlias() == null) table.setAlias(new Alias(table.getName(), false));
                        table.setDatabaseName(null);
                        table.setSchemaName(null);
                        table.setName(ref.tempTable());
                    }
                    return super.visit(table, context);
                }
            }.getTables(st);
        } catch (UnsupportedOperationException ignored) {
            // a statement kind the finder does not walk names no information_schema view
        }
        return refs;
    }
}
