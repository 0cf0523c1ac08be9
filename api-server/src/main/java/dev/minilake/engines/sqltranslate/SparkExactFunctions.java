package dev.minilake.engines.sqltranslate;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Functions whose DuckDB translation is known to answer differently from Spark, with why: a query
 * that calls one goes to Spark in the {@code auto} engine mode, as only Spark answers it exactly.
 * Data, not logic; grow it as the conformance corpus finds differences.
 */
public final class SparkExactFunctions {
    static final Map<String, String> DIFFERS = Map.ofEntries(
            Map.entry("regexp_extract", "Java regex groups and escapes; DuckDB answers '' where Spark answers the match"),
            Map.entry("collect_set", "Spark's hash-set element order"),
            Map.entry("make_interval", "Spark's interval types and how they print"),
            Map.entry("make_ym_interval", "Spark's interval types and how they print"),
            Map.entry("make_dt_interval", "Spark's interval types and how they print"),
            Map.entry("regexp_extract_all", "Java regex groups and escapes"),
            Map.entry("regexp_replace", "Java regex replacement syntax ($1, not \\1)"),
            Map.entry("rlike", "Java regex semantics"),
            Map.entry("regexp", "Java regex semantics"),
            Map.entry("regexp_like", "Java regex semantics"),
            Map.entry("from_json", "Spark's schema DDL and parse modes"),
            Map.entry("parse_json", "Spark's VARIANT (DuckDB's JSON keeps key order and duplicates; a variant's JSON is Spark's)"),
            Map.entry("try_parse_json", "Spark's VARIANT"),
            Map.entry("variant_get", "Spark's VARIANT paths and casts"),
            Map.entry("try_variant_get", "Spark's VARIANT paths and casts"),
            Map.entry("is_variant_null", "Spark's VARIANT null"),
            Map.entry("schema_of_variant", "Spark's inferred types"),
            Map.entry("to_variant_object", "Spark's VARIANT"),
            Map.entry("to_json", "Spark's JSON of structs and maps (field order, map keys, nulls)"),
            Map.entry("schema_of_json", "Spark's inferred types"),
            Map.entry("get_json_object", "Spark's JSON path dialect"),
            Map.entry("json_tuple", "a generator with Spark's column names"),
            Map.entry("transform", "higher-order function with Spark's lambda syntax"),
            Map.entry("filter", "higher-order function with Spark's lambda syntax"),
            Map.entry("aggregate", "higher-order function with Spark's lambda syntax"),
            Map.entry("reduce", "higher-order function with Spark's lambda syntax"),
            Map.entry("exists", "higher-order function with Spark's lambda syntax"),
            Map.entry("forall", "higher-order function with Spark's lambda syntax"),
            Map.entry("zip_with", "higher-order function with Spark's lambda syntax"),
            Map.entry("map_filter", "higher-order function with Spark's lambda syntax"),
            Map.entry("transform_keys", "higher-order function with Spark's lambda syntax"),
            Map.entry("transform_values", "higher-order function with Spark's lambda syntax"),
            Map.entry("array_sort", "Spark's comparator lambda and null ordering"),
            Map.entry("array_prepend", "Spark keeps NULL elements"),
            Map.entry("from_unixtime", "Spark's datetime pattern letters"),
            Map.entry("date_format", "Spark's datetime pattern letters"),
            Map.entry("to_date", "Spark's datetime pattern letters"),
            Map.entry("to_timestamp", "Spark's datetime pattern letters"),
            Map.entry("unix_timestamp", "Spark's datetime pattern letters"),
            Map.entry("months_between", "Spark's month arithmetic (31-day months, rounding to 8 digits)"),
            Map.entry("format_number", "Spark's number format"),
            Map.entry("format_string", "Java's Formatter"),
            Map.entry("printf", "Java's Formatter"),
            Map.entry("split", "Java regex and Spark's limit"),
            Map.entry("sentences", "Java's BreakIterator"),
            Map.entry("inline", "a generator with Spark's column names"),
            Map.entry("posexplode", "a generator with Spark's column names (pos, col)"),
            Map.entry("stack", "a generator with Spark's column names"),
            Map.entry("url_encode", "Java's URLEncoder (a space is '+')"),
            Map.entry("typeof", "Spark's type names (bigint, decimal(3,1), void)"),
            Map.entry("array_distinct", "Spark keeps first-seen order and one NULL"),
            Map.entry("array_intersect", "Spark keeps the first array's order"),
            Map.entry("array_except", "Spark keeps the first array's order"),
            Map.entry("array_union", "Spark keeps first-seen order"),
            Map.entry("array_position", "Spark answers 0 when the element is absent"),
            Map.entry("element_at", "Spark's 1-based index, errors out of bounds, NULL for a missing map key"),
            Map.entry("skewness", "Spark's population skewness"),
            Map.entry("kurtosis", "Spark's population excess kurtosis"),
            Map.entry("json_array_length", "Spark answers NULL for a JSON value that is not an array"));

    private SparkExactFunctions() {
    }

    /** Operators that are the same functions: {@code a RLIKE 'x'}, {@code a REGEXP 'x'}. */
    static final Set<String> OPERATORS = Set.of("rlike", "regexp");
    /** What follows '(' when the word is SQL syntax, not a call: EXISTS (SELECT ...), FILTER (WHERE ...). */
    private static final Set<String> SYNTAX_AFTER = Set.of("SELECT", "WITH", "WHERE", "VALUES");

    /**
     * The first function from the table that {@code sql} calls (a name followed by '(', or one of
     * the operators), read on tokens, so strings, comments and quoted names never match.
     */
    public static Optional<String> calledIn(String sql) {
        return calledIn(SqlTokenizer.significant(sql));
    }

    /** As {@link #calledIn(String)}, from a statement's significant tokens. */
    public static Optional<String> calledIn(List<SqlToken> t) {
        for (int i = 0; i + 1 < t.size(); i++) {
            SqlToken name = t.get(i);
            if (name.kind() != SqlToken.Kind.WORD) continue;
            String word = name.text().toLowerCase(Locale.ROOT);
            if (OPERATORS.contains(word) && !t.get(i + 1).isSymbol("(")) return Optional.of(word);
            if (!t.get(i + 1).isSymbol("(")) continue;
            if (i + 2 < t.size() && t.get(i + 2).kind() == SqlToken.Kind.WORD
                    && SYNTAX_AFTER.contains(t.get(i + 2).text().toUpperCase(Locale.ROOT))) continue;
            if (i > 0 && t.get(i - 1).isSymbol(".")) continue; // a qualified user function, not the built-in
            if (i > 0 && (t.get(i - 1).isWord("VIEW") || t.get(i - 1).isWord("OUTER") && i > 1 && t.get(i - 2).isWord("VIEW"))) {
                continue; // a LATERAL VIEW generator: SparkJoins rewrites it as Spark answers it
            }
            String fn = name.text().toLowerCase(Locale.ROOT);
            if (DIFFERS.containsKey(fn)) return Optional.of(fn);
        }
        return Optional.empty();
    }

    /**
     * Whether {@code sql} subscripts with anything but a string key: {@code arr[0]} is 0-based in
     * Spark and 1-based in DuckDB, while {@code m['k']} reads a map alike in both.
     */
    public static boolean indexesArrays(String sql) {
        return indexesArrays(SqlTokenizer.significant(sql));
    }

    /** As {@link #indexesArrays(String)}, from a statement's significant tokens. */
    public static boolean indexesArrays(List<SqlToken> t) {
        for (int i = 1; i + 1 < t.size(); i++) {
            if (t.get(i).isSymbol("[") && t.get(i + 1).kind() != SqlToken.Kind.STRING && subscripts(t.get(i - 1))) return true;
        }
        return false;
    }

    /** Keywords a '[' may follow as a DuckDB list literal ({@code SELECT [1, 2]}), not as a subscript. */
    private static final Set<String> BEFORE_LIST = Set.of("SELECT", "WHERE", "AND", "OR", "NOT", "WHEN", "THEN", "ELSE", "AS", "IN",
            "ON", "BY", "HAVING", "VALUES", "IS", "CASE", "LIKE", "BETWEEN", "SET", "DISTINCT", "RETURN", "ARRAY");

    /** Whether a '[' after this token subscripts it: an identifier, a call's ')' or another subscript's ']'. */
    private static boolean subscripts(SqlToken before) {
        return before.isSymbol(")") || before.isSymbol("]") || before.kind() == SqlToken.Kind.BACKTICK || before.kind() == SqlToken.Kind.QUOTED
                || before.kind() == SqlToken.Kind.WORD && !BEFORE_LIST.contains(before.text().toUpperCase(Locale.ROOT));
    }

    /** Why the DuckDB translation of {@code function} differs, for logs and docs. */
    public static Optional<String> why(String function) {
        return Optional.ofNullable(DIFFERS.get(function.toLowerCase(Locale.ROOT)));
    }
}
