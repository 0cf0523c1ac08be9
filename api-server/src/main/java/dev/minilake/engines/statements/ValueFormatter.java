package dev.minilake.engines.statements;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.JsonNode;
import org.duckdb.DuckDBStruct;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * JDBC values as Databricks JSON_ARRAY strings: decimals keep their scale ("459.90"), timestamps
 * are ISO-8601 UTC, arrays, maps and structs are JSON text.
 */
final class ValueFormatter {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ValueFormatter() {
    }

    static String format(Object v) throws SQLException {
        if (v == null) return null;
        if (v instanceof BigDecimal d) return d.toPlainString();
        if (v instanceof Timestamp t) return TS.format(t.toLocalDateTime());
        if (v instanceof LocalDateTime t) return TS.format(t);
        if (v instanceof OffsetDateTime t) return TS.format(t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime());
        if (v instanceof byte[] b) return java.util.Base64.getEncoder().encodeToString(b);
        // DuckDB's JDBC driver hands BLOBs over as java.sql.Blob, not byte[]
        if (v instanceof java.sql.Blob b) return java.util.Base64.getEncoder().encodeToString(b.getBytes(1, (int) b.length()));
        if (v instanceof Array || v instanceof Map || v instanceof DuckDBStruct) return json(v).toString();
        return v.toString();
    }

    private static JsonNode json(Object v) throws SQLException {
        if (v == null) return NODES.nullNode();
        if (v instanceof Array a) {
            ArrayNode arr = NODES.arrayNode();
            for (Object e : (Object[]) a.getArray()) arr.add(json(e));
            return arr;
        }
        if (v instanceof DuckDBStruct s) return object(s.getMap(), true);
        if (v instanceof Map<?, ?> m) return object(m, false);
        // a decimal inside an array or struct is a JSON number with its scale, as Spark writes it ([1.0,2.50])
        if (v instanceof BigDecimal d) return NODES.rawValueNode(new com.fasterxml.jackson.databind.util.RawValue(d.toPlainString()));
        if (v instanceof Number n) return JSON.valueToTree(n);
        if (v instanceof Boolean b) return NODES.booleanNode(b);
        return NODES.textNode(format(v));
    }

    /** A struct's JSON leaves out its NULL fields, as Spark writes structs ({"v":6}); a map keeps NULL values. */
    private static ObjectNode object(Map<?, ?> m, boolean struct) throws SQLException {
        ObjectNode o = NODES.objectNode();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (struct && e.getValue() == null) continue;
            o.set(String.valueOf(e.getKey()), json(e.getValue()));
        }
        return o;
    }
}
