package dev.minilake.engines.types;

import java.util.List;

/**
 * A column type as one small tree that both dialects parse into and render from, so Databricks
 * (Spark DDL) and DuckDB types convert through a single model instead of string rewriting.
 */
public sealed interface DataType {

    /**
     * The leaf types both engines share; names follow the SDK's ColumnTypeName, except VOID (Spark's
     * name, the SDK's NULL). INTERVAL and VOID occur in statements and results, never in a table.
     */
    enum Kind { STRING, LONG, INT, SHORT, BYTE, DOUBLE, FLOAT, BOOLEAN, BINARY, DATE, TIMESTAMP, TIMESTAMP_NTZ, VARIANT, INTERVAL, VOID }

    record Primitive(Kind kind) implements DataType {
    }

    record Decimal(int precision, int scale) implements DataType {
        public Decimal {
            if (precision < 1 || precision > 38) throw new TypeParseException("decimal precision must be 1..38, got " + precision);
            if (scale < 0 || scale > precision) throw new TypeParseException("decimal scale must be 0.." + precision + ", got " + scale);
        }
    }

    record ArrayType(DataType element) implements DataType {
    }

    record MapType(DataType key, DataType value) implements DataType {
    }

    record StructType(List<Field> fields) implements DataType {
        public StructType {
            fields = List.copyOf(fields);
        }
    }

    record Field(String name, DataType type) {
    }

    static DataType of(Kind kind) {
        return new Primitive(kind);
    }
}
