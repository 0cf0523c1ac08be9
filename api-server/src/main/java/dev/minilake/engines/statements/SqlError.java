package dev.minilake.engines.statements;

/**
 * A failed statement's error as Databricks reports it: an error code (BAD_REQUEST for SQL errors),
 * a message led by the Spark error class ("[TABLE_OR_VIEW_NOT_FOUND] ..."), and its SQLSTATE when known.
 */
public record SqlError(String errorCode, String message, String sqlState) {
}
