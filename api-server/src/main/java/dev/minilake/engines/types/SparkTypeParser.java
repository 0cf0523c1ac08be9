package dev.minilake.engines.types;

import dev.minilake.engines.types.DataType.Kind;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Recursive-descent parser for Databricks/Spark DDL types, e.g. {@code map<string,array<struct<a:int>>>}.
 * <pre>
 * type   := ARRAY '&lt;' type '&gt;' | MAP '&lt;' type ',' type '&gt;' | STRUCT '&lt;' [field (',' field)*] '&gt;'
 *         | (DECIMAL|DEC|NUMERIC) ['(' int [',' int] ')'] | (VARCHAR|CHAR) '(' int ')' | primitive
 * field  := name [':'] type [NOT NULL] [COMMENT 'text']
 * </pre>
 */
final class SparkTypeParser {
    private final TypeLexer lx;

    private SparkTypeParser(String text) {
        this.lx = new TypeLexer(text);
    }

    static DataType parse(String text) {
        SparkTypeParser p = new SparkTypeParser(text);
        DataType t = p.type();
        p.lx.expectEnd();
        return t;
    }

    private DataType type() {
        TypeLexer.Token t = lx.next();
        if (t.kind() != TypeLexer.Kind.WORD) {
            throw new TypeParseException("Invalid type: expected a type name at position " + t.pos() + " but found '" + t.text() + "'");
        }
        String word = t.text().toLowerCase(Locale.ROOT);
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
            case "decimal", "dec", "numeric" -> {
                int precision = 10, scale = 0; // Spark's defaults for a bare DECIMAL
                if (lx.accept("(")) {
                    precision = lx.expectInt();
                    if (lx.accept(",")) scale = lx.expectInt();
                    lx.expect(")");
                }
                return new DataType.Decimal(precision, scale);
            }
            case "varchar", "char", "character" -> {
                lx.expect("(");
                lx.expectInt();
                lx.expect(")");
                return DataType.of(Kind.STRING);
            }
            default -> {
                Kind k = primitive(word);
                if (k == null) throw new TypeParseException("Invalid type: unknown type '" + t.text() + "' at position " + t.pos());
                return DataType.of(k);
            }
        }
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

    private static Kind primitive(String word) {
        return switch (word) {
            case "string" -> Kind.STRING;
            case "bigint", "long" -> Kind.LONG;
            case "int", "integer" -> Kind.INT;
            case "smallint", "short" -> Kind.SHORT;
            case "tinyint", "byte" -> Kind.BYTE;
            case "double" -> Kind.DOUBLE;
            case "float", "real" -> Kind.FLOAT;
            case "boolean", "bool" -> Kind.BOOLEAN;
            case "binary" -> Kind.BINARY;
            case "date" -> Kind.DATE;
            case "timestamp", "timestamp_ltz" -> Kind.TIMESTAMP;
            case "timestamp_ntz" -> Kind.TIMESTAMP_NTZ;
            case "variant" -> Kind.VARIANT;
            default -> null;
        };
    }
}
