package dev.minilake.catalog;

import java.util.List;

/**
 * Where {@code tables.get} finds a table's primary and foreign key constraints (kept by the
 * TableConstraintsAPI, which itself needs this service: hence an interface looked up lazily).
 */
public interface TableConstraintSource {
    /** The constraints of the table with that full name and id, in the SDK's TableConstraint shape. */
    List<?> constraintsOf(String fullName, String tableId);
}
