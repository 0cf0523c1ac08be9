package dev.minilake.engines.statements;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of running one SQL text to completion for MiniLake's own callers (saved queries,
 * alerts, commands, MCP tools, jobs): the columns as Databricks types them and the rows in their
 * JSON_ARRAY form (strings, null kept), with {@link #value} for a cell as a Java value of its type;
 * or the failure the engine reported.
 */
public record QueryResult(String statementId, String state, List<Column> columns, List<List<String>> rows,
                          boolean truncated, String errorCode, String errorMessage, String engine) {

    /** A result column: name, type_name (e.g. LONG) and type_text (e.g. bigint). */
    public record Column(String name, String typeName, String typeText) {
    }

    static QueryResult failed(String statementId, String state, String errorCode, String message) {
        return new QueryResult(statementId, state, List.of(), List.of(), false, errorCode, message, null);
    }

    public boolean succeeded() {
        return "SUCCEEDED".equals(state);
    }

    /**
     * A cell as its column's type reads in Java: Long for integral types, Double for floating ones,
     * BigDecimal for DECIMAL, Boolean for BOOLEAN; everything else (dates, timestamps, nested
     * types as JSON) as the string Databricks sends. Null stays null.
     */
    public Object value(int row, int column) {
        String v = rows.get(row).get(column);
        if (v == null) return null;
        return switch (columns.get(column).typeName().toUpperCase(Locale.ROOT)) {
            case "BYTE", "SHORT", "INT", "LONG" -> Long.parseLong(v);
            case "FLOAT", "DOUBLE" -> Double.parseDouble(v);
            case "DECIMAL" -> new BigDecimal(v);
            case "BOOLEAN" -> Boolean.parseBoolean(v);
            default -> v;
        };
    }

    /** The first cell of the first row as a number: the answer of a {@code SELECT count(*)}. */
    public long singleLong() {
        if (!succeeded() || rows.isEmpty()) throw new IllegalStateException("no row: " + (errorMessage == null ? state : errorMessage));
        Object v = value(0, 0);
        if (v instanceof Number n) return n.longValue();
        throw new IllegalStateException("not a number: " + v);
    }
}
