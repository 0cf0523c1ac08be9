package dev.minilake.mcp;

import dev.minilake.core.mcp.McpFeatures;
import dev.minilake.core.mcp.McpFeatures.PromptArg;

import java.util.List;
import java.util.Map;

/** The four MCP prompts: ready-made openings for the common agent tasks, naming the tools to use. */
final class Prompts {
    private Prompts() {
    }

    static void declare(McpFeatures mcp) {
        mcp.prompt("explore_data", "Explore the data in the workspace (or one catalog) and summarise it.",
                List.of(new PromptArg("catalog", "Catalog to explore (default: all)", false)), Prompts::exploreData);
        mcp.prompt("run_spark_job", "Write and run a PySpark job for a goal, and report its real output.",
                List.of(new PromptArg("goal", "What the job should do", true)), a -> """
                        Goal: %s

                        1. Read minilake://pyspark-guide.
                        2. Write the PySpark script; print what should be reported.
                        3. Run it with run_python_script and read its stdout and result_state.
                        4. If it failed, read error and error_trace, fix the script and run it again.
                        """.formatted(a.get("goal")));
        mcp.prompt("diagnose_error", "Diagnose a failing statement or job run on MiniLake.",
                List.of(new PromptArg("error", "The error message or error_code seen", true),
                        new PromptArg("statement", "The SQL statement that failed, if any", false),
                        new PromptArg("run_id", "The failing job run id, if any", false)), Prompts::diagnose);
        mcp.prompt("seed_test_fixture", "Set up a catalog, schema, warehouse and a seeded table for a test.",
                List.of(new PromptArg("catalog", "Catalog name", true), new PromptArg("schema", "Schema name", true),
                        new PromptArg("table", "Table to seed, and what its rows should look like", false)), a -> """
                        Prepare a test fixture in %s.%s:
                        1. setup_fixture with catalog=%s, schema=%s (idempotent; note the warehouse_id).
                        2. seed_table with the columns and exact rows the test needs%s.
                        3. Check it with run_sql: SELECT count(*) and a few rows.
                        4. Clean up afterwards with delete_catalog (force=true) or reset_state.
                        """.formatted(a.get("catalog"), a.get("schema"), a.get("catalog"), a.get("schema"),
                        a.get("table") == null ? "" : " (" + a.get("table") + ")"));
    }

    private static String exploreData(Map<String, String> a) {
        String scope = a.get("catalog") == null ? "every catalog" : "catalog " + a.get("catalog");
        return """
                Explore %s on this MiniLake workspace:
                1. Call describe_catalog_tree%s to see schemas, tables, columns and volumes.
                2. Read minilake://sql-dialect before writing SQL.
                3. For interesting tables, run_sql a SELECT ... LIMIT 10 and aggregate counts.
                4. Summarise what data there is, its shape and anything odd (nulls, duplicates).
                """.formatted(scope, a.get("catalog") == null ? "" : " with catalog=" + a.get("catalog"));
    }

    private static String diagnose(Map<String, String> a) {
        StringBuilder b = new StringBuilder("Diagnose this MiniLake error: ").append(a.get("error")).append("\n\n");
        if (a.get("statement") != null) {
            b.append("Statement:\n```sql\n").append(a.get("statement")).append("\n```\n")
                    .append("- explain_sql it: does it run here, and how is it translated?\n")
                    .append("- Check the names with table_exists / describe_table, and minilake://sql-dialect for unsupported functions.\n");
        }
        if (a.get("run_id") != null) {
            b.append("- Read get_run_output with run_id=").append(a.get("run_id")).append(" for stdout, error and trace.\n");
        }
        b.append("- Error codes are Databricks': RESOURCE_DOES_NOT_EXIST (a name is wrong), INVALID_PARAMETER_VALUE "
                + "(an argument is wrong), RESOURCE_ALREADY_EXISTS, NOT_IMPLEMENTED (out of scope: see list_services).\n");
        return b.toString();
    }
}
