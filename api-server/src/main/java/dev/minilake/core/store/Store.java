package dev.minilake.core.store;

import java.util.function.Supplier;

/**
 * The one durable home of control-plane state. Every API group keeps its records in typed
 * {@link Collection}s of this store; nothing else persists metadata. A write returns only after it
 * is committed, so an acknowledged write survives a crash of the process.
 */
public interface Store extends AutoCloseable {

    /** A typed collection of records of one kind, stored as JSON. */
    <T> Collection<T> collection(String kind, Class<T> type);

    /** Runs {@code work} in one transaction: all its writes commit together or not at all. Nested calls join. */
    <R> R inTransaction(Supplier<R> work);

    default void inTransaction(Runnable work) {
        inTransaction(() -> {
            work.run();
            return null;
        });
    }

    /** The next value of a named, durable, monotonically increasing sequence (starting at 1). */
    long nextId(String sequence);

    /** Removes every record and sequence: a clean workspace. */
    void clear();

    /** True when the store answers a trivial query. */
    boolean ping();

    /** Number of records over all kinds (for diagnostics and tests). */
    long size();

    @Override
    void close();
}
