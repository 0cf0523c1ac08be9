package dev.minilake.core.error;

/** The wire shape of every error. */
public record ErrorBody(String error_code, String message) {
}
