package dev.minilake.core.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.minilake.core.error.ApiException;

import java.util.stream.Collectors;

/**
 * Binds a JSON object to a request type with Databricks-shaped errors: a wrongly typed field is
 * INVALID_PARAMETER_VALUE naming it, and a {@link Validated} type checks itself. Routes bind
 * request bodies with it, and the MCP tools bind their arguments with it.
 */
public final class JsonBinding {
    private JsonBinding() {
    }

    public static <B> B bind(ObjectMapper json, JsonNode tree, Class<B> type) {
        B body;
        try {
            body = json.treeToValue(tree, type);
        } catch (MismatchedInputException e) {
            String field = e.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining("."));
            throw ApiException.invalid("Invalid value for field '" + field + "': " + expected(e));
        } catch (JsonProcessingException e) {
            throw ApiException.invalid("Invalid request: " + firstLine(e));
        }
        if (body instanceof Validated v) v.validate();
        return body;
    }

    /** What the field should have held, in the client's terms rather than Jackson's Java types. */
    private static String expected(MismatchedInputException e) {
        Class<?> t = e.getTargetType();
        if (t == null) return firstLine(e);
        if (t.isEnum() && e instanceof com.fasterxml.jackson.databind.exc.InvalidFormatException f) {
            return "'" + f.getValue() + "' is not one of " + java.util.Arrays.toString(t.getEnumConstants());
        }
        if (CharSequence.class.isAssignableFrom(t) || t.isEnum()) return "expected a string";
        if (t == Boolean.class || t == boolean.class) return "expected a boolean";
        if (Number.class.isAssignableFrom(t) || (t.isPrimitive() && t != char.class)) return "expected a number";
        if (t.isArray() || java.util.Collection.class.isAssignableFrom(t)) return "expected an array";
        return "expected an object";
    }

    static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
