package dev.minilake.engines.spark;

import java.util.List;

/** A Spark result: its columns, then rows as the API's strings, streamed; close to stop reading early. */
public interface SparkResult extends AutoCloseable {
    /**
     * A column as Spark names and types it: {@code typeName} is the API's ColumnInfoTypeName (LONG,
     * ARRAY, ...), {@code typeText} Spark's type (bigint, array&lt;int&gt;); precision and scale for decimals.
     */
    record Column(String name, String typeName, String typeText, Integer precision, Integer scale) {
    }

    List<Column> columns();

    /** The next row, or null at the end; throws when Spark failed while producing the rows. */
    String[] next() throws SparkSqlException;

    @Override
    void close();
}
