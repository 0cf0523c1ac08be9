package dev.minilake.engines.spark;

/**
 * A statement Spark refused or failed: Spark's error class, SQL state and message (which leads with
 * the class, as Databricks shows it). {@link #unavailable} is the failure when Spark cannot run at all.
 */
public class SparkSqlException extends Exception {
    public static final String UNAVAILABLE = "SPARK_UNAVAILABLE";

    private final String errorClass;
    private final String sqlState;

    public SparkSqlException(String errorClass, String sqlState, String message) {
        super(message);
        this.errorClass = errorClass;
        this.sqlState = sqlState;
    }

    /** Spark is needed but cannot start or answer: says why and how to fix it. */
    public static SparkSqlException unavailable(String why) {
        return new SparkSqlException(UNAVAILABLE, "08001", "[" + UNAVAILABLE + "] This statement needs Spark, but the warm Spark"
                + " is not available: " + why + ". To fix it, build the spark-runner (mvn -pl spark-runner -am package -DskipTests)"
                + " or set MINILAKE_SPARK_RUNNER to its spark-runner.jar, check MINILAKE_SPARK_MEMORY, and see GET /_minilake/spark"
                + " and <data dir>/spark/spark.log; or run the statement on a warehouse whose minilake.engine tag is duckdb.");
    }

    public String errorClass() {
        return errorClass;
    }

    public String sqlState() {
        return sqlState;
    }

    public boolean isUnavailable() {
        return UNAVAILABLE.equals(errorClass);
    }
}
