package dev.minilake.engines.sqltranslate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Type names between the two dialects, parsed on tokens: DuckDB's type text (as JDBC metadata
 * reports it) to the Spark type Databricks reports, and Spark DDL types to DuckDB types.
 */
public final class TypeMapping {
    private static final Map<String, SparkType> DUCK_SCALARS = Map.ofEntries(
            Map.entry("BOOLEAN", SparkType.of("BOOLEAN", "boolean")),
            Map.entry("TINYINT", SparkType.of("BYTE", "tinyint")),
            Map.entry("SMALLINT", SparkType.of("SHORT", "smallint")),
            Map.entry("INTEGER", SparkType.of("INT", "int")),
            Map.entry("BIGINT", SparkType.of("LONG", "bigint")),
            Map.entry("UTINYINT", SparkType.of("SHORT", "smallint")),
            Map.entry("USMALLINT", SparkType.of("INT", "int")),
            Map.entry("UINTEGER", SparkType.of("LONG", "bigint")),
            Map.entry("FLOAT", SparkType.of("FLOAT", "float")),
            Map.entry("DOUBLE", SparkType.of("DOUBLE", "double")),
            Map.entry("VARCHAR", SparkType.of("STRING", "string")),
            Map.entry("UUID", SparkType.of("STRING", "string")),
            Map.entry("JSON", SparkType.of("STRING", "string")),
            Map.entry("TIME", SparkType.of("STRING", "string")),
            Map.entry("BLOB", SparkType.of("BINARY", "binary")),
            Map.entry("DATE", SparkType.of("DATE", "date")),
            Map.entry("TIMESTAMP", SparkType.of("TIMESTAMP", "timestamp")),
            Map.entry("TIMESTAMP_S", SparkType.of("TIMESTAMP", "timestamp")),
            Map.entry("TIMESTAMP_MS", SparkType.of("TIMESTAMP", "timestamp")),
            Map.entry("TIMESTAMP_NS", SparkType.of("TIMESTAMP", "timestamp")),
            Map.entry("INTERVAL", SparkType.of("INTERVAL", "interval")),
            Map.entry("NULL", SparkType.of("NULL", "void")),
            Map.entry("\"NULL\"", SparkType.of("NULL", "void")));

    static final Map<String, String> SPARK_SCALARS = Map.ofEntries(
            Map.entry("STRING", "VARCHAR"), Map.entry("INT", "INTEGER"), Map.entry("INTEGER", "INTEGER"),
            Map.entry("BIGINT", "BIGINT"), Map.entry("LONG", "BIGINT"), Map.entry("SMALLINT", "SMALLINT"),
            Map.entry("SHORT", "SMALLINT"), Map.entry("TINYINT", "TINYINT"), Map.entry("BYTE", "TINYINT"),
            Map.entry("DOUBLE", "DOUBLE"), Map.entry("FLOAT", "FLOAT"), Map.entry("REAL", "FLOAT"),
            Map.entry("BOOLEAN", "BOOLEAN"), Map.entry("BINARY", "BLOB"), Map.entry("DATE", "DATE"),
            Map.entry("TIMESTAMP", "TIMESTAMP"), Map.entry("TIMESTAMP_NTZ", "TIMESTAMP"),
            Map.entry("TIMESTAMP_LTZ", "TIMESTAMP"), Map.entry("DECIMAL", "DECIMAL"), Map.entry("DEC", "DECIMAL"),
            Map.entry("NUMERIC", "DECIMAL"), Map.entry("VARCHAR", "VARCHAR"), Map.entry("CHAR", "VARCHAR"),
            Map.entry("VOID", "\"NULL\""), Map.entry("INTERVAL", "INTERVAL"));

    private TypeMapping() {
    }

    /** The Spark view of a DuckDB type, e.g. {@code STRUCT(x INTEGER)} → STRUCT / {@code struct<x:int>}. */
    public static SparkType toSpark(String duckType) {
        Cursor c = new Cursor(SqlTokenizer.significant(duckType));
        SparkType t = duckType(c);
        return c.atEnd() ? t : SparkType.of("STRING", "string");
    }

    /** A Spark DDL type (e.g. {@code array<struct<a:int>>}) as DuckDB type text. */
    public static String toDuckDb(String sparkType) {
        Cursor c = new Cursor(SqlTokenizer.significant(sparkType));
        String t = sparkType(c);
        if (!c.atEnd()) throw new UnsupportedConstructException("type " + sparkType);
        return t;
    }

    /** Parses one Spark type from the cursor; used by the lexical pass for complex types in DDL. */
    static String sparkType(Cursor c) {
        String word = c.next().text().toUpperCase(Locale.ROOT);
        switch (word) {
            case "ARRAY" -> {
                c.expect("<");
                String inner = sparkType(c);
                c.expect(">");
                return inner + "[]";
            }
            case "MAP" -> {
                c.expect("<");
                String k = sparkType(c);
                c.expect(",");
                String v = sparkType(c);
                c.expect(">");
                return "MAP(" + k + ", " + v + ")";
            }
            case "STRUCT" -> {
                c.expect("<");
                List<String> fields = new ArrayList<>();
                while (!c.peekSymbol(">")) {
                    String name = c.next().identifier();
                    c.splitParameter();
                    if (c.peekSymbol(":")) c.next();
                    String type = sparkType(c);
                    if (c.peekWord("NOT")) { c.next(); c.next(); }
                    if (c.peekWord("COMMENT")) { c.next(); c.next(); }
                    fields.add(dev.minilake.engines.duckdb.DuckDbEngine.quoteIdent(name) + " " + type);
                    if (c.peekSymbol(",")) c.next();
                }
                c.expect(">");
                return "STRUCT(" + String.join(", ", fields) + ")";
            }
            default -> {
                String duck = SPARK_SCALARS.get(word);
                if (duck == null) throw new UnsupportedConstructException("type " + word.toLowerCase(Locale.ROOT));
                return duck + c.parenthesizedArgs();
            }
        }
    }

    private static SparkType duckType(Cursor c) {
        SparkType base = duckBase(c);
        while (c.peekSymbol("[")) {
            c.next();
            if (!c.peekSymbol("]")) c.next();
            c.expect("]");
            base = SparkType.of("ARRAY", "array<" + base.typeText() + ">");
        }
        return base;
    }

    private static SparkType duckBase(Cursor c) {
        String word = c.next().text().toUpperCase(Locale.ROOT);
        switch (word) {
            case "DECIMAL" -> {
                int p = 18, s = 3;
                if (c.peekSymbol("(")) {
                    c.next();
                    p = Integer.parseInt(c.next().text());
                    if (c.peekSymbol(",")) {
                        c.next();
                        s = Integer.parseInt(c.next().text());
                    }
                    c.expect(")");
                }
                return new SparkType("DECIMAL", "decimal(" + p + "," + s + ")", p, s);
            }
            case "HUGEINT", "UHUGEINT", "UBIGINT" -> {
                int p = word.equals("UBIGINT") ? 20 : 38;
                return new SparkType("DECIMAL", "decimal(" + p + ",0)", p, 0);
            }
            case "MAP" -> {
                c.expect("(");
                SparkType k = duckType(c);
                c.expect(",");
                SparkType v = duckType(c);
                c.expect(")");
                return SparkType.of("MAP", "map<" + k.typeText() + "," + v.typeText() + ">");
            }
            case "STRUCT" -> {
                c.expect("(");
                List<String> fields = new ArrayList<>();
                while (!c.peekSymbol(")")) {
                    String name = c.next().identifier();
                    fields.add(sparkFieldName(name) + ":" + duckType(c).typeText());
                    if (c.peekSymbol(",")) c.next();
                }
                c.expect(")");
                return SparkType.of("STRUCT", "struct<" + String.join(",", fields) + ">");
            }
            case "TIMESTAMP" -> {
                if (c.peekWord("WITH")) { c.next(); c.next(); c.next(); }
                return DUCK_SCALARS.get("TIMESTAMP");
            }
            case "TIMESTAMPTZ" -> {
                return DUCK_SCALARS.get("TIMESTAMP");
            }
            default -> {
                c.parenthesizedArgs();
                return DUCK_SCALARS.getOrDefault(word, SparkType.of("STRING", "string"));
            }
        }
    }

    private static String sparkFieldName(String name) {
        return name.matches("[A-Za-z_][A-Za-z0-9_]*") ? name : "`" + name.replace("`", "``") + "`";
    }

    /** A position in a list of significant tokens. */
    static final class Cursor {
        private final List<SqlToken> tokens;
        private int pos;
        private int inserted;

        Cursor(List<SqlToken> tokens) {
            this(tokens, 0);
        }

        Cursor(List<SqlToken> tokens, int pos) {
            this.tokens = new ArrayList<>(tokens);
            this.pos = pos;
        }

        boolean atEnd() {
            return pos >= tokens.size();
        }

        /** {@code a:int} lexes as name + parameter ":int"; in a struct type it is name, ':', type. */
        void splitParameter() {
            if (atEnd() || tokens.get(pos).kind() != SqlToken.Kind.PARAM) return;
            String word = tokens.get(pos).text().substring(1);
            tokens.set(pos, new SqlToken(SqlToken.Kind.SYMBOL, ":"));
            tokens.add(pos + 1, new SqlToken(SqlToken.Kind.WORD, word));
            inserted++;
        }

        /** How many of the input's tokens were consumed (splits do not count). */
        int consumedInput() {
            return pos - inserted;
        }

        int position() {
            return pos;
        }

        SqlToken next() {
            if (atEnd()) throw new UnsupportedConstructException("incomplete type");
            return tokens.get(pos++);
        }

        boolean peekSymbol(String s) {
            return !atEnd() && tokens.get(pos).isSymbol(s);
        }

        boolean peekWord(String w) {
            return !atEnd() && tokens.get(pos).isWord(w);
        }

        void expect(String symbol) {
            SqlToken t = next();
            if (!t.isSymbol(symbol)) throw new UnsupportedConstructException("type syntax near '" + t.text() + "'");
        }

        /** Optional "(n[, m])" after a type name, returned as text. */
        String parenthesizedArgs() {
            if (!peekSymbol("(")) return "";
            StringBuilder b = new StringBuilder();
            while (!atEnd()) {
                SqlToken t = next();
                b.append(t.text());
                if (t.isSymbol(")")) break;
            }
            return b.toString();
        }
    }
}
