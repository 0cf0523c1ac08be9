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
                          Map<String, String> tableOptions, boolean parsed) {

    public record DuckSql(String sql, List<String> parameters) {
    }

    public static Translation command(Command c) {
        return new Translation(c instanceof Command.Use ? StatementKind.USE : StatementKind.COMMAND, c, List.of(), Map.of(), true);
    }

    public boolean returnsRows() {
        return kind == StatementKind.QUERY || kind == StatementKind.COMMAND || kind == StatementKind.OTHER;
    }
}
