package dev.minilake.engines.spark;

/**
 * Spark SQL as a statement engine: runs one statement in a Spark session and streams back its
 * typed result. The exact engine beside DuckDB (the fast one); see {@code engines/routing}.
 */
public interface SparkSql {
    /** Runs {@code statement}, starting Spark first if it is cold; the caller closes the result. */
    SparkResult execute(SparkStatement statement) throws SparkSqlException;

    /** Stops the statement's Spark jobs (its job group), so a write it is doing never commits. */
    void cancel(String statementId);
}
