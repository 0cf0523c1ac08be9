package dev.minilake.engines.types;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.engines.types.DataType.ArrayType;
import dev.minilake.engines.types.DataType.Decimal;
import dev.minilake.engines.types.DataType.MapType;
import dev.minilake.engines.types.DataType.Primitive;
import dev.minilake.engines.types.DataType.StructType;
import dev.minilake.engines.duckdb.DuckDbEngine;

import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Databricks types to DuckDB and back, pure and stateless. Parse either dialect into a
 * {@link DataType}, then render it as Spark DDL (type_text), the SDK's ColumnTypeName, Spark's JSON
 * (type_json) or DuckDB DDL. VARIANT is stored as DuckDB JSON: the closest type DuckDB ships with.
 */
public final class TypeMapping {
    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private TypeMapping() {
    }

    /** Parses Databricks/Spark DDL such as {@code decimal(10,2)} or {@code struct<a:int>}. */
    public static DataType parseSpark(String typeText) {
        return SparkTypeParser.parse(typeText);
    }

    /** Parses a type as DuckDB reports it, such as {@code MAP(VARCHAR, INTEGER)}. */
    public static DataType parseDuckDb(String duckDbType) {
        return DuckDbTypeParser.parse(duckDbType);
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
        if (t instanceof Primitive p) return p.kind().name();
        if (t instanceof Decimal) return "DECIMAL";
        if (t instanceof ArrayType) return "ARRAY";
        if (t instanceof MapType) return "MAP";
        return "STRUCT";
    }

    /** DuckDB DDL for a column of this type; struct field names are always quoted. */
    public static String toDuckDb(DataType t) {
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
                case TIMESTAMP -> "TIMESTAMP WITH TIME ZONE";
                case TIMESTAMP_NTZ -> "TIMESTAMP";
                case VARIANT -> "JSON";
            };
        }
        if (t instanceof Decimal d) return "DECIMAL(" + d.precision() + "," + d.scale() + ")";
        if (t instanceof ArrayType a) return toDuckDb(a.element()) + "[]";
        if (t instanceof MapType m) return "MAP(" + toDuckDb(m.key()) + ", " + toDuckDb(m.value()) + ")";
        return ((StructType) t).fields().stream()
                .map(f -> DuckDbEngine.quoteIdent(f.name()) + " " + toDuckDb(f.type()))
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
