package dev.minilake.sql;

import dev.minilake.core.mcp.Arg;

import java.util.List;

/** The argument records of the SQL MCP tools (statements, warehouses, query history). */
public final class SqlToolArgs {
    private SqlToolArgs() {
    }

    public record Param(@Arg("Parameter name, referenced as :name in the statement") String name,
                        @Arg(value = "Value as text; omit for NULL", required = false) String value,
                        @Arg(value = "Databricks type of the value (default STRING), e.g. BIGINT, DECIMAL(10,2), DATE", required = false) String type) {
    }

    public record RunSql(@Arg("One Databricks SQL statement (it is translated to DuckDB; see minilake://sql-dialect)") String statement,
                         @Arg(value = "Warehouse id (any id works; default minilake)", required = false) String warehouse_id,
                         @Arg(value = "Default catalog for unqualified names", required = false) String catalog,
                         @Arg(value = "Default schema for unqualified names", required = false) String schema,
                         @Arg(value = "Most rows to return (default 100, at most 1000); 'truncated' says when there were more",
                                 required = false) Integer max_rows,
                         @Arg(value = "Named parameters bound to :name markers", required = false) List<Param> parameters) {
    }

    public record StatementId(@Arg("Statement id returned by run_sql") String statement_id) {
    }

    public record Sql(@Arg("One Databricks SQL statement") String statement) {
    }

    public record TableName(@Arg("Delta table full name: catalog.schema.table") String full_name) {
    }

    public record TableVersion(@Arg("Delta table full name: catalog.schema.table") String full_name,
                               @Arg("Table version to read (see table_history)") Long version,
                               @Arg(value = "Most rows to return (default 100, at most 1000)", required = false) Integer max_rows) {
    }

    public record EnsureWarehouse(@Arg("Warehouse name; an existing warehouse of that name is reused and started") String name,
                                  @Arg(value = "Size label (default 2X-Small); no compute is allocated", required = false) String cluster_size) {
    }

    public record WarehouseId(@Arg("Warehouse id") String id) {
    }

    public record History(@Arg(value = "Only these statuses: QUEUED, RUNNING, FINISHED, FAILED, CANCELED", required = false) List<String> statuses,
                          @Arg(value = "Only these warehouse ids", required = false) List<String> warehouse_ids,
                          @Arg(value = "Most entries (default 20, at most 1000), newest first", required = false) Integer max_results) {
    }
}
