package dev.minilake.sql;

import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.sqltranslate.Command;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * CREATE/DROP CATALOG and SCHEMA statements, run directly on the engine. When the Unity Catalog
 * group lands, these should call its services instead, so the catalog metadata is recorded too.
 */
final class CatalogDdl {
    private CatalogDdl() {
    }

    static void run(DuckDbEngine duckdb, Connection c, SqlContext ctx, Command cmd) throws SQLException {
        if (cmd instanceof Command.CreateCatalog cc) {
            if (duckdb.attachedCatalogs().contains(cc.name())) {
                if (cc.ifNotExists()) return;
                throw new SQLException("[CATALOG_ALREADY_EXISTS] Catalog '" + cc.name() + "' already exists");
            }
            duckdb.attachCatalog(cc.name());
            exec(c, "CREATE SCHEMA IF NOT EXISTS " + schema(cc.name(), "default"));
        } else if (cmd instanceof Command.DropCatalog dc) {
            if (!duckdb.attachedCatalogs().contains(dc.name())) {
                if (dc.ifExists()) return;
                throw new SQLException("[NO_SUCH_CATALOG_EXCEPTION] Catalog '" + dc.name() + "' was not found");
            }
            duckdb.detachCatalog(dc.name(), true);
        } else if (cmd instanceof Command.CreateSchema cs) {
            exec(c, "CREATE SCHEMA " + (cs.ifNotExists() ? "IF NOT EXISTS " : "")
                    + schema(cs.catalog() != null ? cs.catalog() : ctx.catalog(), cs.schema()));
        } else if (cmd instanceof Command.DropSchema ds) {
            exec(c, "DROP SCHEMA " + (ds.ifExists() ? "IF EXISTS " : "")
                    + schema(ds.catalog() != null ? ds.catalog() : ctx.catalog(), ds.schema()) + (ds.cascade() ? " CASCADE" : ""));
        }
    }

    private static String schema(String catalog, String schema) {
        return DuckDbEngine.quoteIdent(DuckDbEngine.databaseOf(catalog)) + "." + DuckDbEngine.quoteIdent(schema);
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
