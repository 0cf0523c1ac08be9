package dev.minilake.security;

import java.util.List;

/**
 * The statements that try to leave the SQL sandbox, in one table that every engine's sandbox test
 * runs: each must come back FAILED, change nothing outside the lake, and (on the route of the
 * engine that understands it) name the rule it broke. {@code OUTSIDE} stands for a path outside the
 * data dir and every storage root, which the test then checks is still absent. A null error class
 * means the engine refuses the probe on its own terms, before the sandbox.
 */
final class SandboxProbes {
    enum Engine { DUCKDB, SPARK }

    record Probe(String sql, Engine engine, String errorClass) {
        String with(String outside) {
            return sql.replace("OUTSIDE", outside);
        }

        @Override
        public String toString() {
            return engine + ": " + sql;
        }
    }

    private static final String PERMISSION = "INSUFFICIENT_PERMISSIONS";
    private static final String PATH = "PATH_NOT_ALLOWED";

    static final List<Probe> ALL = List.of(
            // DuckDB's ways out: file functions, COPY, ATTACH, extensions
            new Probe("SELECT content FROM read_text('/etc/passwd')", Engine.DUCKDB, PATH),
            new Probe("SELECT * FROM read_csv('/etc/passwd')", Engine.DUCKDB, PATH),
            new Probe("SELECT * FROM read_blob('/etc/passwd')", Engine.DUCKDB, PATH),
            new Probe("SELECT * FROM glob('/root/*')", Engine.DUCKDB, PATH),
            new Probe("SELECT * FROM read_json('/proc/self/environ')", Engine.DUCKDB, PATH),
            new Probe("COPY (SELECT 1 AS a) TO 'OUTSIDE.csv'", Engine.DUCKDB, PATH),
            new Probe("ATTACH 'OUTSIDE.db' AS x", Engine.DUCKDB, PERMISSION),
            new Probe("INSTALL httpfs", Engine.DUCKDB, PERMISSION),
            // Spark's ways out: the shell, Java, jars, files and directories outside the lake, shared state
            new Probe("SELECT TRANSFORM(1) USING 'sh -c \"touch OUTSIDE.marker\"' AS (o STRING)", Engine.SPARK, PERMISSION),
            new Probe("SELECT TRANSFORM(a) USING 'cat' AS (o STRING) FROM VALUES (1) AS t(a)", Engine.SPARK, PERMISSION),
            new Probe("SELECT reflect('java.lang.System', 'getenv', 'DATABRICKS_TOKEN')", Engine.SPARK, PERMISSION),
            new Probe("SELECT reflect('java.lang.System', 'getProperty', 'user.home')", Engine.SPARK, PERMISSION),
            new Probe("SELECT java_method('java.lang.System', 'setProperty', 'minilake.probe', 'x')", Engine.SPARK, PERMISSION),
            new Probe("SELECT try_reflect('java.lang.System', 'getenv', 'MINILAKE_SPARK_SECRET')", Engine.SPARK, PERMISSION),
            new Probe("SELECT reflect('java.lang.System', 'exit', 0)", Engine.SPARK, PERMISSION),
            new Probe("SELECT * FROM (SELECT reflect('java.lang.System', 'getenv', 'PATH') AS v) WHERE v IS NOT NULL", Engine.SPARK, PERMISSION),
            new Probe("EXECUTE IMMEDIATE \"SELECT reflect('java.lang.System', 'getenv', 'PATH')\"", Engine.SPARK, PERMISSION),
            new Probe("ADD JAR 'OUTSIDE.jar'", Engine.SPARK, PERMISSION),
            new Probe("ADD FILE '/etc/passwd'", Engine.SPARK, PERMISSION),
            new Probe("ADD ARCHIVE 'OUTSIDE.zip'", Engine.SPARK, PERMISSION),
            new Probe("CREATE TEMPORARY FUNCTION probe_f AS 'org.apache.spark.sql.probe.F' USING JAR 'OUTSIDE.jar'", Engine.SPARK, PERMISSION),
            new Probe("SELECT * FROM text.`/etc/passwd`", Engine.SPARK, PATH),
            // direct file queries are checked as they are parsed: Spark reads the files while it analyses
            new Probe("SELECT * FROM json.`file:/proc/self/environ`", Engine.SPARK, PATH),
            new Probe("SELECT * FROM parquet.`/etc`", Engine.SPARK, PATH),
            new Probe("SELECT * FROM delta.`/etc`", Engine.SPARK, PATH),
            new Probe("WITH x AS (SELECT * FROM orc.`/etc`) SELECT * FROM x", Engine.SPARK, PATH),
            new Probe("SELECT 1 WHERE 1 IN (SELECT 1 FROM csv.`/etc/passwd`)", Engine.SPARK, PATH),
            new Probe("CREATE TEMPORARY VIEW probe_v USING csv OPTIONS (path '/etc/passwd')", Engine.SPARK, PATH),
            new Probe("INSERT OVERWRITE DIRECTORY 'OUTSIDE' USING parquet SELECT 1 AS a", Engine.SPARK, PATH),
            new Probe("CREATE TABLE main.default.probe_escape (id INT) USING DELTA LOCATION 'OUTSIDE'", Engine.SPARK, PATH),
            new Probe("CREATE TABLE main.default.probe_ctas USING DELTA LOCATION 'file:OUTSIDE' AS SELECT 1 AS id", Engine.SPARK, PATH),
            new Probe("CREATE TABLE spark_catalog.default.probe_shared (id INT) USING DELTA", Engine.SPARK, PERMISSION),
            new Probe("CREATE GLOBAL TEMPORARY VIEW probe_g AS SELECT 1 AS a", Engine.SPARK, PERMISSION),
            new Probe("SET spark.hadoop.fs.defaultFS = file:///tmp", Engine.SPARK, PERMISSION),
            new Probe("SET spark.sql.warehouse.dir = OUTSIDE", Engine.SPARK, PERMISSION),
            new Probe("SET spark.sql.catalog.evil = org.apache.spark.sql.delta.catalog.DeltaCatalog", Engine.SPARK, PERMISSION),
            new Probe("SET spark.minilake.token = x", Engine.SPARK, PERMISSION));

    private SandboxProbes() {
    }
}
