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
            throw ApiException.invalid("Invalid value for field '" + field + "': " + firstLine(e));
        } catch (JsonProcessingException e) {
            throw ApiException.invalid("Invalid request: " + firstLine(e));
        }
        if (body instanceof Validated v) v.validate();
        return body;
    }

    static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
