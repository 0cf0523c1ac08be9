package dev.minilake.engines.types;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.engines.types.DataType.ArrayType;
import dev.minilake.engines.types.DataType.Decimal;
import dev.minilake.engines.types.DataType.Field;
import dev.minilake.engines.types.DataType.Kind;
import dev.minilake.engines.types.DataType.MapType;
import dev.minilake.engines.types.DataType.Primitive;
import dev.minilake.engines.types.DataType.StructType;
import dev.minilake.engines.duckdb.DuckDbEngine;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Databricks types to DuckDB and back, pure and stateless. Parse either dialect into a
 * {@link DataType}, then render it as Spark DDL (type_text), the SDK's ColumnTypeName, Spark's JSON
 * (type_json), a result manifest's {@link SparkType}, or DuckDB DDL. VARIANT is stored as DuckDB
 * JSON: the closest type DuckDB ships with.
 */
public final class TypeMapping {
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private TypeMapping() {
    }

    /** Parses a table column's Databricks/Spark DDL type such as {@code decimal(10,2)} or {@code struct<a:int>}. */
    public static DataType parseSpark(String typeText) {
        return SparkTypeParser.parseColumn(typeText);
    }

    /**
     * Parses a Spark type written inside a SQL statement ({@code CAST(x AS ARRAY<VOID>)}): it may be
     * VOID or INTERVAL, which no column holds; render it with {@link #toDuckDbInStatement}.
     */
    public static DataType parseSparkInStatement(String typeText) {
        return SparkTypeParser.parseInStatement(typeText);
    }

    /** The scalar Spark type names a statement may use, uppercase and sorted (for the dialect doc). */
    public static List<String> statementScalarNames() {
        return SparkTypeParser.statementScalarNames().stream().map(n -> n.toUpperCase(Locale.ROOT)).sorted().toList();
    }

    /** Parses a table column's type as DuckDB reports it, such as {@code MAP(VARCHAR, INTEGER)}; an unknown type is an error. */
    public static DataType parseDuckDb(String duckDbType) {
        return DuckDbTypeParser.parseColumn(duckDbType);
    }

    /**
     * The manifest type of a result column whose type DuckDB's JDBC metadata reports. Never fails:
     * a result must be shown whatever its type, so what Spark has no twin for reads as a string.
     */
    public static SparkType resultTypeOfDuckDb(String duckDbType) {
        try {
            return resultType(DuckDbTypeParser.parseResult(duckDbType));
        } catch (TypeParseException e) {
            return SparkType.STRING;
        }
    }

    /**
     * A type as a statement result's manifest reports it. A naive TIMESTAMP reads as Spark's
     * timestamp, since statements turn Spark's TIMESTAMP into DuckDB's naive one (see
     * {@link #toDuckDbInStatement}); VARIANT reads as a string, since its values arrive as JSON text.
     */
    public static SparkType resultType(DataType t) {
        DataType shown = asResult(t);
        Decimal d = shown instanceof Decimal dec ? dec : null;
        return new SparkType(typeName(shown), toSparkDdl(shown), d == null ? null : d.precision(), d == null ? null : d.scale());
    }

    private static DataType asResult(DataType t) {
        if (t instanceof Primitive p) {
            return switch (p.kind()) {
                case TIMESTAMP_NTZ -> DataType.of(Kind.TIMESTAMP);
                case VARIANT -> DataType.of(Kind.STRING);
                default -> t;
            };
        }
        if (t instanceof ArrayType a) return new ArrayType(asResult(a.element()));
        if (t instanceof MapType m) return new MapType(asResult(m.key()), asResult(m.value()));
        if (t instanceof StructType s) return new StructType(s.fields().stream().map(f -> new Field(f.name(), asResult(f.type()))).toList());
        return t;
    }

    /** Spark DDL the way Databricks prints type_text: lowercase, no spaces. */
    public static String toSparkDdl(DataType t) {
        if (t instanceof Primitive p) {
            return switch (p.kind()) {
                case STRING -> "string";
                case LONG -> "bigint";
                case INT -> "int";
                case SHORT -> "smallint";
                case BYTE -> "tinyint";
                default -> p.kind().name().toLowerCase(Locale.ROOT);
            };
        }
        if (t instanceof Decimal d) return "decimal(" + d.precision() + "," + d.scale() + ")";
        if (t instanceof ArrayType a) return "array<" + toSparkDdl(a.element()) + ">";
        if (t instanceof MapType m) return "map<" + toSparkDdl(m.key()) + "," + toSparkDdl(m.value()) + ">";
        return ((StructType) t).fields().stream()
                .map(f -> sparkName(f.name()) + ":" + toSparkDdl(f.type()))
                .collect(Collectors.joining(",", "struct<", ">"));
    }

    /** The SDK's ColumnTypeName value. */
    public static String typeName(DataType t) {
        if (t instanceof Primitive p) return p.kind() == Kind.VOID ? "NULL" : p.kind().name();
        if (t instanceof Decimal) return "DECIMAL";
        if (t instanceof ArrayType) return "ARRAY";
        if (t instanceof MapType) return "MAP";
        return "STRUCT";
    }

    /** DuckDB DDL for a stored column of this type (a UC or Delta table's); struct field names are always quoted. */
    public static String toDuckDbStorage(DataType t) {
        return toDuckDb(t, true);
    }

    /** DuckDB text for a Spark type written in a translated statement (a CAST, a DuckDB table's DDL). */
    public static String toDuckDbInStatement(DataType t) {
        return toDuckDb(t, false);
    }

    // The two differ only for TIMESTAMP: a stored column keeps the instant (WITH TIME ZONE), while a
    // statement uses DuckDB's naive TIMESTAMP, as the translator's scalar CASTs do and results report.
    private static String toDuckDb(DataType t, boolean storage) {
        if (t instanceof Primitive p) {
            return switch (p.kind()) {
                case STRING -> "VARCHAR";
                case LONG -> "BIGINT";
                case INT -> "INTEGER";
                case SHORT -> "SMALLINT";
                case BYTE -> "TINYINT";
                case DOUBLE -> "DOUBLE";
                case FLOAT -> "FLOAT";
                case BOOLEAN -> "BOOLEAN";
                case BINARY -> "BLOB";
                case DATE -> "DATE";
                case TIMESTAMP -> storage ? "TIMESTAMP WITH TIME ZONE" : "TIMESTAMP";
                case TIMESTAMP_NTZ -> "TIMESTAMP";
                case VARIANT -> "JSON";
                case INTERVAL -> "INTERVAL";
                case VOID -> "\"NULL\""; // DuckDB's NULL type, quoted so it is not the NULL literal
            };
        }
        if (t instanceof Decimal d) return "DECIMAL(" + d.precision() + "," + d.scale() + ")";
        if (t instanceof ArrayType a) return toDuckDb(a.element(), storage) + "[]";
        if (t instanceof MapType m) return "MAP(" + toDuckDb(m.key(), storage) + ", " + toDuckDb(m.value(), storage) + ")";
        return ((StructType) t).fields().stream()
                .map(f -> DuckDbEngine.quoteIdent(f.name()) + " " + toDuckDb(f.type(), storage))
                .collect(Collectors.joining(", ", "STRUCT(", ")"));
    }

    /** Spark's StructField JSON for a column, as Databricks puts it in type_json. */
    public static String typeJson(String column, DataType t, boolean nullable) {
        return field(column, t, nullable).toString();
    }

    private static ObjectNode field(String name, DataType t, boolean nullable) {
        ObjectNode f = JSON.objectNode();
        f.put("name", name);
        f.set("type", sparkJsonType(t));
        f.put("nullable", nullable);
        f.set("metadata", JSON.objectNode());
        return f;
    }

    private static JsonNode sparkJsonType(DataType t) {
        if (t instanceof Primitive p) {
            return JSON.textNode(switch (p.kind()) {
                case LONG -> "long";
                case INT -> "integer";
                case SHORT -> "short";
                case BYTE -> "byte";
                default -> p.kind().name().toLowerCase(Locale.ROOT);
            });
        }
        if (t instanceof Decimal d) return JSON.textNode("decimal(" + d.precision() + "," + d.scale() + ")");
        if (t instanceof ArrayType a) {
            ObjectNode n = JSON.objectNode().put("type", "array");
            n.set("elementType", sparkJsonType(a.element()));
            return n.put("containsNull", true);
        }
        if (t instanceof MapType m) {
            ObjectNode n = JSON.objectNode().put("type", "map");
            n.set("keyType", sparkJsonType(m.key()));
            n.set("valueType", sparkJsonType(m.value()));
            return n.put("valueContainsNull", true);
        }
        ObjectNode n = JSON.objectNode().put("type", "struct");
        ArrayNode fields = n.putArray("fields");
        ((StructType) t).fields().forEach(f -> fields.add(field(f.name(), f.type(), true)));
        return n;
    }

    private static String sparkName(String name) {
        return PLAIN_NAME.matcher(name).matches() ? name : '`' + name.replace("`", "``") + '`';
    }
}
