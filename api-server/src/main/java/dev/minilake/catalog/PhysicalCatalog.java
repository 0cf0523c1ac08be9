package dev.minilake.catalog;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.engines.duckdb.DuckDbEngine;
import org.springframework.stereotype.Component;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What DuckDB itself says exists: catalogs (attached databases), schemas, tables, views, columns and
 * macros. Unity Catalog reads its objects from here, so objects created through SQL appear in the
 * API with no bookkeeping. Names are compared lowercase, as Unity Catalog names are case-insensitive.
 * DuckDB's own {@code main} schema (internal, present in every database) is not a UC schema.
 */
@Component
public class PhysicalCatalog {

    public record Table(String catalog, String schema, String name, String physicalName, boolean view, String sql, String comment) {
    }

    public record Column(String name, int position, String dataType, boolean nullable, String comment) {
    }

    public record Macro(String name, String physicalName, boolean tableMacro, List<String> parameters, String definition) {
    }

    private final DuckDbEngine engine;

    public PhysicalCatalog(DuckDbEngine engine) {
        this.engine = engine;
    }

    public DuckDbEngine engine() {
        return engine;
    }

    public List<String> catalogs() {
        try {
            return new ArrayList<>(engine.attachedCatalogs());
        } catch (SQLException e) {
            throw failure("list catalogs", e);
        }
    }

    public boolean catalogExists(String catalog) {
        return catalogs().contains(catalog);
    }

    /** Throws 404 naming the catalog. */
    public void requireCatalog(String catalog) {
        if (!catalogExists(catalog)) throw ApiException.notFound("Catalog '" + catalog + "'");
    }

    /** Throws 404 naming the catalog or the schema, whichever is missing. */
    public void requireSchema(String catalog, String schema) {
        requireCatalog(catalog);
        if (!schemas(catalog).contains(schema)) throw ApiException.notFound("Schema '" + catalog + "." + schema + "'");
    }

    public List<String> schemas(String catalog) {
        return query("SELECT lower(schema_name) FROM duckdb_schemas() WHERE database_name = ? AND NOT internal ORDER BY 1",
                rs -> rs.getString(1), db(catalog));
    }

    public boolean schemaExists(String catalog, String schema) {
        return catalogExists(catalog) && schemas(catalog).contains(schema);
    }

    /** Tables and views of one schema, sorted by name. */
    public List<Table> tables(String catalog, String schema) {
        return query("""
                SELECT lower(table_name), table_name, false, sql, comment FROM duckdb_tables()
                  WHERE database_name = ? AND lower(schema_name) = ? AND NOT temporary AND NOT internal
                UNION ALL
                SELECT lower(view_name), view_name, true, sql, comment FROM duckdb_views()
                  WHERE database_name = ? AND lower(schema_name) = ? AND NOT temporary AND NOT internal
                ORDER BY 1""",
                rs -> new Table(catalog, schema, rs.getString(1), rs.getString(2), rs.getBoolean(3), rs.getString(4), rs.getString(5)),
                db(catalog), schema, db(catalog), schema);
    }

    public Optional<Table> table(String catalog, String schema, String name) {
        if (!catalogExists(catalog)) return Optional.empty();
        return tables(catalog, schema).stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /** Columns of every table and view in a schema, keyed by lowercase table name, in column order. */
    public Map<String, List<Column>> columns(String catalog, String schema) {
        Map<String, List<Column>> out = new LinkedHashMap<>();
        query("""
                SELECT lower(table_name), column_name, column_index, data_type, is_nullable, comment FROM duckdb_columns()
                  WHERE database_name = ? AND lower(schema_name) = ? AND NOT internal ORDER BY table_name, column_index""",
                rs -> out.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                        .add(new Column(rs.getString(2), rs.getInt(3) - 1, rs.getString(4), rs.getBoolean(5), rs.getString(6))),
                db(catalog), schema);
        return out;
    }

    /** User macros of one schema (one entry per name even when DuckDB lists overloads), sorted by name. */
    public List<Macro> macros(String catalog, String schema) {
        Map<String, Macro> byName = new LinkedHashMap<>();
        query("""
                SELECT lower(function_name), function_name, function_type = 'table_macro', parameters, macro_definition
                  FROM duckdb_functions()
                  WHERE database_name = ? AND lower(schema_name) = ? AND function_type IN ('macro', 'table_macro') AND NOT internal
                  ORDER BY 1""",
                rs -> byName.putIfAbsent(rs.getString(1), new Macro(rs.getString(1), rs.getString(2), rs.getBoolean(3),
                        parameters(rs.getArray(4)), rs.getString(5))),
                db(catalog), schema);
        return new ArrayList<>(byName.values());
    }

    public Optional<Macro> macro(String catalog, String schema, String name) {
        if (!catalogExists(catalog)) return Optional.empty();
        return macros(catalog, schema).stream().filter(m -> m.name().equals(name)).findFirst();
    }

    /** Runs DDL built only from quoted identifiers; a DuckDB refusal becomes 400 with DuckDB's reason. */
    public void execute(String sql) {
        try (Connection c = engine.connect(); Statement st = c.createStatement()) {
            st.execute(sql);
        } catch (SQLException e) {
            throw new ApiException(ErrorCode.INVALID_PARAMETER_VALUE, "DuckDB refused the change: " + firstLine(e.getMessage()));
        }
    }

    private static String db(String catalog) {
        return DuckDbEngine.databaseName(catalog);
    }

    @FunctionalInterface
    private interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private <T> List<T> query(String sql, Row<T> row, String... args) {
        try (Connection c = engine.connect(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) ps.setString(i + 1, args[i].toLowerCase(Locale.ROOT));
            List<T> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) out.add(row.read(rs));
            }
            return out;
        } catch (SQLException e) {
            throw failure("read the catalog", e);
        }
    }

    private static List<String> parameters(java.sql.Array array) throws SQLException {
        List<String> out = new ArrayList<>();
        if (array == null) return out;
        for (Object o : (Object[]) array.getArray()) out.add(String.valueOf(o));
        return out;
    }

    private static ApiException failure(String what, SQLException e) {
        return new ApiException(ErrorCode.INTERNAL_ERROR, "DuckDB could not " + what + ": " + firstLine(e.getMessage()));
    }

    static String firstLine(String m) {
        if (m == null) return "";
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
