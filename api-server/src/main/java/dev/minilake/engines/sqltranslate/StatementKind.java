package dev.minilake.engines.sqltranslate;

/** What a statement does, classified from its AST (or its leading tokens when it cannot be parsed). */
public enum StatementKind {
    QUERY, DML, DDL, USE, COMMAND, OTHER
}
