package dev.minilake.sql;

/** The current catalog and schema a statement resolves unqualified names in. */
record SqlContext(String catalog, String schema) {
    static final SqlContext DEFAULT = new SqlContext("main", "default");

    SqlContext with(String newCatalog, String newSchema) {
        if (newCatalog != null && newSchema == null) return new SqlContext(newCatalog, "default");
        return new SqlContext(newCatalog != null ? newCatalog : catalog, newSchema != null ? newSchema : schema);
    }
}
