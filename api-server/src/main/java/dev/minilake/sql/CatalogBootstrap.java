package dev.minilake.sql;

import dev.minilake.engines.duckdb.DuckDbEngine;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Makes sure catalog {@code main} with schema {@code default} exists, so statements have their
 * default context before Unity Catalog exists. Replaced by the UC group's reset when it lands.
 */
final class CatalogBootstrap {
    private final DuckDbEngine duckdb;
    private volatile boolean done;

    CatalogBootstrap(DuckDbEngine duckdb) {
        this.duckdb = duckdb;
    }

    /** Idempotent and cheap after the first call. */
    void ensure() throws SQLException {
        if (done) return;
        synchronized (this) {
            if (done) return;
            duckdb.attachCatalog("main");
            try (Connection c = duckdb.connect(); Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA IF NOT EXISTS " + DuckDbEngine.quoteIdent(DuckDbEngine.databaseOf("main")) + ".\"default\"");
            }
            done = true;
        }
    }

    /** A clean engine plus main.default again. Replaced by the UC group's reset when it lands. */
    void reset() throws SQLException {
        synchronized (this) {
            done = false;
            duckdb.reset();
            ensure();
        }
    }
}
