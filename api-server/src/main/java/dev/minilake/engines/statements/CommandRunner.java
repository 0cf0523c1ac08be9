package dev.minilake.engines.statements;

import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.sqltranslate.Command;
import dev.minilake.engines.types.SparkType;
import dev.minilake.engines.types.TypeMapping;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs SHOW / DESCRIBE commands against DuckDB's catalog views, answering with Databricks' column
 * names (catalog, databaseName, tableName, col_name/data_type/comment, createtab_stmt). Names are
 * always bound parameters.
 */
final class CommandRunner {
    /** DuckDB's own schemas inside every database, which Databricks does not have. */
    private static final String HIDDEN_SCHEMAS = "('information_schema', 'pg_catalog', 'main')";

    private CommandRunner() {
    }

    static RowSource run(Connection c, SqlContext ctx, Command cmd) throws SQLException {
        if (cmd instanceof Command.ShowCatalogs) {
            return query(c, List.of(ResultColumn.string("catalog")),
                    "SELECT database_name FROM duckdb_databases() WHERE NOT internal AND database_name <> 'memory' ORDER BY 1");
        }
        if (cmd instanceof Command.ShowSchemas s) {
            return query(c, List.of(ResultColumn.string("databaseName")),
                    "SELECT schema_name FROM information_schema.schemata WHERE catalog_name = ? AND schema_name NOT IN "
                            + HIDDEN_SCHEMAS + " ORDER BY 1", DuckDbEngine.databaseName(or(s.catalog(), ctx.catalog())));
        }
        if (cmd instanceof Command.ShowTables t) {
            return query(c, List.of(ResultColumn.string("database"), ResultColumn.string("tableName"),
                            new ResultColumn("isTemporary", SparkType.BOOLEAN)),
                    "SELECT table_schema, table_name, 'false' FROM information_schema.tables WHERE table_catalog = ? AND table_schema = ? ORDER BY 2",
                    DuckDbEngine.databaseName(or(t.catalog(), ctx.catalog())), or(t.schema(), ctx.schema()));
        }
        if (cmd instanceof Command.Describe d) return describe(c, ctx, d);
        if (cmd instanceof Command.ShowCreateTable s) return showCreate(c, ctx, s.name());
        throw new IllegalArgumentException("not a query command: " + cmd);
    }

    private static RowSource describe(Connection c, SqlContext ctx, Command.Describe d) throws SQLException {
        List<String> name = qualify(ctx, d.name());
        List<String[]> rows = new ArrayList<>();
        for (String[] col : columns(c, name)) rows.add(new String[]{col[0], col[1], null});
        if (d.extended()) {
            rows.add(new String[]{"", "", ""});
            rows.add(new String[]{"# Detailed Table Information", "", ""});
            rows.add(new String[]{"Catalog", name.get(0), ""});
            rows.add(new String[]{"Database", name.get(1), ""});
            rows.add(new String[]{"Table", name.get(2), ""});
            rows.add(new String[]{"Type", "MANAGED", ""});
            rows.add(new String[]{"Provider", "delta", ""});
        }
        return RowSource.of(List.of(ResultColumn.string("col_name"), ResultColumn.string("data_type"),
                ResultColumn.string("comment")), rows);
    }

    private static RowSource showCreate(Connection c, SqlContext ctx, List<String> raw) throws SQLException {
        List<String> name = qualify(ctx, raw);
        List<String> cols = new ArrayList<>();
        for (String[] col : columns(c, name)) cols.add("  " + col[0] + " " + col[1].toUpperCase());
        String ddl = "CREATE TABLE " + String.join(".", name) + " (\n" + String.join(",\n", cols) + ")\nUSING delta";
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{ddl});
        return RowSource.of(List.of(ResultColumn.string("createtab_stmt")), rows);
    }

    /** [name, spark type text] per column; a missing table is the Databricks error. */
    private static List<String[]> columns(Connection c, List<String> name) throws SQLException {
        List<String[]> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT column_name, data_type FROM information_schema.columns "
                + "WHERE table_catalog = ? AND table_schema = ? AND table_name = ? ORDER BY ordinal_position")) {
            ps.setString(1, DuckDbEngine.databaseName(name.get(0)));
            for (int i = 1; i < 3; i++) ps.setString(i + 1, name.get(i));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(new String[]{rs.getString(1), TypeMapping.resultTypeOfDuckDb(rs.getString(2)).typeText()});
            }
        }
        if (out.isEmpty()) {
            throw new SQLException("[TABLE_OR_VIEW_NOT_FOUND] The table or view `" + String.join("`.`", name) + "` cannot be found.");
        }
        return out;
    }

    private static List<String> qualify(SqlContext ctx, List<String> name) {
        return switch (name.size()) {
            case 1 -> List.of(ctx.catalog(), ctx.schema(), name.get(0));
            case 2 -> List.of(ctx.catalog(), name.get(0), name.get(1));
            default -> name;
        };
    }

    private static RowSource query(Connection c, List<ResultColumn> columns, String sql, String... args) throws SQLException {
        boolean catalogColumn = columns.get(0).name().equals("catalog");
        List<String[]> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) ps.setString(i + 1, args[i]);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String[] row = new String[columns.size()];
                    for (int i = 0; i < row.length; i++) row[i] = rs.getString(i + 1);
                    if (catalogColumn) row[0] = DuckDbEngine.catalogName(row[0]);
                    rows.add(row);
                }
            }
        }
        return RowSource.of(columns, rows);
    }

    private static String or(String a, String b) {
        return a != null ? a : b;
    }
}
