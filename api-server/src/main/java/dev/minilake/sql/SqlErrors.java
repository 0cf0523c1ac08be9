package dev.minilake.sql;

import dev.minilake.sql.StatementDtos.ServiceError;

/**
 * A failed statement's status.error, in the shape Databricks uses: error_code BAD_REQUEST and a
 * message led by the Spark error class ("[TABLE_OR_VIEW_NOT_FOUND] ..."), plus its SQLSTATE.
 */
final class SqlErrors {
    record Failure(ServiceError error, String sqlState) {
    }

    private SqlErrors() {
    }

    static Failure of(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (m.startsWith("[INSUFFICIENT_PERMISSIONS]")) return failure("BAD_REQUEST", m, "42501");
        if (m.startsWith("[")) return failure("BAD_REQUEST", m, null);
        // DuckDB's sandbox (see DuckDbEngine): the file or directory is outside the lake
        if (m.contains("Permission Error") && m.contains("disabled by configuration")) {
            return failure("BAD_REQUEST", "[PATH_NOT_ALLOWED] " + quotedPath(m) + " is outside the lake: SQL reads and writes"
                    + " only table and volume storage (/Volumes/..., the data dir's external/ area, MINILAKE_STORAGE_ROOTS).", "42501");
        }
        if (m.contains("the configuration has been locked") || m.contains("Loading external extensions is disabled")) {
            return failure("BAD_REQUEST", "[INSUFFICIENT_PERMISSIONS] Engine settings and extensions are shared by every client,"
                    + " so SQL may not change them.", "42501");
        }
        if (m.contains("Table with name") && m.contains("does not exist")) return failure("BAD_REQUEST", "[TABLE_OR_VIEW_NOT_FOUND] " + m, "42P01");
        if (m.contains("Catalog Error") && m.contains("does not exist")) return failure("BAD_REQUEST", "[NOT_FOUND] " + m, "42704");
        if (m.contains("Parser Error")) return failure("BAD_REQUEST", "[PARSE_SYNTAX_ERROR] " + m, "42601");
        if (m.contains("Binder Error")) return failure("BAD_REQUEST", "[UNRESOLVED_COLUMN] " + m, "42703");
        if (m.contains("Conversion Error") || m.contains("Invalid Input Error")) return failure("BAD_REQUEST", "[CAST_INVALID_INPUT] " + m, "22018");
        if (m.contains("Constraint Error")) return failure("BAD_REQUEST", "[CONSTRAINT_VIOLATION] " + m, "23000");
        if (m.contains("conflict") || m.contains("Conflict")) return failure("ABORTED", "[CONCURRENT_WRITE_CONFLICT] " + m, "40001");
        if (m.contains("cannot run") && m.contains("DuckDB")) return failure("BAD_REQUEST", "[UNSUPPORTED_FEATURE] " + m, "0A000");
        return failure("BAD_REQUEST", m, null);
    }

    /** The first double-quoted part of a DuckDB message (the path it refused), or a neutral word. */
    private static String quotedPath(String m) {
        int a = m.indexOf('"');
        int b = a < 0 ? -1 : m.indexOf('"', a + 1);
        return b > a ? "Path '" + m.substring(a + 1, b) + "'" : "The path";
    }

    static Failure unboundParameter(String name) {
        return failure("BAD_REQUEST", "[UNBOUND_SQL_PARAMETER] Found the unbound parameter: " + name
                + ". Please fix `parameters` and provide a mapping of the parameter.", "42P02");
    }

    private static Failure failure(String code, String message, String sqlState) {
        return new Failure(new ServiceError(code, message), sqlState);
    }
}
