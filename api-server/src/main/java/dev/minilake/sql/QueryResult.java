package dev.minilake.sql;

import java.util.List;

/**
 * The outcome of running one SQL text to completion inside MiniLake (saved queries, alerts,
 * /api/1.2 commands): the columns as Databricks types them and the rows as strings (JSON_ARRAY
 * form, null kept), or the failure the statements engine reported.
 */
public record QueryResult(String statementId, String state, List<Column> columns, List<List<String>> rows,
                          boolean truncated, String errorCode, String errorMessage) {

    /** A result column: name, type_name (e.g. LONG) and type_text (e.g. bigint). */
    public record Column(String name, String typeName, String typeText) {
    }

    public boolean succeeded() {
        return "SUCCEEDED".equals(state);
    }
}
