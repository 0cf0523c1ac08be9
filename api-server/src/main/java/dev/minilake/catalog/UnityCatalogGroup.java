package dev.minilake.catalog;

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
import dev.minilake.catalog.Paging.Page;
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
import org.springframework.stereotype.Component;

import java.util.List;

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

    public UnityCatalogGroup(CatalogsService catalogs, SchemasService schemas, TablesService tables, VolumesService volumes,
                             FunctionsService functions, MetastoreService metastore) {
        this.catalogs = catalogs;
        this.schemas = schemas;
        this.tables = tables;
        this.volumes = volumes;
        this.functions = functions;
        this.metastore = metastore;
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
        return "catalogs are DuckDB database files, schemas/tables/views are read from DuckDB, functions are DuckDB macros, "
                + "managed volumes are directories; MANAGED tables are DuckDB tables (Spark cannot see them), EXTERNAL tables are "
                + "Delta directories read and committed through Delta Kernel; renames refused";
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
