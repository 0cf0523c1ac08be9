package dev.minilake.engines.routing;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Locale;

/**
 * Which engine a warehouse runs statements on, set by its tag {@code minilake.engine} (the SDK's
 * {@code tags.custom_tags}, which every client can set): {@code duckdb}, {@code spark}, or the
 * default {@code auto} (DuckDB when it answers exactly, else Spark).
 */
public enum EngineMode {
    AUTO, DUCKDB, SPARK;

    public static final String TAG = "minilake.engine";

    /** The mode a warehouse's {@code tags} JSON ({"custom_tags":[{"key","value"}]}) sets; AUTO when untagged. */
    public static EngineMode fromTags(JsonNode tags) {
        if (tags == null) return AUTO;
        for (JsonNode t : tags.path("custom_tags")) {
            if (TAG.equals(t.path("key").asText())) return parse(t.path("value").asText(""));
        }
        return AUTO;
    }

    /** {@code duckdb}, {@code spark} or {@code auto}, any case; anything else is refused. */
    public static EngineMode parse(String value) {
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Tag " + TAG + " must be duckdb, spark or auto, got '" + value + "'");
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
