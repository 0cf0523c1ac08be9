package dev.minilake.engines.spark;

import java.util.List;
import java.util.Map;

/**
 * One statement for Spark with the session state it runs in: the MiniLake session (null = a fresh
 * Spark session for this statement alone), the current catalog and schema, the session's SET
 * configurations, named parameters, at most {@code maxRows} rows (0 = all), and the statement's id,
 * which names its Spark job group so {@link SparkSql#cancel} can stop it.
 */
public record SparkStatement(String sql, String session, String catalog, String schema, Map<String, String> conf,
                             List<Parameter> parameters, long maxRows, String statementId) {

    /** A named parameter ({@code :name}) with its SQL type (null = STRING) and value (null = NULL). */
    public record Parameter(String name, String type, String value) {
    }
}
