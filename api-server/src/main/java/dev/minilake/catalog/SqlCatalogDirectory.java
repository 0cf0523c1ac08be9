package dev.minilake.catalog;

import dev.minilake.engines.statements.CatalogDirectory;
import org.springframework.stereotype.Component;

/** CREATE/DROP CATALOG and SCHEMA statements run through the same services as the REST API. */
@Component
class SqlCatalogDirectory implements CatalogDirectory {
    private final CatalogsService catalogs;
    private final SchemasService schemas;

    SqlCatalogDirectory(CatalogsService catalogs, SchemasService schemas) {
        this.catalogs = catalogs;
        this.schemas = schemas;
    }

    @Override
    public boolean catalogExists(String name) {
        return catalogs.exists(name);
    }

    @Override
    public void createCatalog(String name, String comment) {
        catalogs.create(name, comment, null);
    }

    @Override
    public void dropCatalog(String name, boolean cascade) {
        catalogs.delete(name, cascade);
    }

    @Override
    public boolean schemaExists(String catalog, String schema) {
        return schemas.exists(catalog, schema);
    }

    @Override
    public void createSchema(String catalog, String schema, String comment) {
        schemas.create(catalog, schema, comment, null);
    }

    @Override
    public void dropSchema(String catalog, String schema, boolean cascade) {
        schemas.delete(catalog + "." + schema, cascade);
    }
}
