package dev.minilake.core.store;

/** The store failed; this is a server fault, never the client's. */
public class StoreException extends RuntimeException {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
