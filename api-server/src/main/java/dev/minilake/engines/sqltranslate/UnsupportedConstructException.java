package dev.minilake.engines.sqltranslate;

/** A Databricks SQL construct with no DuckDB equivalent; the message names the construct. */
public class UnsupportedConstructException extends RuntimeException {
    public UnsupportedConstructException(String construct) {
        super("MiniLake cannot run " + construct + " on DuckDB: it has no DuckDB equivalent");
    }
}
