package dev.minilake.sql;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.mcp.McpFeatures;
import dev.minilake.core.web.ServerAddress;
import dev.minilake.sql.WarehouseDtos.CreateWarehouseResponse;
import dev.minilake.sql.WarehouseDtos.ListWarehousesResponse;
import dev.minilake.sql.WarehouseDtos.WarehouseSpec;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/** SQL warehouses, their legacy data sources and the workspace warehouse config. */
@Component
public class WarehousesGroup implements ApiGroup {
    private final WarehousesService service;
    private final ServerAddress address;

    public WarehousesGroup(WarehousesService service, ServerAddress address) {
        this.service = service;
        this.address = address;
    }

    @Override
    public String name() {
        return "sql-warehouses";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.STATE_MACHINE;
    }

    @Override
    public String note() {
        return "CRUD + STARTING→RUNNING / STOPPING→STOPPED, auto_stop_mins; statements run on DuckDB in any state";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("WarehousesAPI", "DataSourcesAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post("/api/2.0/sql/warehouses", WarehouseSpec.class, (req, b) -> new CreateWarehouseResponse(service.create(b, req.baseUrl())));
        r.get("/api/2.0/sql/warehouses", req -> new ListWarehousesResponse(service.list()));
        r.get("/api/2.0/sql/warehouses/{id}", req -> service.get(req.pathVar("id")));
        r.post("/api/2.0/sql/warehouses/{id}/edit", WarehouseSpec.class, (req, b) -> {
            service.edit(req.pathVar("id"), b);
            return Map.of();
        });
        r.delete("/api/2.0/sql/warehouses/{id}", req -> {
            service.delete(req.pathVar("id"));
            return Map.of();
        });
        r.post("/api/2.0/sql/warehouses/{id}/start", req -> {
            service.start(req.pathVar("id"));
            return Map.of();
        });
        r.post("/api/2.0/sql/warehouses/{id}/stop", req -> {
            service.stop(req.pathVar("id"));
            return Map.of();
        });
        r.get("/api/2.0/preview/sql/data_sources", req -> service.dataSources());
        r.get("/api/2.0/sql/config/warehouses", req -> service.config());
        r.put("/api/2.0/sql/config/warehouses", JsonNode.class, (req, b) -> {
            service.setConfig(b);
            return Map.of();
        });
    }

    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("ensure_warehouse", "Return a RUNNING warehouse of this name, creating or starting it if needed (idempotent). "
                        + "Statements run on DuckDB in any state; the id is what SDKs and the SQL connector need.",
                SqlToolArgs.EnsureWarehouse.class, a -> service.ensure(a.name(), a.cluster_size(), address.baseUrl()));
        mcp.tool("create_warehouse", "Create a SQL warehouse (a state machine: STARTING then RUNNING).", SqlToolArgs.EnsureWarehouse.class,
                a -> service.get(service.create(spec(a.name(), a.cluster_size()), address.baseUrl())));
        mcp.tool("list_warehouses", "List SQL warehouses with their states.", a -> Map.of("warehouses", service.list()));
        mcp.tool("get_warehouse", "Get one warehouse by id.", SqlToolArgs.WarehouseId.class, a -> service.get(a.id()));
        mcp.tool("start_warehouse", "Start a stopped warehouse.", SqlToolArgs.WarehouseId.class, a -> {
            service.start(a.id());
            return service.get(a.id());
        });
        mcp.tool("stop_warehouse", "Stop a warehouse (statements still run on DuckDB).", SqlToolArgs.WarehouseId.class, a -> {
            service.stop(a.id());
            return service.get(a.id());
        });
        mcp.tool("delete_warehouse", "Delete a warehouse.", SqlToolArgs.WarehouseId.class, a -> {
            service.delete(a.id());
            return Map.of("deleted", a.id());
        });
    }

    private static WarehouseSpec spec(String name, String clusterSize) {
        return new WarehouseSpec(name, clusterSize, null, null, null, null, null, null, null, null, null, null, null);
    }

    @Override
    public void quiesce() {
        service.quiesce();
    }
}
