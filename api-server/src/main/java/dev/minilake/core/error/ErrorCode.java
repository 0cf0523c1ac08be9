package dev.minilake.core.error;

/**
 * The Databricks error codes MiniLake answers with, each with its HTTP status. These are the codes
 * the SDKs' error mappers know (com.databricks.sdk.core.error.platform in the Java SDK,
 * databricks.sdk.errors in Python), so clients raise their typed exceptions.
 */
public enum ErrorCode {
    INVALID_PARAMETER_VALUE(400),
    MALFORMED_REQUEST(400),
    BAD_REQUEST(400),
    INVALID_STATE(400),
    DIRECTORY_NOT_EMPTY(400),
    MAX_BLOCK_SIZE_EXCEEDED(400),
    MAX_NOTEBOOK_SIZE_EXCEEDED(400),
    UNAUTHENTICATED(401),
    PERMISSION_DENIED(403),
    RESOURCE_DOES_NOT_EXIST(404),
    ENDPOINT_NOT_FOUND(404),
    NOT_FOUND(404),
    RESOURCE_ALREADY_EXISTS(409),
    ALREADY_EXISTS(409),
    RESOURCE_CONFLICT(409),
    ABORTED(409),
    RESOURCE_EXHAUSTED(429),
    REQUEST_LIMIT_EXCEEDED(429),
    CANCELLED(499),
    INTERNAL_ERROR(500),
    NOT_IMPLEMENTED(501),
    TEMPORARILY_UNAVAILABLE(503),
    DEADLINE_EXCEEDED(504);

    private final int httpStatus;

    ErrorCode(int httpStatus) {
        this.httpStatus = httpStatus;
    }

    public int httpStatus() {
        return httpStatus;
    }
}
