package dev.minilake.sql.queries;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;

import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Helpers shared by the saved-query and alert stores: timestamps, update masks and paging. */
public final class SqlObjects {
    private SqlObjects() {
    }

    /** RFC 3339 timestamps, as the SQL object APIs send create_time/update_time. */
    public static String now() {
        return Instant.ofEpochMilli(System.currentTimeMillis()).toString();
    }

    /**
     * The fields an update_mask names ("display_name,query_text" or "*" for all updatable fields).
     * An empty or unknown field is INVALID_PARAMETER_VALUE, as on Databricks.
     */
    public static Set<String> mask(String updateMask, Set<String> updatable) {
        if (updateMask == null || updateMask.isBlank()) throw ApiException.missingField("update_mask");
        Set<String> fields = new LinkedHashSet<>();
        for (String f : updateMask.split(",")) {
            String name = f.trim();
            if (name.equals("*")) {
                fields.addAll(updatable);
                continue;
            }
            if (!updatable.contains(name)) {
                throw ApiException.invalid("update_mask names '" + name + "', which cannot be updated; updatable fields: " + updatable);
            }
            fields.add(name);
        }
        return fields;
    }

    /** Copies the masked fields from {@code patch} into {@code target}; a masked field absent from the patch is cleared. */
    public static void applyMask(ObjectNode target, JsonNode patch, Set<String> fields) {
        for (String f : fields) {
            JsonNode v = patch == null ? null : patch.get(f);
            if (v == null || v.isNull()) target.remove(f);
            else target.set(f, v.deepCopy());
        }
    }

    /** Copies the allowed fields present in {@code source}. */
    public static void copy(ObjectNode target, JsonNode source, Set<String> allowed) {
        if (source == null) return;
        source.fields().forEachRemaining(e -> {
            if (allowed.contains(e.getKey()) && !e.getValue().isNull()) target.set(e.getKey(), e.getValue().deepCopy());
        });
    }

    public record Page<T>(List<T> items, String nextPageToken) {
    }

    /** Offset paging with an opaque-enough token (the offset), page_size capped at {@code max}. */
    public static <T> Page<T> page(List<T> all, Long pageSize, String pageToken, int defaultSize, int max) {
        int size = pageSize == null || pageSize <= 0 ? defaultSize : (int) Math.min(pageSize, max);
        dev.minilake.core.api.Paging.Window<T> w = dev.minilake.core.api.Paging.window(all, dev.minilake.core.api.Paging.offset(pageToken), size);
        return new Page<>(w.items(), w.nextPageToken());
    }

    public static String text(JsonNode n, String field) {
        JsonNode v = n == null ? null : n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
