package dev.minilake.engines.types;

import dev.minilake.engines.types.DataType.Kind;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Recursive-descent parser for the type strings DuckDB reports (duckdb_columns().data_type, JDBC
 * metadata), e.g. {@code STRUCT("a b" INTEGER, c VARCHAR)[]} or {@code MAP(VARCHAR, DECIMAL(10,2))}.
 * Types Spark has no twin for are mapped to the closest wider Spark type.
 * <pre>
 * type := base ('[' [int] ']')*
 * base := STRUCT '(' field (',' field)* ')' | MAP '(' type ',' type ')' | (DECIMAL|NUMERIC) ['(' int ',' int ')']
 *       | UNION ['(' ... ')'] | ENUM ['(' ... ')'] | "NULL" | word+ ['(' int ')']
 * </pre>
 * Two readings differ where a table and a result need different answers: a table column's type
 * becomes a schema that is stored, so an unknown type is an error rather than a guess, and INTERVAL
 * (which no UC table holds) reads as a string; a result column must always be shown, so any type
 * Spark lacks reads as a string (as JDBC hands its values over), while INTERVAL and NULL keep
 * Spark's interval and void.
 */
final class DuckDbTypeParser {
    private final TypeLexer lx;
    private final boolean forResult;

    private DuckDbTypeParser(String text, boolean forResult) {
        this.lx = new TypeLexer(text);
        this.forResult = forResult;
    }

    /** A table column's type; an unknown type is a {@link TypeParseException}. */
    static DataType parseColumn(String text) {
        return new DuckDbTypeParser(text, false).whole();
    }

    /** A result column's type as JDBC metadata reports it; unknown types read as STRING. */
    static DataType parseResult(String text) {
        return new DuckDbTypeParser(text, true).whole();
    }

    private DataType whole() {
        DataType t = type();
        lx.expectEnd();
        return t;
    }

    private DataType type() {
        DataType t = base();
        while (lx.accept("[")) {
            if (!lx.peek().is("]")) lx.expectInt(); // a fixed-size ARRAY is still an array to Spark
            lx.expect("]");
            t = new DataType.ArrayType(t);
        }
        return t;
    }

    private DataType base() {
        TypeLexer.Token t = lx.next();
        if (forResult && t.kind() == TypeLexer.Kind.QUOTED && t.text().equalsIgnoreCase("NULL")) return DataType.of(Kind.VOID);
        if (t.kind() != TypeLexer.Kind.WORD) throw new TypeParseException("Invalid DuckDB type: unexpected '" + t.text() + "' at position " + t.pos());
        String word = t.text().toUpperCase(Locale.ROOT);
        switch (word) {
            case "STRUCT", "ROW" -> {
                lx.expect("(");
                List<DataType.Field> fields = new ArrayList<>();
                do {
                    String name = lx.expectName();
                    fields.add(new DataType.Field(name, type()));
                } while (lx.accept(","));
                lx.expect(")");
                return new DataType.StructType(fields);
            }
            case "MAP" -> {
                lx.expect("(");
                DataType k = type();
                lx.expect(",");
                DataType v = type();
                lx.expect(")");
                return new DataType.MapType(k, v);
            }
            case "DECIMAL", "NUMERIC" -> {
                int precision = 18, scale = 3; // DuckDB's defaults for a bare DECIMAL
                if (lx.accept("(")) {
                    precision = lx.expectInt();
                    scale = lx.accept(",") ? lx.expectInt() : 0;
                    lx.expect(")");
                }
                return new DataType.Decimal(precision, scale);
            }
            case "UNION", "ENUM" -> {
                if (lx.peek().is("(")) skipParenthesised(); // JDBC metadata names an ENUM without its values
                return DataType.of(Kind.STRING);
            }
            case "TIMESTAMP", "TIME" -> {
                if (lx.accept("WITH")) {
                    lx.expect("TIME");
                    lx.expect("ZONE");
                    return DataType.of(word.equals("TIMESTAMP") ? Kind.TIMESTAMP : Kind.STRING);
                }
                return DataType.of(word.equals("TIMESTAMP") ? Kind.TIMESTAMP_NTZ : Kind.STRING);
            }
            case "DOUBLE" -> {
                lx.accept("PRECISION");
                return DataType.of(Kind.DOUBLE);
            }
            default -> {
                if (lx.peek().is("(")) skipParenthesised(); // VARCHAR(n), BIT(n): the length does not matter to Spark
                return simple(word);
            }
        }
    }

    private DataType simple(String word) {
        return switch (word) {
            case "VARCHAR", "CHAR", "BPCHAR", "TEXT", "STRING", "UUID", "BIGNUM", "VARINT" -> DataType.of(Kind.STRING);
            case "INTERVAL" -> DataType.of(forResult ? Kind.INTERVAL : Kind.STRING);
            // a result carries DuckDB's '0101' text for BIT; a stored column takes the bytes
            case "BIT", "BITSTRING" -> DataType.of(forResult ? Kind.STRING : Kind.BINARY);
            case "BIGINT", "INT8", "LONG", "UINTEGER" -> DataType.of(Kind.LONG);
            case "INTEGER", "INT", "INT4", "SIGNED", "USMALLINT" -> DataType.of(Kind.INT);
            case "SMALLINT", "INT2", "SHORT", "UTINYINT" -> DataType.of(Kind.SHORT);
            case "TINYINT", "INT1" -> DataType.of(Kind.BYTE);
            case "HUGEINT", "UHUGEINT" -> new DataType.Decimal(38, 0);
            case "UBIGINT" -> new DataType.Decimal(20, 0);
            case "DOUBLE", "FLOAT8" -> DataType.of(Kind.DOUBLE);
            case "FLOAT", "FLOAT4", "REAL" -> DataType.of(Kind.FLOAT);
            case "BOOLEAN", "BOOL", "LOGICAL" -> DataType.of(Kind.BOOLEAN);
            case "BLOB", "BYTEA", "BINARY", "VARBINARY" -> DataType.of(Kind.BINARY);
            case "DATE" -> DataType.of(Kind.DATE);
            case "TIMESTAMPTZ" -> DataType.of(Kind.TIMESTAMP);
            case "DATETIME", "TIMESTAMP_S", "TIMESTAMP_MS", "TIMESTAMP_NS", "TIMESTAMP_US" -> DataType.of(Kind.TIMESTAMP_NTZ);
            case "TIMETZ" -> DataType.of(Kind.STRING);
            case "JSON" -> DataType.of(Kind.VARIANT);
            case "NULL" -> {
                if (!forResult) throw unknown(word);
                yield DataType.of(Kind.VOID);
            }
            default -> {
                if (!forResult) throw unknown(word);
                yield DataType.of(Kind.STRING);
            }
        };
    }

    private static TypeParseException unknown(String word) {
        return new TypeParseException("Unknown DuckDB type '" + word + "'");
    }

    private void skipParenthesised() {
        lx.expect("(");
        int depth = 1;
        while (depth > 0) {
            TypeLexer.Token t = lx.next();
            if (t.kind() == TypeLexer.Kind.END) throw lx.error("unbalanced parentheses");
            if (t.is("(")) depth++;
            else if (t.is(")")) depth--;
        }
    }
}
