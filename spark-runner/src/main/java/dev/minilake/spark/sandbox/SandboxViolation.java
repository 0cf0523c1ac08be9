package dev.minilake.spark.sandbox;

import org.apache.spark.SparkThrowable;

import java.util.Map;

/**
 * A statement the SQL sandbox refuses, as a Spark error with a class of its own, so the Statement
 * Execution API answers {@code state=FAILED} with {@code [INSUFFICIENT_PERMISSIONS]} or
 * {@code [PATH_NOT_ALLOWED]} just as the DuckDB route does.
 */
public final class SandboxViolation extends RuntimeException implements SparkThrowable {
    public static final String INSUFFICIENT_PERMISSIONS = "INSUFFICIENT_PERMISSIONS";
    public static final String PATH_NOT_ALLOWED = "PATH_NOT_ALLOWED";

    private final String condition;

    SandboxViolation(String condition, String message) {
        super("[" + condition + "] " + message, null, false, false); // no stack: it is a user's error
        this.condition = condition;
    }

    static SandboxViolation permission(String message) {
        return new SandboxViolation(INSUFFICIENT_PERMISSIONS, message);
    }

    static SandboxViolation path(String message) {
        return new SandboxViolation(PATH_NOT_ALLOWED, message);
    }

    @Override
    @SuppressWarnings("deprecation")
    public String getErrorClass() {
        return condition;
    }

    @Override
    public String getCondition() {
        return condition;
    }

    @Override
    public String getSqlState() {
        return "42501"; // insufficient privilege
    }

    @Override
    public Map<String, String> getMessageParameters() {
        return Map.of();
    }

    @Override
    public boolean isInternalError() {
        return false;
    }
}
