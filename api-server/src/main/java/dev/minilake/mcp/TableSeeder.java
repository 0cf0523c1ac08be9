package dev.minilake.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.catalog.Names;
import dev.minilake.core.error.ApiException;
import dev.minilake.engines.statements.QueryResult;
import dev.minilake.engines.statements.StatementRequest;
import dev.minilake.engines.statements.StatementEngine;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * seed_table: a typed table holding exactly the given rows. Every value is checked against its
 * column type before any SQL runs (bad input changes nothing); then the table is replaced and the
 * rows go in as bound, typed parameters through the statements service, in batches.
 */
final class TableSeeder {
    static final int BATCH_ROWS = 250;
    static final int MAX_ROWS = 100_000;
    private static final Pattern DECIMAL = Pattern.compile("DECIMAL\\(\\s*\\d+\\s*(,\\s*\\d+\\s*)?\\)");
    private static final List<String> SCALARS = List.of("STRING", "BIGINT", "LONG", "INT", "INTEGER", "SMALLINT", "TINYINT",
            "DOUBLE", "FLOAT", "DECIMAL", "BOOLEAN", "DATE", "TIMESTAMP", "TIMESTAMP_NTZ");

    private final StatementEngine statements;

    TableSeeder(StatementEngine statements) {
        this.statements = statements;
    }

    Map<String, Object> seed(FixtureArgs.SeedTable a) throws Exception {
        // the table's name travels as a bound parameter (IDENTIFIER(:table)), like every value
        StatementRequest.Parameter table = new StatementRequest.Parameter("table", quotedName(a.full_name()), null);
        List<String> types = new ArrayList<>();
        StringBuilder ddl = new StringBuilder("CREATE OR REPLACE TABLE IDENTIFIER(:table) (");
        if (a.columns().isEmpty()) throw ApiException.invalid("columns: a table needs at least one column");
        for (int i = 0; i < a.columns().size(); i++) {
            FixtureArgs.Column c = a.columns().get(i);
            if (c == null || c.name() == null || c.name().isBlank() || c.type() == null) throw ApiException.missingField("columns[" + i + "].name/type");
            String type = scalarType(c.type(), i);
            types.add(type);
            // a column definition takes no IDENTIFIER clause (as in Spark): the name is a quoted identifier, the type one of a fixed list
            ddl.append(i == 0 ? "" : ", ").append(Names.quoted(c.name())).append(' ').append(type);
        }
        ddl.append(')');
        if (a.rows().size() > MAX_ROWS) throw ApiException.invalid("rows: at most " + MAX_ROWS + " rows, got " + a.rows().size());
        List<List<String>> values = new ArrayList<>();
        for (int r = 0; r < a.rows().size(); r++) values.add(checkedRow(a.rows().get(r), types, r));

        run(ddl.toString(), List.of(table));
        for (int start = 0; start < values.size(); start += BATCH_ROWS) {
            List<StatementRequest.Parameter> params = new ArrayList<>(List.of(table));
            StringBuilder insert = new StringBuilder("INSERT INTO IDENTIFIER(:table) VALUES ");
            for (int r = start; r < Math.min(values.size(), start + BATCH_ROWS); r++) {
                insert.append(r == start ? "(" : ", (");
                for (int c = 0; c < types.size(); c++) {
                    String name = "p" + r + "_" + c;
                    insert.append(c == 0 ? ":" : ", :").append(name);
                    params.add(new StatementRequest.Parameter(name, values.get(r).get(c), types.get(c)));
                }
                insert.append(')');
            }
            run(insert.toString(), params);
        }
        QueryResult count = run("SELECT count(*) FROM IDENTIFIER(:table)", List.of(table));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("full_name", a.full_name());
        m.put("columns", a.columns());
        m.put("row_count", count.singleLong());
        return m;
    }

    private QueryResult run(String sql, List<StatementRequest.Parameter> params) throws Exception {
        QueryResult r = statements.run(sql, params, 1, 300_000);
        if (!r.succeeded()) throw ApiException.invalid("seed_table failed: [" + r.errorCode() + "] " + r.errorMessage());
        return r;
    }

    private static String scalarType(String type, int i) {
        String t = type.trim().toUpperCase(Locale.ROOT);
        if (SCALARS.contains(t) || DECIMAL.matcher(t).matches()) return t;
        throw ApiException.invalid("columns[" + i + "].type: '" + type + "' is not a scalar type seed_table takes (" + String.join(", ", SCALARS) + ", DECIMAL(p,s))");
    }

    /** One row's values as text, each checked against its column's type. */
    private static List<String> checkedRow(List<JsonNode> row, List<String> types, int r) {
        if (row == null || row.size() != types.size()) {
            throw ApiException.invalid("rows[" + r + "] has " + (row == null ? 0 : row.size()) + " values; the table has " + types.size() + " columns");
        }
        List<String> out = new ArrayList<>();
        for (int c = 0; c < types.size(); c++) {
            JsonNode v = row.get(c);
            if (v == null || v.isNull()) {
                out.add(null);
                continue;
            }
            if (v.isContainerNode()) throw ApiException.invalid("rows[" + r + "][" + c + "]: a scalar value is needed, got " + v);
            String text = v.asText();
            try {
                check(types.get(c), text);
            } catch (IllegalArgumentException e) {
                throw ApiException.invalid("rows[" + r + "][" + c + "]: '" + text + "' is not a " + types.get(c));
            }
            out.add(text);
        }
        return out;
    }

    private static void check(String type, String text) {
        if (type.startsWith("DECIMAL")) new BigDecimal(text);
        else switch (type) {
            case "BIGINT", "LONG", "INT", "INTEGER", "SMALLINT", "TINYINT" -> Long.parseLong(text);
            case "DOUBLE", "FLOAT" -> Double.parseDouble(text);
            case "BOOLEAN" -> {
                if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) throw new IllegalArgumentException(text);
            }
            case "DATE" -> java.sql.Date.valueOf(text);
            case "TIMESTAMP", "TIMESTAMP_NTZ" -> java.sql.Timestamp.valueOf(text.replace('T', ' ').replace("Z", ""));
            default -> {
            }
        }
    }

    static String quotedName(String fullName) {
        return Names.objectFullName("table", fullName).quoted();
    }
}
