package dev.minilake.core.store;

import java.util.List;
import java.util.Optional;

/**
 * Records of one kind, keyed by id, optionally grouped under a parent key (a schema under its
 * catalog, a secret under its scope). Listing returns records in insertion order.
 */
public interface Collection<T> {

    /** Inserts a new record; false (and nothing written) if the id exists. */
    boolean insert(String id, String parent, T value);

    default boolean insert(String id, T value) {
        return insert(id, null, value);
    }

    /** Inserts or replaces, keeping the original position in listing order. */
    void put(String id, String parent, T value);

    default void put(String id, T value) {
        put(id, null, value);
    }

    Optional<T> get(String id);

    List<T> list();

    List<T> listByParent(String parent);

    /** Records whose id starts with {@code prefix}. */
    List<T> listByIdPrefix(String prefix);

    boolean delete(String id);

    int deleteByParent(String parent);

    long count();
}
