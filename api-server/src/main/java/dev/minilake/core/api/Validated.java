package dev.minilake.core.api;

/** A request body that checks itself after decoding; throw ApiException.invalid naming the field. */
public interface Validated {
    void validate();
}
