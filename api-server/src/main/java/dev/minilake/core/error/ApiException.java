package dev.minilake.core.error;

/** An error a client should see, in Databricks shape: {"error_code": ..., "message": ...}. */
public class ApiException extends RuntimeException {
    private final ErrorCode code;

    public ApiException(ErrorCode code, String message) {
        super(message);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }

    public static ApiException invalid(String message) {
        return new ApiException(ErrorCode.INVALID_PARAMETER_VALUE, message);
    }

    public static ApiException missingField(String field) {
        return invalid("Missing required field: " + field);
    }

    public static ApiException notFound(String what) {
        return new ApiException(ErrorCode.RESOURCE_DOES_NOT_EXIST, what + " does not exist.");
    }

    public static ApiException alreadyExists(String what) {
        return new ApiException(ErrorCode.RESOURCE_ALREADY_EXISTS, what + " already exists.");
    }

    public static ApiException notImplemented(String what) {
        return new ApiException(ErrorCode.NOT_IMPLEMENTED, what + " is not implemented by MiniLake.");
    }
}
