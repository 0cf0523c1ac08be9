package dev.minilake.engines.statements;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A failed statement's status.error, in the shape Databricks uses: error_code BAD_REQUEST and a
 * message led by the Spark error class ("[TABLE_OR_VIEW_NOT_FOUND] ..."), plus its SQLSTATE.
 */
final class SqlErrors {
    private SqlErrors() {
    }

    static SqlError of(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (m.startsWith("[INSUFFICIENT_PERMISSIONS]")) return failure("BAD_REQUEST", m, "42501");
        if (m.startsWith("[DELTA_UNSUPPORTED_FEATURES_")) return failure("BAD_REQUEST", m, "56038");
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
        String plain = plain(m);
        Matcher mm;
        if ((mm = TABLE_MISSING.matcher(plain)).find()) {
            return failure("BAD_REQUEST", "[TABLE_OR_VIEW_NOT_FOUND] The table or view `" + mm.group(1) + "` cannot be found. Verify the"
                    + " spelling and correctness of the schema and catalog.", "42P01");
        }
        if ((mm = CATALOG_MISSING.matcher(plain)).find()) {
            return failure("BAD_REQUEST", "[TABLE_OR_VIEW_NOT_FOUND] The catalog `" + mm.group(1) + "` cannot be found.", "42P01");
        }
        if ((mm = SCHEMA_MISSING.matcher(plain)).find()) {
            return failure("BAD_REQUEST", "[SCHEMA_NOT_FOUND] The schema `" + mm.group(1) + "` cannot be found. Verify the spelling"
                    + " and correctness of the schema and catalog.", "42704");
        }
        if ((mm = FUNCTION_MISSING.matcher(plain)).find()) {
            return failure("BAD_REQUEST", "[UNRESOLVED_ROUTINE] Cannot resolve routine `" + mm.group(1) + "` on search path"
                    + " [`system`.`builtin`, `system`.`session`].", "42883");
        }
        if ((mm = COLUMN_MISSING.matcher(plain)).find()) {
            return failure("BAD_REQUEST", "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `"
                    + mm.group(1) + "` cannot be resolved." + suggestion(plain), "42703");
        }
        if ((mm = NO_OVERLOAD.matcher(plain)).find()) {
            return failure("BAD_REQUEST", "[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] Cannot resolve " + mm.group(1).replace("_LITERAL", "")
                    + " due to data type mismatch: no variant of the function takes these argument types.", "42K09");
        }
        if ((mm = MISSING_AGGREGATION.matcher(plain)).find()) {
            return failure("BAD_REQUEST", "[MISSING_AGGREGATION] The non-aggregating expression `" + mm.group(1) + "` is based on columns"
                    + " which are not participating in the GROUP BY clause. Add the columns to the GROUP BY, or wrap them in an aggregate.", "42803");
        }
        if ((mm = TABLE_EXISTS.matcher(plain)).find()) {
            return failure("BAD_REQUEST", "[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table or view `" + mm.group(1).replace("'", "")
                    + "` because it already exists.", "42P07");
        }
        if (m.contains("Out of Range Error") && m.contains("Overflow")) {
            return failure("BAD_REQUEST", "[ARITHMETIC_OVERFLOW] " + firstLine(plain).replaceFirst("^Out of Range Error: ", ""), "22003");
        }
        if (m.contains("Parser Error")) {
            // the position context stays: it is the user's own statement, not DuckDB's internals
            return failure("BAD_REQUEST", "[PARSE_SYNTAX_ERROR] " + withContext(m).replace("Parser Error: s", "S"), "42601");
        }
        if (m.contains("Binder Error")) return failure("BAD_REQUEST", "[UNRESOLVED_COLUMN] " + firstLine(plain).replace("Binder Error: ", ""), "42703");
        if (m.contains("Invalid Input Error: [")) {
            // raised by MiniLake's own translation (error('[DIVIDE_BY_ZERO] ...')): already in Spark's terms
            return failure("BAD_REQUEST", firstLine(plain).replaceFirst("^Invalid Input Error: ", ""), "22012");
        }
        if (m.contains("Conversion Error") || m.contains("Invalid Input Error")) {
            return failure("BAD_REQUEST", "[CAST_INVALID_INPUT] " + firstLine(plain).replaceFirst("^(Conversion|Invalid Input) Error: ", ""), "22018");
        }
        if (m.contains("Constraint Error")) return failure("BAD_REQUEST", "[CONSTRAINT_VIOLATION] " + m, "23000");
        if (m.contains("conflict") || m.contains("Conflict")) return failure("ABORTED", "[CONCURRENT_WRITE_CONFLICT] " + m, "40001");
        if (m.contains("cannot run") && m.contains("DuckDB")) return failure("BAD_REQUEST", "[UNSUPPORTED_FEATURE] " + m, "0A000");
        return failure("BAD_REQUEST", m, null);
    }

    private static final Pattern TABLE_EXISTS = Pattern.compile("^(?:Catalog Error: )?Table (?:with name )?(\\S+) already exists");
    private static final Pattern TABLE_MISSING = Pattern.compile("Table with name (\\S+) does not exist");
    private static final Pattern CATALOG_MISSING = Pattern.compile("Catalog \"([^\"]+)\" does not exist");
    private static final Pattern SCHEMA_MISSING = Pattern.compile("Schema with name \"?([^\"\\s!]+)\"? does not exist");
    private static final Pattern FUNCTION_MISSING = Pattern.compile("(?:Scalar|Aggregate|Table) Function with name \"?([^\"\\s!]+)\"? does not exist");
    private static final Pattern COLUMN_MISSING = Pattern.compile("Referenced column \"([^\"]+)\" not found");
    private static final Pattern NO_OVERLOAD = Pattern.compile("No function matches the given name and argument types '([^']+)'");
    private static final Pattern MISSING_AGGREGATION = Pattern.compile("column \"([^\"]+)\" must appear in the GROUP BY clause");
    private static final Pattern CANDIDATES = Pattern.compile("Candidate bindings: (.+)");
    /** DuckDB's name for a catalog it reserves (main), which users know by its own name. */
    private static final Pattern ALIASED_CATALOG = Pattern.compile("\"?([a-z0-9_-]+)\\$uc\"?");

    /**
     * A DuckDB message without DuckDB's internals: its "Did you mean" hints (which name DuckDB's
     * own system views), its LINE/caret context, and the $uc alias of a reserved catalog name.
     */
    static String plain(String m) {
        StringBuilder out = new StringBuilder();
        for (String line : m.split("\n")) {
            if (line.startsWith("Did you mean") || line.startsWith("LINE ") || line.isBlank() || line.trim().equals("^")) continue;
            if (out.length() > 0) out.append('\n');
            out.append(line);
        }
        return ALIASED_CATALOG.matcher(out.toString()).replaceAll("$1");
    }

    /** A message without "Did you mean" hints and $uc aliases, but with DuckDB's LINE/caret position context. */
    private static String withContext(String m) {
        StringBuilder out = new StringBuilder();
        for (String line : m.split("\n")) {
            if (line.startsWith("Did you mean")) continue;
            if (out.length() > 0) out.append('\n');
            out.append(line);
        }
        return ALIASED_CATALOG.matcher(out.toString().strip()).replaceAll("$1");
    }

    private static String suggestion(String m) {
        Matcher c = CANDIDATES.matcher(m);
        if (!c.find()) return "";
        return " Did you mean one of the following? [" + c.group(1).replace('"', '`') + "].";
    }

    private static String firstLine(String m) {
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** The first double-quoted part of a DuckDB message (the path it refused), or a neutral word. */
    private static String quotedPath(String m) {
        int a = m.indexOf('"');
        int b = a < 0 ? -1 : m.indexOf('"', a + 1);
        return b > a ? "Path '" + m.substring(a + 1, b) + "'" : "The path";
    }

    /** A Spark failure as it is: Spark's message (led by its error class) and SQL state. */
    static SqlError spark(dev.minilake.engines.spark.SparkSqlException e) {
        String code = e.isUnavailable() ? "TEMPORARILY_UNAVAILABLE" : "NOT_IMPLEMENTED".equals(e.errorClass()) ? "NOT_IMPLEMENTED" : "BAD_REQUEST";
        return failure(code, e.getMessage(), e.sqlState());
    }

    /** A construct DuckDB cannot run, on a warehouse pinned to DuckDB: say so, and how to get Spark. */
    static SqlError unsupportedOnDuckDb(String message) {
        return failure("BAD_REQUEST", "[UNSUPPORTED_FEATURE] " + message + ". This warehouse pins its engine to duckdb (tag "
                + dev.minilake.engines.routing.EngineMode.TAG + "); tag it auto or spark to run this statement on Spark.", "0A000");
    }

    static SqlError unboundParameter(String name) {
        return failure("BAD_REQUEST", "[UNBOUND_SQL_PARAMETER] Found the unbound parameter: " + name
                + ". Please fix `parameters` and provide a mapping of the parameter.", "42P02");
    }

    static SqlError invalidParameterValue(String message) {
        return failure("BAD_REQUEST", message, "22023");
    }

    static SqlError invalidIdentifier(String message) {
        return failure("BAD_REQUEST", message, "42602");
    }

    private static SqlError failure(String code, String message, String sqlState) {
        return new SqlError(code, message, sqlState);
    }
}
