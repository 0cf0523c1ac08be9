package dev.minilake.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.mcp.Arg;

import java.util.List;

/** The argument records of the composite MCP tools. */
public final class FixtureArgs {
    private FixtureArgs() {
    }

    public record SetupFixture(@Arg("Catalog to have (created when missing)") String catalog,
                               @Arg(value = "Schema to have in it (default: default)", required = false) String schema,
                               @Arg(value = "Warehouse name to have RUNNING (default: minilake)", required = false) String warehouse) {
    }

    public record Column(@Arg("Column name") String name,
                         @Arg("Databricks scalar type: STRING, BIGINT, INT, DOUBLE, DECIMAL(p,s), BOOLEAN, DATE, TIMESTAMP") String type) {
    }

    public record SeedTable(@Arg("Table full name: catalog.schema.table (the schema must exist: see setup_fixture)") String full_name,
                            @Arg("Columns in order") List<Column> columns,
                            @Arg("Rows, each a JSON array of values in column order (null allowed); the table ends up holding exactly these")
                            List<List<JsonNode>> rows) {
    }

}
