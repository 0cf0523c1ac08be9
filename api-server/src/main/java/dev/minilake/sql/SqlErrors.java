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
        if (m.startsWith("[")) return failure("BAD_REQUEST", m, null);
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

    static Failure unboundParameter(String name) {
        return failure("BAD_REQUEST", "[UNBOUND_SQL_PARAMETER] Found the unbound parameter: " + name
                + ". Please fix `parameters` and provide a mapping of the parameter.", "42P02");
    }

    private static Failure failure(String code, String message, String sqlState) {
        return new Failure(new ServiceError(code, message), sqlState);
    }
}
