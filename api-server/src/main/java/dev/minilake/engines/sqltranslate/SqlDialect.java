package dev.minilake.engines.sqltranslate;

import dev.minilake.engines.types.TypeMapping;

import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What Databricks SQL runs here and how, rendered from the translator's own tables (function
 * renames, unsupported functions, file readers, type mapping), so the MCP sql-dialect resource
 * cannot drift from the code that translates.
 */
public final class SqlDialect {
    /** Spark functions the deparser rewrites into a different DuckDB construct (not a plain rename). */
    private static final String[] REWRITTEN = {"named_struct", "map", "date_format", "datediff", "collect_set"};

    private SqlDialect() {
    }

    public static String markdown() {
        StringBuilder b = new StringBuilder();
        b.append("# MiniLake SQL dialect\n\n")
                .append("Write Databricks (Spark) SQL: each statement is parsed (JSqlParser AST) and translated to DuckDB. ")
                .append("Names are three-part `catalog.schema.table`; backticks quote identifiers; named parameters are `:name`. ")
                .append("Delta tables support DESCRIBE HISTORY and time travel (`VERSION AS OF n`, `TIMESTAMP AS OF 'ts'`). ")
                .append("Use explain_sql to see how one statement will run before running it.\n\n");
        b.append("## Types (Databricks type -> DuckDB type)\n\n| Databricks | DuckDB |\n|---|---|\n");
        for (String spark : TypeMapping.statementScalarNames()) {
            b.append("| ").append(spark).append(" | ").append(TypeMapping.toDuckDbInStatement(TypeMapping.parseSparkInStatement(spark))).append(" |\n");
        }
        b.append("| DECIMAL(p,s) | DECIMAL(p,s) |\n| VARCHAR(n), CHAR(n) | VARCHAR |\n");
        b.append("| ARRAY<T> | T[] |\n| MAP<K,V> | MAP(K, V) |\n| STRUCT<a: T, ...> | STRUCT(a T, ...) |\n\n");
        b.append("## Functions renamed for DuckDB\n\n| Databricks | DuckDB |\n|---|---|\n");
        new TreeMap<>(SparkFunctionDeParser.RENAMES).forEach((spark, duck) -> b.append("| ").append(spark).append(" | ").append(duck).append(" |\n"));
        b.append("\n## Functions rewritten\n\n");
        for (String f : REWRITTEN) b.append("- `").append(f).append("`\n");
        b.append("\n## Functions that do not run here (the statement fails with a clear error)\n\n");
        new TreeSet<>(SparkFunctionDeParser.UNSUPPORTED).forEach(f -> b.append("- `").append(f).append("`\n"));
        b.append("\n## File readers (their path may be a /Volumes/... path)\n\n");
        new TreeSet<>(SparkFunctionDeParser.FILE_FUNCTIONS).forEach(f -> b.append("- `").append(f).append("`\n"));
        b.append("\nAny other function is passed to DuckDB by name: standard SQL functions (count, sum, coalesce, upper, ...) work.\n");
        return b.toString();
    }

    /** For tests: the translator's rename table. */
    public static Map<String, String> renames() {
        return Map.copyOf(SparkFunctionDeParser.RENAMES);
    }
}
