package dev.minilake.spark;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

import java.nio.file.Files;
import java.nio.file.Path;

/** Runs Spark SQL statements once in a local Spark and prints their rows (what {@code spark-submit} would). */
final class SqlOnceMain {
    private SqlOnceMain() {
    }

    static void main(String[] args) throws Exception {
        RunnerArgs a = RunnerArgs.parse(args);
        Path dir = Files.createTempDirectory("minilake-spark-sql");
        SparkSession spark = Sessions.builder(a.get("master", "local[2]"), a.get("uri", System.getenv("MINILAKE_URL")),
                System.getenv("DATABRICKS_TOKEN"), dir).getOrCreate();
        try {
            for (String sql : a.positional()) {
                for (Row r : spark.sql(sql).collectAsList()) System.out.println(r.mkString("\t"));
            }
        } finally {
            spark.stop();
        }
    }
}
