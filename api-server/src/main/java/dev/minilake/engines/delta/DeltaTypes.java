package dev.minilake.engines.delta;

import dev.minilake.engines.types.DataType;
import dev.minilake.engines.types.DataType.Kind;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.BinaryType;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.ByteType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.FloatType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.MapType;
import io.delta.kernel.types.ShortType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampNTZType;
import io.delta.kernel.types.TimestampType;
import io.delta.kernel.types.VariantType;

import java.util.ArrayList;
import java.util.List;

/** Between Kernel's type tree and MiniLake's one type model (which renders Spark DDL and DuckDB types). */
final class DeltaTypes {
    private DeltaTypes() {
    }

    static DataType fromKernel(io.delta.kernel.types.DataType t) {
        if (t instanceof StringType) return DataType.of(Kind.STRING);
        if (t instanceof LongType) return DataType.of(Kind.LONG);
        if (t instanceof IntegerType) return DataType.of(Kind.INT);
        if (t instanceof ShortType) return DataType.of(Kind.SHORT);
        if (t instanceof ByteType) return DataType.of(Kind.BYTE);
        if (t instanceof DoubleType) return DataType.of(Kind.DOUBLE);
        if (t instanceof FloatType) return DataType.of(Kind.FLOAT);
        if (t instanceof BooleanType) return DataType.of(Kind.BOOLEAN);
        if (t instanceof BinaryType) return DataType.of(Kind.BINARY);
        if (t instanceof DateType) return DataType.of(Kind.DATE);
        if (t instanceof TimestampType) return DataType.of(Kind.TIMESTAMP);
        if (t instanceof TimestampNTZType) return DataType.of(Kind.TIMESTAMP_NTZ);
        if (t instanceof VariantType) return DataType.of(Kind.VARIANT);
        if (t instanceof DecimalType d) return new DataType.Decimal(d.getPrecision(), d.getScale());
        if (t instanceof ArrayType a) return new DataType.ArrayType(fromKernel(a.getElementType()));
        if (t instanceof MapType m) return new DataType.MapType(fromKernel(m.getKeyType()), fromKernel(m.getValueType()));
        if (t instanceof StructType s) {
            List<DataType.Field> fields = new ArrayList<>();
            for (StructField f : s.fields()) fields.add(new DataType.Field(f.getName(), fromKernel(f.getDataType())));
            return new DataType.StructType(fields);
        }
        throw new DeltaTables.DeltaException("Delta type " + t + " is not supported by MiniLake");
    }

    static io.delta.kernel.types.DataType toKernel(DataType t) {
        if (t instanceof DataType.Decimal d) return new DecimalType(d.precision(), d.scale());
        if (t instanceof DataType.ArrayType a) return new ArrayType(toKernel(a.element()), true);
        if (t instanceof DataType.MapType m) return new MapType(toKernel(m.key()), toKernel(m.value()), true);
        if (t instanceof DataType.StructType s) {
            StructType out = new StructType();
            for (DataType.Field f : s.fields()) out = out.add(f.name(), toKernel(f.type()), true);
            return out;
        }
        Kind k = ((DataType.Primitive) t).kind();
        return switch (k) {
            case STRING -> StringType.STRING;
            case LONG -> LongType.LONG;
            case INT -> IntegerType.INTEGER;
            case SHORT -> ShortType.SHORT;
            case BYTE -> ByteType.BYTE;
            case DOUBLE -> DoubleType.DOUBLE;
            case FLOAT -> FloatType.FLOAT;
            case BOOLEAN -> BooleanType.BOOLEAN;
            case BINARY -> BinaryType.BINARY;
            case DATE -> DateType.DATE;
            case TIMESTAMP -> TimestampType.TIMESTAMP;
            case TIMESTAMP_NTZ -> TimestampNTZType.TIMESTAMP_NTZ;
            case VARIANT -> VariantType.VARIANT;
            // only statements and results have these; the parsers never give them to a column
            case INTERVAL, VOID -> throw new DeltaTables.DeltaException("a Delta column cannot be of type " + k.name().toLowerCase(java.util.Locale.ROOT));
        };
    }

    static StructType schema(List<DeltaTables.Column> columns) {
        StructType s = new StructType();
        for (DeltaTables.Column c : columns) {
            io.delta.kernel.types.FieldMetadata meta = c.comment() == null ? io.delta.kernel.types.FieldMetadata.empty()
                    : new io.delta.kernel.types.FieldMetadata.Builder().putString("comment", c.comment()).build();
            s = s.add(new StructField(c.name(), toKernel(c.type()), c.nullable(), meta));
        }
        return s;
    }

    static List<DeltaTables.Column> columns(StructType s) {
        List<DeltaTables.Column> out = new ArrayList<>();
        for (StructField f : s.fields()) {
            Object comment = f.getMetadata() == null ? null : f.getMetadata().get("comment");
            out.add(new DeltaTables.Column(f.getName(), fromKernel(f.getDataType()), f.isNullable(), comment == null ? null : comment.toString()));
        }
        return out;
    }
}
