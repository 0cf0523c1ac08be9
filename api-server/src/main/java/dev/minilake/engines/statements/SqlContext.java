package dev.minilake.engines.statements;

/** The current catalog and schema a statement resolves unqualified names in. */
public record SqlContext(String catalog, String schema) {
    public static final SqlContext DEFAULT = new SqlContext("main", "default");

    /** This context with a new catalog (its schema then {@code default}) and/or schema; nulls keep what is there. */
    public SqlContext with(String newCatalog, String newSchema) {
        if (newCatalog != null && newSchema == null) return new SqlContext(newCatalog, "default");
        return new SqlContext(newCatalog != null ? newCatalog : catalog, newSchema != null ? newSchema : schema);
    }
}
