package dev.minilake.engines.types;

import dev.minilake.engines.types.DataType.Kind;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Recursive-descent parser for Databricks/Spark DDL types, e.g. {@code map<string,array<struct<a:int>>>}.
 * <pre>
 * type   := ARRAY '&lt;' type '&gt;' | MAP '&lt;' type ',' type '&gt;' | STRUCT '&lt;' [field (',' field)*] '&gt;'
 *         | (DECIMAL|DEC|NUMERIC) ['(' int [',' int] ')'] | (VARCHAR|CHAR) '(' int ')' | primitive
 * field  := name [':'] type [NOT NULL] [COMMENT 'text']
 * </pre>
 * A type written in a SQL statement may also be VOID or INTERVAL, which no table column can hold,
 * and keeps the translator's older leniencies: a bare DECIMAL is DuckDB's, VARCHAR needs no length.
 */
final class SparkTypeParser {
    private static final Map<String, Kind> PRIMITIVES = Map.ofEntries(
            Map.entry("string", Kind.STRING), Map.entry("bigint", Kind.LONG), Map.entry("long", Kind.LONG),
            Map.entry("int", Kind.INT), Map.entry("integer", Kind.INT), Map.entry("smallint", Kind.SHORT),
            Map.entry("short", Kind.SHORT), Map.entry("tinyint", Kind.BYTE), Map.entry("byte", Kind.BYTE),
            Map.entry("double", Kind.DOUBLE), Map.entry("float", Kind.FLOAT), Map.entry("real", Kind.FLOAT),
            Map.entry("boolean", Kind.BOOLEAN), Map.entry("bool", Kind.BOOLEAN), Map.entry("binary", Kind.BINARY),
            Map.entry("date", Kind.DATE), Map.entry("timestamp", Kind.TIMESTAMP), Map.entry("timestamp_ltz", Kind.TIMESTAMP),
            Map.entry("timestamp_ntz", Kind.TIMESTAMP_NTZ), Map.entry("variant", Kind.VARIANT));
    private static final Map<String, Kind> STATEMENT_ONLY = Map.of("void", Kind.VOID, "interval", Kind.INTERVAL);
    private static final Set<String> DECIMALS = Set.of("decimal", "dec", "numeric");
    private static final Set<String> CHARACTERS = Set.of("varchar", "char", "character");

    private final TypeLexer lx;
    private final boolean inStatement;

    private SparkTypeParser(String text, boolean inStatement) {
        this.lx = new TypeLexer(text);
        this.inStatement = inStatement;
    }

    /** A table column's type, as UC type_text or a CREATE TABLE column gives it. */
    static DataType parseColumn(String text) {
        return new SparkTypeParser(text, false).whole();
    }

    /** A type written inside a SQL statement ({@code CAST(x AS ARRAY<VOID>)}). */
    static DataType parseInStatement(String text) {
        return new SparkTypeParser(text, true).whole();
    }

    /** The scalar type names a statement may use, lowercase. */
    static Set<String> statementScalarNames() {
        Set<String> names = new HashSet<>(PRIMITIVES.keySet());
        names.addAll(STATEMENT_ONLY.keySet());
        names.addAll(DECIMALS);
        names.addAll(CHARACTERS);
        return names;
    }

    private DataType whole() {
        DataType t = type();
        lx.expectEnd();
        return t;
    }

    private DataType type() {
        TypeLexer.Token t = lx.next();
        if (t.kind() != TypeLexer.Kind.WORD) {
            throw new TypeParseException("Invalid type: expected a type name at position " + t.pos() + " but found '" + t.text() + "'");
        }
        String word = t.text().toLowerCase(Locale.ROOT);
        if (DECIMALS.contains(word)) return decimal();
        if (CHARACTERS.contains(word)) return character();
        switch (word) {
            case "array" -> {
                lx.expect("<");
                DataType e = type();
                lx.expect(">");
                return new DataType.ArrayType(e);
            }
            case "map" -> {
                lx.expect("<");
                DataType k = type();
                lx.expect(",");
                DataType v = type();
                lx.expect(">");
                return new DataType.MapType(k, v);
            }
            case "struct" -> {
                return struct();
            }
            default -> {
                Kind k = PRIMITIVES.get(word);
                if (k == null && inStatement) k = STATEMENT_ONLY.get(word);
                if (k == null) throw new TypeParseException("Invalid type: unknown type '" + t.text() + "' at position " + t.pos());
                return DataType.of(k);
            }
        }
    }

    /** A bare DECIMAL is Spark's decimal(10,0), in a column and in a statement alike (DuckDB's would be (18,3)). */
    private DataType decimal() {
        int precision = 10, scale = 0;
        if (lx.accept("(")) {
            precision = lx.expectInt();
            scale = lx.accept(",") ? lx.expectInt() : 0;
            lx.expect(")");
        }
        return new DataType.Decimal(precision, scale);
    }

    /** VARCHAR(n) and CHAR(n) are strings; a statement may leave the length out, as the translator always let it. */
    private DataType character() {
        if (lx.peek().is("(") || !inStatement) {
            lx.expect("(");
            lx.expectInt();
            lx.expect(")");
        }
        return DataType.of(Kind.STRING);
    }

    private DataType struct() {
        lx.expect("<");
        List<DataType.Field> fields = new ArrayList<>();
        if (!lx.accept(">")) {
            do {
                String name = lx.expectName();
                lx.accept(":");
                DataType ft = type();
                if (lx.accept("not")) lx.expect("null");
                if (lx.accept("comment")) {
                    if (lx.next().kind() != TypeLexer.Kind.STRING_LITERAL) throw lx.error("expected a comment string");
                }
                fields.add(new DataType.Field(name, ft));
            } while (lx.accept(","));
            lx.expect(">");
        }
        return new DataType.StructType(fields);
    }
}
