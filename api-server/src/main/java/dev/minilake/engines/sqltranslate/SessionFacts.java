package dev.minilake.engines.sqltranslate;

/**
 * Names of the values a translated statement takes from its session rather than from DuckDB:
 * the translator writes them as bound parameters ({@code current_catalog()} becomes {@code ?}),
 * and the runner binds the session's catalog and user, so no DuckDB internal name shows through.
 */
public final class SessionFacts {
    public static final String CURRENT_CATALOG = "__minilake.current_catalog";
    public static final String CURRENT_USER = "__minilake.current_user";

    private SessionFacts() {
    }

    public static boolean isFact(String parameterName) {
        return parameterName.startsWith("__minilake.");
    }
}
