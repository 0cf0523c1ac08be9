package dev.minilake.engines.statements;

/**
 * The Unity Catalog operations CREATE/DROP CATALOG and SCHEMA statements run through, so SQL and
 * the REST API share one source of truth. The catalog API group provides it; a refusal is an
 * {@link dev.minilake.core.error.ApiException}.
 */
public interface CatalogDirectory {
    boolean catalogExists(String name);

    void createCatalog(String name, String comment);

    void dropCatalog(String name, boolean cascade);

    boolean schemaExists(String catalog, String schema);

    void createSchema(String catalog, String schema, String comment);

    void dropSchema(String catalog, String schema, boolean cascade);
}
