package dev.minilake.sql;

import dev.minilake.catalog.CatalogsService;
import dev.minilake.catalog.SchemasService;
import dev.minilake.core.error.ApiException;
import dev.minilake.engines.sqltranslate.Command;

import java.sql.SQLException;

/**
 * CREATE/DROP CATALOG and SCHEMA statements go through the Unity Catalog services, so SQL and the
 * API share one source of truth (the DuckDB file and the UC record are made together). A UC
 * refusal becomes a FAILED statement with the same message.
 */
final class CatalogDdl {
    private final CatalogsService catalogs;
    private final SchemasService schemas;

    CatalogDdl(CatalogsService catalogs, SchemasService schemas) {
        this.catalogs = catalogs;
        this.schemas = schemas;
    }

    void run(SqlContext ctx, Command cmd) throws SQLException {
        try {
            if (cmd instanceof Command.CreateCatalog cc) {
                if (cc.ifNotExists() && catalogs.exists(cc.name())) return;
                catalogs.create(cc.name(), cc.comment(), null);
            } else if (cmd instanceof Command.DropCatalog dc) {
                if (dc.ifExists() && !catalogs.exists(dc.name())) return;
                catalogs.delete(dc.name(), dc.cascade());
            } else if (cmd instanceof Command.CreateSchema cs) {
                String catalog = cs.catalog() != null ? cs.catalog() : ctx.catalog();
                if (cs.ifNotExists() && schemas.exists(catalog, cs.schema())) return;
                schemas.create(catalog, cs.schema(), cs.comment(), null);
            } else if (cmd instanceof Command.DropSchema ds) {
                String catalog = ds.catalog() != null ? ds.catalog() : ctx.catalog();
                if (ds.ifExists() && !schemas.exists(catalog, ds.schema())) return;
                schemas.delete(catalog + "." + ds.schema(), ds.cascade());
            }
        } catch (ApiException e) {
            throw new SQLException("[" + e.code().name() + "] " + e.getMessage(), e);
        }
    }
}
