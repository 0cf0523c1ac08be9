package dev.minilake.engines.statements;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * A chunk as an Arrow IPC stream. Scalars get their Arrow types (int64, decimal128, date32,
 * timestamp[us, UTC], ...); arrays, maps and structs travel as their JSON text in utf8 columns.
 */
final class ArrowChunks {
    private static final BufferAllocator ROOT = new RootAllocator();

    private ArrowChunks() {
    }

    static byte[] render(List<ResultColumn> columns, List<List<String>> rows) throws Exception {
        List<Field> fields = new ArrayList<>();
        for (ResultColumn c : columns) fields.add(new Field(c.name(), FieldType.nullable(arrowType(c)), null));
        try (BufferAllocator alloc = ROOT.newChildAllocator("chunk", 0, Long.MAX_VALUE);
             VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), alloc)) {
            root.allocateNew();
            for (int col = 0; col < columns.size(); col++) {
                FieldVector v = root.getVector(col);
                for (int r = 0; r < rows.size(); r++) set(v, r, rows.get(r).get(col));
                v.setValueCount(rows.size());
            }
            root.setRowCount(rows.size());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (ArrowStreamWriter w = new ArrowStreamWriter(root, null, out)) {
                w.start();
                w.writeBatch();
                w.end();
            }
            return out.toByteArray();
        }
    }

    private static ArrowType arrowType(ResultColumn c) {
        return switch (c.type().typeName()) {
            case "LONG" -> new ArrowType.Int(64, true);
            case "INT" -> new ArrowType.Int(32, true);
            case "SHORT" -> new ArrowType.Int(16, true);
            case "BYTE" -> new ArrowType.Int(8, true);
            case "DOUBLE" -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case "FLOAT" -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case "BOOLEAN" -> ArrowType.Bool.INSTANCE;
            case "DECIMAL" -> new ArrowType.Decimal(c.type().precision(), c.type().scale(), 128);
            case "DATE" -> new ArrowType.Date(DateUnit.DAY);
            // TIMESTAMP_NTZ (type_name TIMESTAMP, type_text timestamp_ntz, as Spark reports it) has no zone
            case "TIMESTAMP" -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "timestamp_ntz".equals(c.type().typeText()) ? null : "UTC");
            default -> ArrowType.Utf8.INSTANCE;
        };
    }

    private static void set(FieldVector v, int i, String s) {
        if (s == null) {
            v.setNull(i);
            return;
        }
        if (v instanceof BigIntVector b) b.setSafe(i, Long.parseLong(s));
        else if (v instanceof IntVector b) b.setSafe(i, Integer.parseInt(s));
        else if (v instanceof SmallIntVector b) b.setSafe(i, Short.parseShort(s));
        else if (v instanceof TinyIntVector b) b.setSafe(i, Byte.parseByte(s));
        else if (v instanceof Float8Vector b) b.setSafe(i, Double.parseDouble(s));
        else if (v instanceof Float4Vector b) b.setSafe(i, Float.parseFloat(s));
        else if (v instanceof BitVector b) b.setSafe(i, Boolean.parseBoolean(s) ? 1 : 0);
        else if (v instanceof DecimalVector b) b.setSafe(i, new BigDecimal(s).setScale(b.getScale()));
        else if (v instanceof DateDayVector b) b.setSafe(i, (int) LocalDate.parse(s).toEpochDay());
        else if (v instanceof TimeStampMicroTZVector b) {
            LocalDateTime t = LocalDateTime.parse(s.endsWith("Z") ? s.substring(0, s.length() - 1) : s);
            b.setSafe(i, t.toEpochSecond(ZoneOffset.UTC) * 1_000_000 + t.getNano() / 1000);
        } else if (v instanceof TimeStampMicroVector b) {
            String local = s.replace(' ', 'T');
            LocalDateTime t = LocalDateTime.parse(local.endsWith("Z") ? local.substring(0, local.length() - 1) : local);
            b.setSafe(i, t.toEpochSecond(ZoneOffset.UTC) * 1_000_000 + t.getNano() / 1000);
        } else if (v instanceof VarCharVector b) b.setSafe(i, s.getBytes(StandardCharsets.UTF_8));
        else throw new IllegalStateException("no Arrow writer for " + v.getClass().getSimpleName());
    }
}
