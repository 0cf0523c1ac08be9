package dev.minilake.engines.types;

/** A type string that is not valid in its dialect; the message says where and why. */
public class TypeParseException extends IllegalArgumentException {
    public TypeParseException(String message) {
        super(message);
    }
}
