package dev.minilake.engines.routing;

import dev.minilake.engines.sqltranslate.ParsedSql;
import dev.minilake.engines.sqltranslate.SparkExactFunctions;
import dev.minilake.engines.sqltranslate.SqlToken;
import dev.minilake.engines.sqltranslate.SqlTokenizer;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which engine runs a statement, per statement. In {@code auto}: queries go to DuckDB unless they
 * call a function DuckDB is known to answer differently ({@link SparkExactFunctions}), and go to
 * Spark when DuckDB cannot translate them or fails in a way Spark may answer. Writes stay on DuckDB
 * (MANAGED tables are DuckDB's). A warehouse tag pins one engine ({@link EngineMode}).
 */
public final class EngineRouter {
    /** The engines, by the names query history and the log use. */
    public enum Engine {
        DUCKDB, SPARK;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final Set<String> QUERY_STARTS = Set.of("SELECT", "WITH", "VALUES", "FROM", "TABLE");
    private static final Set<String> WRITES = Set.of("INSERT", "UPDATE", "DELETE", "MERGE", "CREATE", "DROP", "ALTER", "TRUNCATE");

    private EngineRouter() {
    }

    /** A query that only reads (SELECT, WITH, VALUES, set operations, DESCRIBE FUNCTION): the statements Spark may take over. */
    public static boolean readOnly(String sql) {
        return readOnly(ParsedSql.of(sql));
    }

    public static boolean readOnly(ParsedSql sql) {
        List<SqlToken> t = sql.significant();
        if (t.isEmpty()) return false;
        String first = word(t, 0);
        if (first.equals("DESCRIBE") || first.equals("DESC")) return word(t, 1).equals("FUNCTION");
        if (!QUERY_STARTS.contains(first) && !t.get(0).isSymbol("(")) return false;
        for (SqlToken tok : t) {
            if (tok.kind() == SqlToken.Kind.WORD && WRITES.contains(tok.text().toUpperCase(Locale.ROOT))) return false;
        }
        return true;
    }

    /** In auto mode, why a query goes straight to Spark (it calls a function DuckDB answers differently), if it does. */
    public static Optional<String> sparkFirst(String sql) {
        return sparkFirst(ParsedSql.of(sql));
    }

    public static Optional<String> sparkFirst(ParsedSql sql) {
        if (!readOnly(sql)) return Optional.empty();
        Optional<String> typed = sql.significant().stream().filter(SqlToken::isTypedNumber).findFirst()
                .map(t -> "writes the typed literal " + t.text() + " (DuckDB's parser reads its suffix as an alias)");
        if (typed.isPresent()) return typed;
        Optional<String> construct = sparkOnlyConstruct(sql.significant());
        if (construct.isPresent()) return construct;
        Optional<String> fn = SparkExactFunctions.calledIn(sql.significant()).map(f -> "calls " + f + "()");
        if (fn.isPresent() || !SparkExactFunctions.indexesArrays(sql.significant())) return fn;
        return Optional.of("indexes an array (0-based in Spark)");
    }

    /**
     * Constructs DuckDB has but answers differently, found by the conformance corpus's Spark areas:
     * PIVOT and UNPIVOT (DuckDB fills empty cells with 0 and names columns its own way), INTERVAL
     * values (DuckDB's DATE ± INTERVAL is a timestamp, and its intervals print otherwise), and a
     * field of a struct-valued expression ({@code named_struct(...).f}).
     */
    static Optional<String> sparkOnlyConstruct(List<SqlToken> t) {
        boolean decimal = false, divides = false, usingJoin = false, star = false;
        for (int i = 0; i < t.size(); i++) {
            SqlToken tok = t.get(i);
            if (tok.kind() == SqlToken.Kind.NUMBER && tok.text().contains(".") && !tok.text().toLowerCase(Locale.ROOT).contains("e")
                    || tok.isWord("DECIMAL") || tok.isWord("DEC") || tok.isWord("NUMERIC")) decimal = true;
            if (tok.isSymbol("/") || (tok.isWord("avg") || tok.isWord("round") || tok.isWord("mean")) && i + 1 < t.size() && t.get(i + 1).isSymbol("(")) {
                divides = true;
            }
            if (tok.isWord("USING") && i + 1 < t.size() && t.get(i + 1).isSymbol("(") && i > 1) usingJoin = true;
            if (tok.isSymbol("*") && i > 0 && (t.get(i - 1).isWord("SELECT") || t.get(i - 1).isSymbol(","))) star = true;
            // X'4142': a binary literal, which DuckDB reads as text
            if (tok.kind() == SqlToken.Kind.WORD && tok.text().equalsIgnoreCase("X") && i + 1 < t.size() && t.get(i + 1).kind() == SqlToken.Kind.STRING) {
                return Optional.of("writes a binary literal");
            }
            if (integralCastOfFractionOrText(t, i)) return Optional.of("casts a fraction or text to an integer (Spark truncates, or refuses the text)");
            if (tok.isWord("PIVOT") || tok.isWord("UNPIVOT")) return Optional.of("uses " + tok.text().toUpperCase(Locale.ROOT));
            if (tok.isWord("INTERVAL")) return Optional.of("uses an INTERVAL (Spark's interval types)");
            if (tok.isSymbol(")") && i + 2 < t.size() && t.get(i + 1).isSymbol(".") && t.get(i + 2).kind() == SqlToken.Kind.WORD) {
                return Optional.of("reads a field of a struct-valued expression");
            }
        }
        // Spark's decimal arithmetic: a quotient's or an average's precision and scale (1.0 / 3 is 0.333333)
        if (decimal && divides) return Optional.of("divides or averages decimals (Spark's result scale)");
        // SELECT * over JOIN ... USING: Spark puts the USING columns first
        if (usingJoin && star) return Optional.of("selects * over a JOIN ... USING (Spark's column order)");
        return Optional.empty();
    }

    private static final java.util.Set<String> INTEGRAL = java.util.Set.of("INT", "INTEGER", "BIGINT", "LONG", "SMALLINT", "SHORT", "TINYINT", "BYTE");

    /** {@code CAST(<a fraction or a string> AS INT)} or {@code <fraction>::INT}, starting at {@code i}. */
    private static boolean integralCastOfFractionOrText(List<SqlToken> t, int i) {
        if (t.get(i).isSymbol("::") && i > 0 && i + 1 < t.size() && INTEGRAL.contains(t.get(i + 1).text().toUpperCase(Locale.ROOT))) {
            SqlToken v = t.get(i - 1);
            return v.kind() == SqlToken.Kind.NUMBER && v.text().contains(".");
        }
        if (!t.get(i).isWord("CAST") || i + 1 >= t.size() || !t.get(i + 1).isSymbol("(")) return false;
        int depth = 0;
        boolean fractionOrText = false;
        for (int j = i + 1; j < t.size(); j++) {
            SqlToken x = t.get(j);
            if (x.isSymbol("(")) depth++;
            else if (x.isSymbol(")") && --depth == 0) return false;
            else if (depth == 1 && x.isWord("AS")) {
                return fractionOrText && j + 1 < t.size() && INTEGRAL.contains(t.get(j + 1).text().toUpperCase(Locale.ROOT));
            } else if (x.kind() == SqlToken.Kind.STRING && !x.text().matches("'\\s*[-+]?\\d+\\s*'")
                    || x.kind() == SqlToken.Kind.NUMBER && x.text().contains(".")) {
                // a string that is not a plain integer: Spark refuses '4.7' and '0x1F', DuckDB rounds or reads them
                fractionOrText = true;
            }
        }
        return false;
    }

    /**
     * Whether a query DuckDB failed may get an answer from Spark instead: DuckDB could not parse it,
     * lacks a function or an overload of it, or has not implemented a construct. Not when the failure
     * is the user's and Spark would say the same: a missing table, schema, catalog or column, a
     * missing GROUP BY column; nor for the lake's own rules. DuckDB's run-time errors (out of range,
     * conversion, invalid input) do go to Spark: Spark answers some of them (sqrt(-1) is NaN there) and reports the
     * rest under its own error class (CAST_OVERFLOW, ARITHMETIC_OVERFLOW), as the conformance suite found.
     */
    public static boolean sparkMayAnswer(Throwable duckdbError) {
        String m = message(duckdbError);
        if (lakeRefused(duckdbError)) return false;
        if (m.contains("Function with name") && m.contains("does not exist")) return true;
        // a type DuckDB lacks is no mistake of the user's
        if (m.contains("Catalog Error") && m.contains("Type with name")) return true;
        if (m.contains("Catalog Error")) return false;
        if (m.contains("Binder Error")) {
            return !(m.contains("Referenced column") || m.contains("must appear in the GROUP BY") || m.contains("not found in FROM clause"));
        }
        return m.contains("Parser Error") || m.contains("Not implemented Error") || m.contains("syntax error")
                || m.contains("Out of Range Error") || m.contains("Conversion Error") || m.contains("Invalid Input Error");
    }

    /** Whether the failure is the lake's own rule (a path or permission refused, a lock) or a cancel: no engine may run it instead. */
    public static boolean lakeRefused(Throwable error) {
        String m = message(error);
        return m.contains("Permission Error") || m.contains("locked") || m.contains("INSUFFICIENT_PERMISSIONS")
                || m.contains("PATH_NOT_ALLOWED") || m.contains("Interrupt") || m.contains("canceled");
    }

    /** Whether DuckDB failed to parse the statement, so that nothing of it ran (a write may then go to Spark). */
    public static boolean unparsed(Throwable duckdbError) {
        String m = message(duckdbError);
        return m.contains("Parser Error") || m.contains("syntax error");
    }

    /** Statements Spark runs on EXTERNAL Delta tables that DuckDB may not parse (ALTER TABLE ... ADD COLUMNS, SHOW COLUMNS). */
    private static final Set<String> SPARK_STATEMENTS = Set.of("ALTER", "SHOW", "DESCRIBE", "DESC", "INSERT", "UPDATE", "DELETE",
            "MERGE", "CREATE", "DROP", "COMMENT", "TRUNCATE");

    /**
     * Whether a statement that is not a query may go to Spark after DuckDB failed it: a statement
     * Spark knows that DuckDB could not parse. A typo ({@code SELEC 1}) never wakes Spark.
     */
    public static boolean sparkMayRun(String sql, Throwable duckdbError) {
        return sparkStatement(sql) && unparsed(duckdbError);
    }

    /** Whether the statement starts as one Spark runs on tables (ALTER, SHOW, INSERT, MERGE, ...). */
    public static boolean sparkStatement(String sql) {
        List<SqlToken> t = SqlTokenizer.significant(sql);
        return !t.isEmpty() && SPARK_STATEMENTS.contains(word(t, 0));
    }

    /**
     * Whether the statement is a MERGE or an ALTER TABLE: DuckDB runs them on its own tables, so a
     * table it does not have may be an EXTERNAL Delta table, which Spark alters or merges into.
     */
    public static boolean changesTablesSparkMayHave(String sql) {
        List<SqlToken> t = SqlTokenizer.significant(sql);
        return word(t, 0).equals("MERGE") || word(t, 0).equals("ALTER") && word(t, 1).equals("TABLE");
    }

    /** Whether Delta Kernel refused to write a table for a writer feature it lacks: nothing was committed, and Delta on Spark has it. */
    public static boolean kernelCannotWrite(Throwable error) {
        String m = message(error);
        return m.contains("Delta Kernel refused the operation") && (m.contains("Unsupported Delta writer feature") || m.contains("Unsupported Delta table feature") || m.contains("writer table feature"));
    }

    /** Whether DuckDB failed because a table, schema or catalog is missing. */
    public static boolean missingObject(Throwable duckdbError) {
        String m = message(duckdbError);
        return m.contains("Catalog Error") && m.contains("does not exist");
    }

    /** Whether DuckDB refused to write into a view: the target is a MANAGED Delta table (DuckDB holds a view of it). */
    public static boolean notBaseTable(Throwable duckdbError) {
        String m = message(duckdbError);
        return m.contains("Binder Error") && m.toLowerCase(java.util.Locale.ROOT).contains("base table");
    }

    /** Whether DuckDB failed because a catalog (an attached database) is missing. */
    public static boolean missingCatalog(Throwable duckdbError) {
        String m = message(duckdbError);
        return m.contains("Catalog Error") && m.contains("Catalog \"") && m.contains("does not exist");
    }

    private static String message(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = e; c != null && b.length() < 10_000; c = c.getCause() == c ? null : c.getCause()) {
            if (c.getMessage() != null) b.append(c.getMessage()).append('\n');
        }
        return b.toString();
    }

    private static String word(List<SqlToken> t, int i) {
        return i < t.size() && t.get(i).kind() == SqlToken.Kind.WORD ? t.get(i).text().toUpperCase(Locale.ROOT) : "";
    }
}
