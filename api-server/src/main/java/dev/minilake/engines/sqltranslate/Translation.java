package dev.minilake.engines.sqltranslate;

import java.util.List;
import java.util.Map;

/**
 * The DuckDB form of one Databricks statement: either a command for MiniLake to run, or DuckDB
 * statements to run in order in one transaction, each with the names of its {@code ?} parameters in
 * order. {@code tableOptions} keeps what was stripped from DDL (USING, COMMENT, PARTITIONED BY,
 * CLUSTER BY, TBLPROPERTIES) so Unity Catalog can record it.
 */
public record Translation(StatementKind kind, Command command, List<DuckSql> statements,
                          Map<String, String> tableOptions, boolean parsed, List<InformationSchemaRef> informationSchema) {

    public Translation(StatementKind kind, Command command, List<DuckSql> statements, Map<String, String> tableOptions, boolean parsed) {
        this(kind, command, statements, tableOptions, parsed, List.of());
    }

    /**
     * A view of Unity Catalog's information_schema the statement reads, as the temporary table the
     * runner fills before it runs: {@code catalog} null for the current catalog, "system" for all.
     */
    public record InformationSchemaRef(String catalog, String view, int index) {
        public String tempTable() {
            return "minilake_information_schema_" + index;
        }
    }

    public record DuckSql(String sql, List<String> parameters) {
    }

    public static Translation command(Command c) {
        StatementKind kind = c instanceof Command.Use ? StatementKind.USE
                : c instanceof Command.CreateSchema || c instanceof Command.DropSchema || c instanceof Command.CreateCatalog
                || c instanceof Command.DropCatalog ? StatementKind.DDL : StatementKind.COMMAND;
        return new Translation(kind, c, List.of(), Map.of(), true);
    }

    public boolean returnsRows() {
        return kind == StatementKind.QUERY || kind == StatementKind.COMMAND || kind == StatementKind.OTHER;
    }
}
