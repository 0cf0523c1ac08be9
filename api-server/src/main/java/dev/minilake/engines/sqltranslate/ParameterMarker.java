package dev.minilake.engines.sqltranslate;

/**
 * The name a translated statement gives each parameter marker it binds: a named marker keeps its
 * name ({@code :p} is "p"); a positional {@code ?} is named by its ordinal in the source text
 * ("?1", "?2", ...), which the parser assigns, so a marker the translation repeats binds the same value.
 */
public final class ParameterMarker {
    private static final String POSITIONAL = "?";

    private ParameterMarker() {
    }

    public static String positional(int ordinal) {
        return POSITIONAL + ordinal;
    }

    /** The 1-based ordinal of a positional marker's name, or -1 for a named one. */
    public static int ordinal(String marker) {
        return marker != null && marker.startsWith(POSITIONAL) ? Integer.parseInt(marker.substring(1)) : -1;
    }
}
