package dev.minilake.engines.sqltranslate;

import java.util.List;

/** A Databricks metadata or session statement that runs as MiniLake logic, not as one DuckDB statement. */
public sealed interface Command {
    /**
     * A volume command of the SQL connector's staging ingestion: {@code PUT 'local' INTO '/Volumes/...' [OVERWRITE]},
     * {@code GET '/Volumes/...' TO 'local'}, {@code REMOVE '/Volumes/...'}. The client moves the bytes itself, through
     * the URL the answer names; {@code localFile} is null for REMOVE.
     */
    /**
     * Databricks' metadata listings, as the SQL connectors send them for {@code cursor.tables()} and
     * {@code cursor.columns()}: {@code SHOW TABLES IN {CATALOG c | ALL CATALOGS} [SCHEMA LIKE p] [LIKE p]},
     * {@code SHOW COLUMNS IN CATALOG c [SCHEMA LIKE p] [TABLE LIKE p] [LIKE p]} and
     * {@code SHOW SCHEMAS IN ALL CATALOGS [LIKE p]}. A null catalog is every catalog; a null pattern matches all.
     */
    record ShowTablesInCatalog(String catalog, String schemaLike, String tableLike) implements Command {
    }

    record ShowColumnsInCatalog(String catalog, String schemaLike, String tableLike, String columnLike) implements Command {
    }

    record ShowSchemasInAllCatalogs(String schemaLike) implements Command {
    }

    record VolumeCommand(String operation, String localFile, String volumePath, boolean overwrite) implements Command {
    }

    record ShowCatalogs() implements Command {
    }

    /** {@code SHOW SCHEMAS [IN catalog]}; catalog null means the current one. */
    record ShowSchemas(String catalog) implements Command {
    }

    /** {@code SHOW TABLES [IN [catalog.]schema]}. */
    record ShowTables(String catalog, String schema) implements Command {
    }

    /** {@code DESCRIBE [TABLE] [EXTENDED] name}; name has 1 to 3 parts. */
    record Describe(List<String> name, boolean extended) implements Command {
    }

    record ShowCreateTable(List<String> name) implements Command {
    }

    /** {@code USE CATALOG c}, {@code USE SCHEMA s}, {@code USE c.s} or {@code USE s}; null parts stay as they are. */
    record Use(String catalog, String schema) implements Command {
    }

    /** {@code CREATE SCHEMA|DATABASE [IF NOT EXISTS] [catalog.]schema [COMMENT '...']}. */
    record CreateSchema(String catalog, String schema, boolean ifNotExists, String comment) implements Command {
    }

    /** {@code DROP SCHEMA|DATABASE [IF EXISTS] [catalog.]schema [CASCADE|RESTRICT]}. */
    record DropSchema(String catalog, String schema, boolean ifExists, boolean cascade) implements Command {
    }

    /** {@code CREATE CATALOG [IF NOT EXISTS] name [COMMENT '...']}. */
    record CreateCatalog(String name, boolean ifNotExists, String comment) implements Command {
    }

    /** {@code DROP CATALOG [IF EXISTS] name [CASCADE|RESTRICT]}. */
    record DropCatalog(String name, boolean ifExists, boolean cascade) implements Command {
    }

    /**
     * {@code SET key = value} (value non-null), {@code SET key} (show one) or {@code SET} (show all):
     * a Spark SQL configuration of the statement's session, never an engine setting.
     */
    record SetConf(String key, String value) implements Command {
    }

    /** {@code RESET key} or {@code RESET} (all): back to the session's defaults. */
    record ResetConf(String key) implements Command {
    }
}
