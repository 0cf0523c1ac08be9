package dev.minilake.catalog;

import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;
import java.util.Map;

/** Wire shapes of tables, with the field names of the SDK's TableInfo / ColumnInfo. */
public final class TableDtos {
    private TableDtos() {
    }

    public record ColumnInfo(String name, String type_text, String type_name, String type_json, Integer type_precision,
                             Integer type_scale, String type_interval_type, Integer position, Boolean nullable,
                             String comment, Integer partition_index) {
    }

    public record TableInfo(String name, String catalog_name, String schema_name, String full_name, String table_type,
                            String data_source_format, List<ColumnInfo> columns, String storage_location,
                            String view_definition, String comment, Map<String, String> properties, String owner,
                            String table_id, String metastore_id, Boolean browse_only,
                            Long created_at, String created_by, Long updated_at, String updated_by,
                            List<?> table_constraints) {
        public TableInfo(String name, String catalog_name, String schema_name, String full_name, String table_type,
                         String data_source_format, List<ColumnInfo> columns, String storage_location,
                         String view_definition, String comment, Map<String, String> properties, String owner,
                         String table_id, String metastore_id, Boolean browse_only,
                         Long created_at, String created_by, Long updated_at, String updated_by) {
            this(name, catalog_name, schema_name, full_name, table_type, data_source_format, columns, storage_location, view_definition,
                    comment, properties, owner, table_id, metastore_id, browse_only, created_at, created_by, updated_at, updated_by, null);
        }

        /** The same table with its (stored, unenforced) constraints; none gives no field. */
        TableInfo withConstraints(List<?> constraints) {
            return new TableInfo(name, catalog_name, schema_name, full_name, table_type, data_source_format, columns, storage_location,
                    view_definition, comment, properties, owner, table_id, metastore_id, browse_only, created_at, created_by, updated_at,
                    updated_by, constraints == null || constraints.isEmpty() ? null : List.copyOf(constraints));
        }
    }

    public record CreateTable(String name, String catalog_name, String schema_name, String table_type,
                              String data_source_format, List<ColumnInfo> columns, String storage_location,
                              Map<String, String> properties, String comment, String view_definition) implements Validated {
        public CreateTable(String name, String catalog_name, String schema_name, String table_type, String data_source_format,
                           List<ColumnInfo> columns, String storage_location, Map<String, String> properties, String comment) {
            this(name, catalog_name, schema_name, table_type, data_source_format, columns, storage_location, properties, comment, null);
        }

        @Override
        public void validate() {
            if (name == null || name.isBlank()) throw ApiException.missingField("name");
            if (catalog_name == null || catalog_name.isBlank()) throw ApiException.missingField("catalog_name");
            if (schema_name == null || schema_name.isBlank()) throw ApiException.missingField("schema_name");
        }
    }

    public record UpdateTable(String owner) {
    }

    public record ListTablesResponse(List<TableInfo> tables, String next_page_token) {
    }

    public record TableSummary(String full_name, String table_type) {
    }

    public record ListTableSummariesResponse(List<TableSummary> tables, String next_page_token) {
    }

    public record TableExistsResponse(boolean table_exists) {
    }

    /**
     * What the store keeps beside the physical table: a stable id and what DuckDB cannot hold. The
     * declared columns are kept only for their comments; types always come from the physical table.
     */
    public record TableMeta(String full_name, String table_id, String comment, String owner, Map<String, String> properties,
                            Long created_at, Long updated_at, String data_source_format, String storage_location,
                            List<ColumnInfo> declared_columns, String table_type, Boolean managed_delta,
                            String view_definition) implements UcStore.Keyed {
        public TableMeta(String full_name, String table_id, String comment, String owner, Map<String, String> properties,
                         Long created_at, Long updated_at, String data_source_format, String storage_location,
                         List<ColumnInfo> declared_columns, String table_type, Boolean managed_delta) {
            this(full_name, table_id, comment, owner, properties, created_at, updated_at, data_source_format, storage_location,
                    declared_columns, table_type, managed_delta, null);
        }

        public TableMeta(String full_name, String table_id, String comment, String owner, Map<String, String> properties,
                         Long created_at, Long updated_at, String data_source_format, String storage_location,
                         List<ColumnInfo> declared_columns, String table_type) {
            this(full_name, table_id, comment, owner, properties, created_at, updated_at, data_source_format, storage_location,
                    declared_columns, table_type, null);
        }

        @Override
        public String key() {
            return full_name;
        }

        TableMeta withOwner(String newOwner, long now) {
            return new TableMeta(full_name, table_id, comment, newOwner, properties, created_at, now, data_source_format,
                    storage_location, declared_columns, table_type, managed_delta, view_definition);
        }

        TableMeta withComment(String newComment, long now) {
            return new TableMeta(full_name, table_id, newComment, owner, properties, created_at, now, data_source_format,
                    storage_location, declared_columns, table_type, managed_delta, view_definition);
        }

        TableMeta withProperties(Map<String, String> newProperties, long now) {
            return new TableMeta(full_name, table_id, comment, owner, newProperties, created_at, now, data_source_format,
                    storage_location, declared_columns, table_type, managed_delta, view_definition);
        }

        TableMeta renamed(String newFullName, long now) {
            return new TableMeta(newFullName, table_id, comment, owner, properties, created_at, now, data_source_format,
                    storage_location, declared_columns, table_type, managed_delta, view_definition);
        }

        /** A view whose Spark SQL text Unity Catalog keeps (DuckDB may hold a translation of it). */
        public boolean sparkView() {
            return "VIEW".equals(table_type) && view_definition != null;
        }

        /** The same record with the view's Spark SQL text and columns. */
        TableMeta asView(String definition, List<ColumnInfo> columns, Map<String, String> props, String newComment, long now) {
            return new TableMeta(full_name, table_id, newComment, owner, props, created_at, now, null, null, columns, "VIEW", null, definition);
        }

        /** An EXTERNAL Delta table: its files and log are the table, DuckDB holds nothing. */
        public boolean external() {
            return "EXTERNAL".equals(table_type);
        }

        /** A MANAGED table whose data is a Delta table in the lake's managed area (DuckDB holds only a view of it). */
        public boolean managedDelta() {
            return Boolean.TRUE.equals(managed_delta) && "MANAGED".equals(table_type) && storage_location != null;
        }

        /** Either kind of table whose files and log are the table. */
        public boolean delta() {
            return external() && !fileFormat() || managedDelta();
        }

        /** A table of one of Spark's file formats (PARQUET, CSV, JSON, ORC, TEXT): Spark reads and writes it. */
        public boolean fileFormat() {
            return data_source_format != null && dev.minilake.engines.sqltranslate.DeltaStatements.FILE_FORMATS.contains(data_source_format)
                    && ("MANAGED".equals(table_type) || "EXTERNAL".equals(table_type));
        }

        /** A view only Spark reads, or a file-format table: the records DuckDB has no object for. */
        public boolean sparkOnly() {
            return sparkView() || fileFormat();
        }
    }
}
