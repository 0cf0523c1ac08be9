package dev.minilake.engines.statements;

import dev.minilake.engines.delta.DeltaTables;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What Delta statements need from Unity Catalog's table records: which names are Delta tables and
 * where their files are, the records to create, rename, comment and drop, and the hooks that keep
 * DuckDB's view of a MANAGED table at its log's latest version. The catalog API group provides it,
 * so the engine never reaches into that group; a refusal is an {@link dev.minilake.core.error.ApiException}.
 * Full names are {@code catalog.schema.table}.
 */
public interface TableCatalog {

    /** A Delta table: its full name, its directory, and whether it is MANAGED (DuckDB keeps a view of it). */
    record DeltaTable(String fullName, Path location, boolean managed) {
    }

    /** A column as a CREATE TABLE or ADD COLUMNS declares it; {@code typeText} is Spark DDL. */
    record Column(String name, String typeText, boolean nullable, String comment) {
    }

    /** A table or view as the connector's metadata statements list it; {@code columns} empty unless asked for. */
    record Listed(String catalog, String schema, String name, String tableType, String comment, List<ListedColumn> columns) {
    }

    /** A listed column: its Spark type text and, for decimals, precision and scale; {@code position} counts from 0. */
    record ListedColumn(String name, String typeText, String typeName, Integer precision, Integer scale, boolean nullable,
                        String comment, int position) {
    }

    /**
     * One view of Unity Catalog's information_schema, as rows: column names, their DuckDB types (a
     * TIMESTAMP value is epoch milliseconds) and the rows in column order.
     */
    record InformationSchemaView(List<String> columns, List<String> duckTypes, List<List<Object>> rows) {
    }

    /**
     * A view ({@code tables}, {@code columns}, ...) of a catalog's information_schema, or of every
     * catalog's for {@code system}; empty for a catalog or view that does not exist.
     */
    Optional<InformationSchemaView> informationSchema(String catalog, String view);

    /** Every catalog's name, sorted. */
    List<String> catalogNames();

    /** The schema names of a catalog. */
    List<String> schemaNames(String catalog);

    /** The tables and views of every schema of {@code catalog} whose name {@code schemaMatches}, sorted by schema and name. */
    List<Listed> listTables(String catalog, java.util.function.Predicate<String> schemaMatches, boolean withColumns);

    /** The Delta table (MANAGED or EXTERNAL) of that name, if there is one (names are case-insensitive). */
    Optional<DeltaTable> deltaTable(String catalog, String schema, String name);

    /** Whether any table or view of that name exists. */
    boolean exists(String fullName);

    /** The table's comment, empty when it has none. */
    Optional<String> comment(String fullName);

    /** Creates a MANAGED Delta table at version 0; false when the name is taken and {@code ifNotExists}. */
    boolean createManaged(String catalog, String schema, String name, List<Column> columns, List<String> partitionedBy,
                          String comment, Map<String, String> properties, boolean ifNotExists);

    /** Registers (or creates, when the location holds no log) an EXTERNAL Delta table; false when taken and {@code ifNotExists}. */
    boolean createExternal(String catalog, String schema, String name, String location, List<Column> columns,
                           List<String> partitionedBy, String comment, Map<String, String> properties, boolean ifNotExists);

    /** Drops a table or view (a MANAGED table's files go with it). */
    void delete(String fullName);

    void rename(String fromFullName, String toFullName);

    /** Sets the table's comment. */
    void comment(String fullName, String comment);

    /** {@code delta.*} keys go to the Delta log, others to Unity Catalog. */
    void setProperties(String fullName, Map<String, String> set, List<String> unset);

    void addColumns(String fullName, List<Column> columns);

    void setColumnComment(String fullName, String column, String comment);

    /** Names of the EXTERNAL tables of a schema (DuckDB has no object for them). */
    List<String> externalTableNames(String catalog, String schema);

    /** DuckDB's view of a MANAGED table catches up with its log, if something else (Spark) committed. */
    void ensureFresh(String fullName);

    /** As {@link #ensureFresh} for every MANAGED table. */
    void ensureAllFresh();

    /** After the engine's own commit of {@code version} over {@code before}: the view shows it. */
    void committed(String fullName, DeltaTables.Snapshot before, long version, List<DeltaTables.NewFile> added,
                   List<DeltaTables.DataFile> removed);

    /** After DuckDB made a view from SQL: its Spark SQL text, and the catalog and schema its names resolve in. */
    void recordView(String fullName, String sparkQuery, String currentCatalog, String currentSchema);

    /** The simple names (lower-case) of what only Spark reads: views DuckDB has no translation of, and file-format tables. */
    java.util.Set<String> sparkOnlyViewNames();

    /** MANAGED, EXTERNAL or VIEW, when the name is a table or view. */
    Optional<String> tableType(String fullName);

    /** Rebuilds a MANAGED table's view from its latest snapshot. */
    void refresh(String fullName);
}
