package dev.minilake.catalog;

import dev.minilake.core.api.Paging;
import dev.minilake.catalog.CatalogDtos.CreateCatalog;
import dev.minilake.catalog.CatalogDtos.CreateSchema;
import dev.minilake.catalog.CatalogDtos.ListCatalogsResponse;
import dev.minilake.catalog.CatalogDtos.ListQuery;
import dev.minilake.catalog.CatalogDtos.ListSchemasResponse;
import dev.minilake.catalog.CatalogDtos.UpdateCatalog;
import dev.minilake.catalog.CatalogDtos.UpdateSchema;
import dev.minilake.catalog.FunctionDtos.CreateFunctionRequest;
import dev.minilake.catalog.FunctionDtos.ListFunctionsResponse;
import dev.minilake.catalog.FunctionDtos.UpdateFunction;
import dev.minilake.core.api.Paging.Page;
import dev.minilake.catalog.TableDtos.CreateTable;
import dev.minilake.catalog.TableDtos.ListTableSummariesResponse;
import dev.minilake.catalog.TableDtos.ListTablesResponse;
import dev.minilake.catalog.TableDtos.TableExistsResponse;
import dev.minilake.catalog.TableDtos.UpdateTable;
import dev.minilake.catalog.VolumeDtos.CreateVolume;
import dev.minilake.catalog.VolumeDtos.ListVolumesResponse;
import dev.minilake.catalog.VolumeDtos.UpdateVolume;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.mcp.McpFeatures;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Unity Catalog API group: catalogs, schemas, tables, volumes, functions and the metastore.
 * Thin routes only; the logic lives in the services, which the SQL engine calls too.
 */
@Component
public class UnityCatalogGroup implements ApiGroup {
    private static final String UC = "/api/2.1/unity-catalog";

    private final CatalogsService catalogs;
    private final SchemasService schemas;
    private final TablesService tables;
    private final VolumesService volumes;
    private final FunctionsService functions;
    private final MetastoreService metastore;
    private final com.fasterxml.jackson.databind.ObjectMapper json;

    public UnityCatalogGroup(CatalogsService catalogs, SchemasService schemas, TablesService tables, VolumesService volumes,
                             FunctionsService functions, MetastoreService metastore,
                             com.fasterxml.jackson.databind.ObjectMapper json) {
        this.catalogs = catalogs;
        this.schemas = schemas;
        this.tables = tables;
        this.volumes = volumes;
        this.functions = functions;
        this.metastore = metastore;
        this.json = json;
    }

    @Override
    public String name() {
        return "unity-catalog";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "catalogs are DuckDB database files (views, and functions as DuckDB macros), "
                + "managed volumes are directories; every table is a Delta table read and committed through Delta Kernel "
                + "(MANAGED ones in the data dir's tables/ area, with a DuckDB view of their latest version; EXTERNAL ones at their "
                + "storage_location), which Spark reads and writes too; tables renamed only by SQL ALTER TABLE ... RENAME TO";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("CatalogsAPI", "SchemasAPI", "TablesAPI", "VolumesAPI", "FunctionsAPI", "MetastoresAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(UC + "/catalogs", CreateCatalog.class, (req, b) -> catalogs.create(b.name(), b.comment(), b.properties()));
        r.get(UC + "/catalogs", ListQuery.class, (req, q) -> {
            Page<CatalogDtos.CatalogInfo> p = Paging.page(catalogs.list(), CatalogDtos.CatalogInfo::name, q.max_results(), q.page_token());
            return new ListCatalogsResponse(p.items(), p.nextPageToken());
        });
        r.get(UC + "/catalogs/{name}", req -> catalogs.get(req.pathVar("name")));
        r.patch(UC + "/catalogs/{name}", UpdateCatalog.class, (req, b) -> catalogs.update(req.pathVar("name"), b));
        r.delete(UC + "/catalogs/{name}", req -> {
            catalogs.delete(req.pathVar("name"), force(req));
            return null;
        });

        r.post(UC + "/schemas", CreateSchema.class, (req, b) -> schemas.create(b.catalog_name(), b.name(), b.comment(), b.properties()));
        r.get(UC + "/schemas", ListQuery.class, (req, q) -> {
            Page<CatalogDtos.SchemaInfo> p = Paging.page(schemas.list(required(q.catalog_name())), CatalogDtos.SchemaInfo::name,
                    q.max_results(), q.page_token());
            return new ListSchemasResponse(p.items(), p.nextPageToken());
        });
        r.get(UC + "/schemas/{full_name}", req -> schemas.get(req.pathVar("full_name")));
        r.patch(UC + "/schemas/{full_name}", UpdateSchema.class, (req, b) -> schemas.update(req.pathVar("full_name"), b));
        r.delete(UC + "/schemas/{full_name}", req -> {
            schemas.delete(req.pathVar("full_name"), force(req));
            return null;
        });

        r.post(UC + "/tables", CreateTable.class, (req, b) -> tables.create(b));
        r.get(UC + "/tables", ListQuery.class, (req, q) -> {
            Page<TableDtos.TableInfo> p = Paging.page(tables.list(q.catalog_name(), q.schema_name(), Boolean.TRUE.equals(q.omit_columns())),
                    TableDtos.TableInfo::name, q.max_results(), q.page_token());
            return new ListTablesResponse(p.items(), p.nextPageToken());
        });
        r.get(UC + "/tables/{full_name}/exists", req -> new TableExistsResponse(tables.exists(req.pathVar("full_name"))));
        r.get(UC + "/tables/{full_name}", req -> tables.get(req.pathVar("full_name")));
        r.patch(UC + "/tables/{full_name}", UpdateTable.class, (req, b) -> tables.updateOwner(req.pathVar("full_name"), b.owner()));
        r.delete(UC + "/tables/{full_name}", req -> {
            tables.delete(req.pathVar("full_name"));
            return null;
        });
        r.get(UC + "/table-summaries", ListQuery.class, (req, q) -> {
            Page<TableDtos.TableSummary> p = Paging.page(tables.listSummaries(q.catalog_name(), q.schema_name_pattern(), q.table_name_pattern()),
                    TableDtos.TableSummary::full_name, q.max_results(), q.page_token());
            return new ListTableSummariesResponse(p.items(), p.nextPageToken());
        });

        r.post(UC + "/volumes", CreateVolume.class, (req, b) -> volumes.create(b));
        r.get(UC + "/volumes", ListQuery.class, (req, q) -> {
            Page<VolumeDtos.VolumeInfo> p = Paging.page(volumes.list(q.catalog_name(), q.schema_name()), VolumeDtos.VolumeInfo::name,
                    q.max_results(), q.page_token());
            return new ListVolumesResponse(p.items(), p.nextPageToken());
        });
        r.get(UC + "/volumes/{name}", req -> volumes.get(req.pathVar("name")));
        r.patch(UC + "/volumes/{name}", UpdateVolume.class, (req, b) -> volumes.update(req.pathVar("name"), b));
        r.delete(UC + "/volumes/{name}", req -> {
            volumes.delete(req.pathVar("name"));
            return null;
        });

        r.post(UC + "/functions", CreateFunctionRequest.class, (req, b) -> functions.create(b.function_info()));
        r.get(UC + "/functions", ListQuery.class, (req, q) -> {
            Page<FunctionDtos.FunctionInfo> p = Paging.page(functions.list(q.catalog_name(), q.schema_name()),
                    FunctionDtos.FunctionInfo::name, q.max_results(), q.page_token());
            return new ListFunctionsResponse(p.items(), p.nextPageToken());
        });
        r.get(UC + "/functions/{name}", req -> functions.get(req.pathVar("name")));
        r.patch(UC + "/functions/{name}", UpdateFunction.class, (req, b) -> functions.updateOwner(req.pathVar("name"), b.owner()));
        r.delete(UC + "/functions/{name}", req -> {
            functions.delete(req.pathVar("name"));
            return null;
        });

        r.get(UC + "/metastore_summary", req -> metastore.summary());
        r.get(UC + "/current-metastore-assignment", req -> metastore.currentAssignment());
        r.get(UC + "/metastores", ListQuery.class, (req, q) -> metastore.list(q.max_results(), q.page_token()));
        r.get(UC + "/metastores/{id}", req -> metastore.get(req.pathVar("id")));
    }

    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("describe_catalog_tree", "The whole hierarchy in one call: catalogs, their schemas, tables with columns and types, "
                + "and volumes.", UcToolArgs.CatalogTree.class, a -> {
            List<String> names = a.catalog() != null ? List.of(a.catalog())
                    : catalogs.list().stream().map(c -> c.name()).toList();
            List<Map<String, Object>> out = new ArrayList<>();
            for (String c : names) out.add(CatalogTree.of(catalogs, schemas, tables, volumes, c, true));
            return Map.of("catalogs", out);
        });
        mcp.tool("create_catalog", "Create a Unity Catalog catalog (a real DuckDB database file). Fails with RESOURCE_ALREADY_EXISTS "
                        + "if it exists; use setup_fixture for an idempotent catalog+schema+warehouse.",
                UcToolArgs.CreateCatalog.class, a -> catalogs.create(a.name(), a.comment(), null));
        mcp.tool("list_catalogs", "List all catalogs.", a -> Map.of("catalogs", catalogs.list()));
        mcp.tool("get_catalog", "Get one catalog by name.", UcToolArgs.CatalogName.class, a -> catalogs.get(a.name()));
        mcp.tool("delete_catalog", "Delete a catalog; force=true also deletes everything in it.", UcToolArgs.DeleteCatalog.class, a -> {
            catalogs.delete(a.name(), Boolean.TRUE.equals(a.force()));
            return Map.of("deleted", a.name());
        });
        mcp.tool("create_schema", "Create a schema in a catalog.", UcToolArgs.CreateSchema.class,
                a -> schemas.create(a.catalog_name(), a.name(), a.comment(), null));
        mcp.tool("list_schemas", "List the schemas of a catalog.", UcToolArgs.InCatalog.class,
                a -> Map.of("schemas", schemas.list(a.catalog_name())));
        mcp.tool("get_schema", "Get one schema by full name (catalog.schema).", UcToolArgs.SchemaName.class, a -> schemas.get(a.full_name()));
        mcp.tool("delete_schema", "Delete a schema; force=true also deletes its tables and volumes.", UcToolArgs.DeleteSchema.class, a -> {
            schemas.delete(a.full_name(), Boolean.TRUE.equals(a.force()));
            return Map.of("deleted", a.full_name());
        });
        mcp.tool("create_table", "Create an empty Delta table with typed columns: MANAGED (in MiniLake's managed storage) or EXTERNAL (at storage_location). "
                        + "To create a table holding rows, use seed_table.",
                UcToolArgs.CreateTable.class, a -> tables.create(new TableDtos.CreateTable(a.name(), a.catalog_name(), a.schema_name(),
                        a.table_type(), a.storage_location() == null ? null : "DELTA", columns(a.columns()), a.storage_location(), null, a.comment())));
        mcp.tool("list_tables", "List the tables and views of a schema (without columns).", UcToolArgs.InSchema.class,
                a -> Map.of("tables", tables.list(a.catalog_name(), a.schema_name(), true)));
        mcp.tool("get_table", "Get a table's full Unity Catalog record (columns, type, format, location).", UcToolArgs.TableName.class,
                a -> tables.get(a.full_name()));
        mcp.tool("describe_table", "Describe a table compactly: its columns (name, Databricks type, nullable, comment), type, format "
                + "and location. Use before writing SQL against it.", UcToolArgs.TableName.class, a -> describe(a.full_name()));
        mcp.tool("table_exists", "Whether a table exists (true/false, never an error for a missing table).", UcToolArgs.TableName.class,
                a -> new TableExistsResponse(tables.exists(a.full_name())));
        mcp.tool("delete_table", "Drop a table (its data too, for MANAGED tables).", UcToolArgs.TableName.class, a -> {
            tables.delete(a.full_name());
            return Map.of("deleted", a.full_name());
        });
        mcp.tool("create_volume", "Create a volume: a directory for files at /Volumes/catalog/schema/volume.", UcToolArgs.CreateVolume.class,
                a -> volumes.create(new VolumeDtos.CreateVolume(a.name(), a.catalog_name(), a.schema_name(),
                        a.volume_type() == null ? "MANAGED" : a.volume_type(), a.storage_location(), a.comment())));
        mcp.tool("list_volumes", "List the volumes of a schema.", UcToolArgs.InSchema.class,
                a -> Map.of("volumes", volumes.list(a.catalog_name(), a.schema_name())));
        mcp.tool("get_volume", "Get one volume by full name.", UcToolArgs.VolumeName.class, a -> volumes.get(a.full_name()));
        mcp.tool("delete_volume", "Delete a volume and its files.", UcToolArgs.VolumeName.class, a -> {
            volumes.delete(a.full_name());
            return Map.of("deleted", a.full_name());
        });
        mcp.tool("create_function", "Create a SQL function (a DuckDB macro) callable as catalog.schema.name(args) in SQL.",
                UcToolArgs.CreateFunction.class, a -> functions.create(functionInfo(a)));
        mcp.tool("list_functions", "List the functions of a schema.", UcToolArgs.InSchema.class,
                a -> Map.of("functions", functions.list(a.catalog_name(), a.schema_name())));
        mcp.tool("get_function", "Get one function by full name.", UcToolArgs.FunctionName.class, a -> functions.get(a.full_name()));
        mcp.tool("delete_function", "Delete a function.", UcToolArgs.FunctionName.class, a -> {
            functions.delete(a.full_name());
            return Map.of("deleted", a.full_name());
        });

        mcp.resource("minilake://catalogs", "catalogs", "Every catalog with its schemas.", "application/json",
                vars -> json.writeValueAsString(catalogs.list().stream().map(c -> Map.of("catalog", c.name(),
                        "schemas", schemas.list(c.name()).stream().map(CatalogDtos.SchemaInfo::name).toList())).toList()));
        mcp.resource("minilake://catalog/{catalog}", "catalog", "One catalog: its schemas, and their tables and volumes.",
                "application/json", vars -> json.writeValueAsString(CatalogTree.of(catalogs, schemas, tables, volumes, vars.get("catalog"), false)));
        mcp.resource("minilake://table/{full_name}", "table", "One table described: columns with Databricks types, type, format, location.",
                "application/json", vars -> json.writeValueAsString(describe(vars.get("full_name"))));
    }

    private Map<String, Object> describe(String fullName) {
        TableDtos.TableInfo t = tables.get(fullName);
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("full_name", t.full_name());
        m.put("table_type", t.table_type());
        m.put("data_source_format", t.data_source_format());
        m.put("storage_location", t.storage_location());
        m.put("columns", t.columns() == null ? List.of() : t.columns().stream().map(c -> {
            Map<String, Object> col = new java.util.LinkedHashMap<>();
            col.put("name", c.name());
            col.put("type", c.type_text());
            col.put("nullable", c.nullable());
            if (c.comment() != null) col.put("comment", c.comment());
            return col;
        }).toList());
        return m;
    }

    private static List<TableDtos.ColumnInfo> columns(List<UcToolArgs.Column> cols) {
        if (cols == null || cols.isEmpty()) throw ApiException.invalid("A table needs at least one column");
        List<TableDtos.ColumnInfo> out = new java.util.ArrayList<>();
        for (int i = 0; i < cols.size(); i++) {
            UcToolArgs.Column c = cols.get(i);
            if (c == null || c.name() == null || c.type() == null) throw ApiException.missingField("columns[" + i + "].name/type");
            out.add(new TableDtos.ColumnInfo(c.name(), c.type(), null, null, null, null, null, i, true, c.comment(), null));
        }
        return out;
    }

    private static FunctionDtos.FunctionInfo functionInfo(UcToolArgs.CreateFunction a) {
        List<UcToolArgs.Parameter> ps = a.parameters() == null ? List.of() : a.parameters();
        List<FunctionDtos.FunctionParameterInfo> params = new java.util.ArrayList<>();
        for (int i = 0; i < ps.size(); i++) {
            params.add(new FunctionDtos.FunctionParameterInfo(ps.get(i).name(), ps.get(i).type(), null, null, null, null, i,
                    null, null, null, null));
        }
        return new FunctionDtos.FunctionInfo(a.name(), a.catalog_name(), a.schema_name(), null,
                new FunctionDtos.FunctionParameterInfos(params), a.return_type(), a.return_type(), null, "SQL", a.definition(),
                "S", true, "CONTAINS_SQL", false, "DEFINER", a.name(), null, a.comment(), null, null,
                null, null, null, null, null, null, null, null);
    }

    /** A clean engine, then the workspace default: catalog {@code main} with schema {@code default}. */
    @Override
    public void reset() throws Exception {
        catalogs.resetToDefault();
    }

    private static boolean force(Request req) {
        return req.queryBool("force").orElse(false);
    }

    private static String required(String catalogName) {
        return Names.required(catalogName, "catalog_name");
    }
}
