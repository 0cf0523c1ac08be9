package dev.minilake.catalog;

import dev.minilake.core.mcp.Arg;

import java.util.List;

/** The argument records of the Unity Catalog MCP tools; each component's text is what an agent reads. */
public final class UcToolArgs {
    private UcToolArgs() {
    }

    public record CreateCatalog(@Arg("Catalog name, e.g. sales; it becomes its own DuckDB database") String name,
                                @Arg(value = "Free-text comment", required = false) String comment) {
    }

    public record CatalogName(@Arg("Catalog name") String name) {
    }

    public record DeleteCatalog(@Arg("Catalog name") String name,
                                @Arg(value = "Also delete its schemas, tables and volumes (default false)", required = false) Boolean force) {
    }

    public record CreateSchema(@Arg("Catalog that holds the schema") String catalog_name,
                               @Arg("Schema name") String name,
                               @Arg(value = "Free-text comment", required = false) String comment) {
    }

    public record InCatalog(@Arg("Catalog name") String catalog_name) {
    }

    public record SchemaName(@Arg("Schema full name: catalog.schema") String full_name) {
    }

    public record DeleteSchema(@Arg("Schema full name: catalog.schema") String full_name,
                               @Arg(value = "Also delete its tables and volumes (default false)", required = false) Boolean force) {
    }

    public record Column(@Arg("Column name") String name,
                         @Arg("Databricks type, e.g. BIGINT, STRING, DECIMAL(10,2), DATE, ARRAY<STRING>") String type,
                         @Arg(value = "Column comment", required = false) String comment) {
    }

    public record CreateTable(@Arg("Catalog name") String catalog_name,
                              @Arg("Schema name") String schema_name,
                              @Arg("Table name") String name,
                              @Arg("Columns in order") List<Column> columns,
                              @Arg(value = "MANAGED (default, a Delta table in MiniLake's managed storage) or EXTERNAL (a Delta directory at storage_location)",
                                      required = false) String table_type,
                              @Arg(value = "Directory of an EXTERNAL Delta table", required = false) String storage_location,
                              @Arg(value = "Table comment", required = false) String comment) {
    }

    public record InSchema(@Arg("Catalog name") String catalog_name, @Arg("Schema name") String schema_name) {
    }

    public record TableName(@Arg("Table full name: catalog.schema.table") String full_name) {
    }

    public record CreateVolume(@Arg("Catalog name") String catalog_name,
                               @Arg("Schema name") String schema_name,
                               @Arg("Volume name; its files live at /Volumes/catalog/schema/volume") String name,
                               @Arg(value = "MANAGED (default) or EXTERNAL", required = false) String volume_type,
                               @Arg(value = "Directory of an EXTERNAL volume", required = false) String storage_location,
                               @Arg(value = "Volume comment", required = false) String comment) {
    }

    public record VolumeName(@Arg("Volume full name: catalog.schema.volume") String full_name) {
    }

    public record Parameter(@Arg("Parameter name") String name, @Arg("Databricks type, e.g. BIGINT") String type) {
    }

    public record CreateFunction(@Arg("Catalog name") String catalog_name,
                                 @Arg("Schema name") String schema_name,
                                 @Arg("Function name") String name,
                                 @Arg(value = "Input parameters in order", required = false) List<Parameter> parameters,
                                 @Arg("Return type, e.g. DOUBLE") String return_type,
                                 @Arg("SQL expression of the body, e.g. x * 2; it becomes a DuckDB macro") String definition,
                                 @Arg(value = "Function comment", required = false) String comment) {
    }

    public record FunctionName(@Arg("Function full name: catalog.schema.function") String full_name) {
    }

    public record CatalogTree(@Arg(value = "Only this catalog (default: all)", required = false) String catalog) {
    }
}
