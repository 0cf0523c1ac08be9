package dev.minilake.engines.statements;

import dev.minilake.core.error.ApiException;
import dev.minilake.engines.sqltranslate.Command;

import java.sql.SQLException;

/**
 * CREATE/DROP CATALOG and SCHEMA statements go through Unity Catalog ({@link CatalogDirectory}), so
 * SQL and the API share one source of truth (the DuckDB file and the UC record are made together).
 * A UC refusal becomes a FAILED statement with the same message.
 */
final class CatalogDdl {
    private final CatalogDirectory catalogs;

    CatalogDdl(CatalogDirectory catalogs) {
        this.catalogs = catalogs;
    }

    void run(SqlContext ctx, Command cmd) throws SQLException {
        try {
            if (cmd instanceof Command.CreateCatalog cc) {
                if (cc.ifNotExists() && catalogs.catalogExists(cc.name())) return;
                catalogs.createCatalog(cc.name(), cc.comment());
            } else if (cmd instanceof Command.DropCatalog dc) {
                if (dc.ifExists() && !catalogs.catalogExists(dc.name())) return;
                catalogs.dropCatalog(dc.name(), dc.cascade());
            } else if (cmd instanceof Command.CreateSchema cs) {
                String catalog = cs.catalog() != null ? cs.catalog() : ctx.catalog();
                if (cs.ifNotExists() && catalogs.schemaExists(catalog, cs.schema())) return;
                catalogs.createSchema(catalog, cs.schema(), cs.comment());
            } else if (cmd instanceof Command.DropSchema ds) {
                String catalog = ds.catalog() != null ? ds.catalog() : ctx.catalog();
                if (ds.ifExists() && !catalogs.schemaExists(catalog, ds.schema())) return;
                catalogs.dropSchema(catalog, ds.schema(), ds.cascade());
            }
        } catch (ApiException e) {
            throw new SQLException("[" + e.code().name() + "] " + e.getMessage(), e);
        }
    }
}
