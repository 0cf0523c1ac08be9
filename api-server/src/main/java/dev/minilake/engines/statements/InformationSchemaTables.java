package dev.minilake.engines.statements;

import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.sqltranslate.Translation.InformationSchemaRef;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Fills, on the statement's own connection, the temporary tables its information_schema references
 * were rewritten to (see the translator's InformationSchemaNames), from Unity Catalog's records as
 * they are now; and drops them afterwards, so a pooled connection keeps nothing. A view or catalog
 * that does not exist is TABLE_OR_VIEW_NOT_FOUND under the name the statement used.
 */
final class InformationSchemaTables implements AutoCloseable {
    private final Connection connection;
    private final List<String> made = new ArrayList<>();

    private InformationSchemaTables(Connection connection) {
        this.connection = connection;
    }

    static InformationSchemaTables fill(Connection c, TableCatalog catalog, String currentCatalog, List<InformationSchemaRef> refs)
            throws SQLException {
        InformationSchemaTables out = new InformationSchemaTables(c);
        try {
            for (InformationSchemaRef ref : refs) {
                String in = ref.catalog() == null ? currentCatalog : ref.catalog();
                var view = catalog.informationSchema(in, ref.view());
                if (view.isEmpty()) {
                    throw new SQLException("[TABLE_OR_VIEW_NOT_FOUND] The table or view `" + in + "`.`information_schema`.`" + ref.view()
                            + "` cannot be found. Verify the spelling and correctness of the schema and catalog.");
                }
                out.make(ref.tempTable(), view.get());
            }
        } catch (SQLException | RuntimeException e) {
            out.close();
            throw e;
        }
        return out;
    }

    private void make(String name, TableCatalog.InformationSchemaView view) throws SQLException {
        StringBuilder ddl = new StringBuilder("CREATE OR REPLACE TEMP TABLE ").append(DuckDbEngine.quoteIdent(name)).append(" (");
        StringBuilder insert = new StringBuilder("INSERT INTO ").append(DuckDbEngine.quoteIdent(name)).append(" VALUES (");
        for (int i = 0; i < view.columns().size(); i++) {
            String type = view.duckTypes().get(i);
            ddl.append(i == 0 ? "" : ", ").append(DuckDbEngine.quoteIdent(view.columns().get(i))).append(' ').append(type);
            insert.append(i == 0 ? "" : ", ").append(type.equals("TIMESTAMP") ? "epoch_ms(CAST(? AS BIGINT))" : "?");
        }
        try (Statement s = connection.createStatement()) {
            s.execute(ddl.append(')').toString());
        }
        made.add(name);
        if (view.rows().isEmpty()) return;
        try (PreparedStatement ps = connection.prepareStatement(insert.append(')').toString())) {
            for (List<Object> row : view.rows()) {
                for (int i = 0; i < row.size(); i++) ps.setObject(i + 1, row.get(i));
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    @Override
    public void close() throws SQLException {
        try (Statement s = connection.createStatement()) {
            for (String name : made) s.execute("DROP TABLE IF EXISTS temp.main." + DuckDbEngine.quoteIdent(name));
        }
        made.clear();
    }
}
