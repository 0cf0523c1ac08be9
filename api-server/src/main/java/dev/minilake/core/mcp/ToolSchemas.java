package dev.minilake.core.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;

/**
 * Generates a tool's JSON input schema from its argument record: one property per component, its
 * {@link Arg} text as the description, required unless marked optional, nothing else allowed.
 */
public final class ToolSchemas {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private ToolSchemas() {
    }

    public static ObjectNode of(Class<? extends Record> type) {
        ObjectNode schema = F.objectNode().put("type", "object");
        ObjectNode props = schema.putObject("properties");
        ArrayNode required = F.arrayNode();
        for (RecordComponent c : type.getRecordComponents()) {
            ObjectNode p = typeSchema(c.getGenericType());
            Arg arg = c.getAnnotation(Arg.class);
            if (arg == null) throw new IllegalStateException(type.getName() + "." + c.getName() + " has no @Arg description");
            p.put("description", arg.value());
            props.set(c.getName(), p);
            if (arg.required()) required.add(c.getName());
        }
        if (!required.isEmpty()) schema.set("required", required);
        schema.put("additionalProperties", false);
        return schema;
    }

    /** The names of the required components, for binding checks. */
    public static List<String> required(Class<? extends Record> type) {
        return java.util.Arrays.stream(type.getRecordComponents())
                .filter(c -> c.getAnnotation(Arg.class) != null && c.getAnnotation(Arg.class).required())
                .map(RecordComponent::getName).toList();
    }

    @SuppressWarnings("unchecked")
    static ObjectNode typeSchema(Type t) {
        if (t instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            if (List.class.isAssignableFrom(raw)) {
                ObjectNode n = F.objectNode().put("type", "array");
                n.set("items", typeSchema(p.getActualTypeArguments()[0]));
                return n;
            }
            if (Map.class.isAssignableFrom(raw)) {
                ObjectNode n = F.objectNode().put("type", "object");
                n.set("additionalProperties", typeSchema(p.getActualTypeArguments()[1]));
                return n;
            }
            return typeSchema(raw);
        }
        Class<?> c = (Class<?>) t;
        if (c == String.class) return F.objectNode().put("type", "string");
        if (c == Integer.class || c == int.class || c == Long.class || c == long.class) return F.objectNode().put("type", "integer");
        if (c == Boolean.class || c == boolean.class) return F.objectNode().put("type", "boolean");
        if (c == Double.class || c == double.class) return F.objectNode().put("type", "number");
        if (c.isEnum()) {
            ObjectNode n = F.objectNode().put("type", "string");
            ArrayNode values = n.putArray("enum");
            for (Object v : c.getEnumConstants()) values.add(v.toString());
            return n;
        }
        if (c.isRecord()) {
            ObjectNode n = of((Class<? extends Record>) c);
            n.remove("additionalProperties");
            return n;
        }
        if (ObjectNode.class.isAssignableFrom(c)) return F.objectNode().put("type", "object");
        if (JsonNode.class.isAssignableFrom(c) || c == Object.class) return F.objectNode(); // any JSON value
        throw new IllegalStateException("no JSON schema for argument type " + c.getName());
    }
}
