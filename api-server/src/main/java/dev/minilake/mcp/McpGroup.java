package dev.minilake.mcp;

import dev.minilake.catalog.CatalogsService;
import dev.minilake.catalog.SchemasService;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.mcp.McpEndpoint;
import dev.minilake.core.mcp.McpFeatures;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.web.ServerAddress;
import dev.minilake.engines.statements.StatementEngine;
import dev.minilake.sql.WarehouseDtos;
import dev.minilake.sql.WarehousesService;
import io.modelcontextprotocol.server.transport.WebFluxStreamableServerTransportProvider;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * MCP at /mcp: its route is the MCP SDK's Streamable HTTP transport, and it declares the composite
 * tools (each replaces a chain of calls over several groups' public services) and the prompts.
 * Every other tool is declared by its own group beside its routes.
 */
@Component
public class McpGroup implements ApiGroup {
    static final String DEFAULT_WAREHOUSE = "minilake";

    private final Settings settings;
    private final WebFluxStreamableServerTransportProvider transport;
    private final CatalogsService catalogs;
    private final SchemasService schemas;
    private final WarehousesService warehouses;
    private final ServerAddress address;
    private final TableSeeder seeder;
    private final ObjectProvider<McpEndpoint> endpoint;

    public McpGroup(Settings settings, WebFluxStreamableServerTransportProvider transport, CatalogsService catalogs,
                    SchemasService schemas, WarehousesService warehouses,
                    StatementEngine statements, ServerAddress address, ObjectProvider<McpEndpoint> endpoint) {
        this.settings = settings;
        this.transport = transport;
        this.catalogs = catalogs;
        this.schemas = schemas;
        this.warehouses = warehouses;
        this.address = address;
        this.seeder = new TableSeeder(statements);
        this.endpoint = endpoint;
    }

    @Override
    public String name() {
        return "mcp";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "MCP (Streamable HTTP) at /mcp for agents: tools, resources and prompts declared by each group beside its routes, "
                + "calling the same services; see docs/mcp.md";
    }

    @Override
    public Optional<String> liveState() {
        return settings.mcpEnabled() ? Optional.empty() : Optional.of("off (MINILAKE_MCP=0)");
    }

    @Override
    public List<String> sdkApis() {
        return List.of();
    }

    /** The SDK transport's routes, behind a filter that builds the MCP server on the first request. */
    @Override
    @SuppressWarnings("unchecked")
    public void routes(Routes r) {
        if (!settings.mcpEnabled()) return;
        RouterFunction<ServerResponse> mcpRoutes = (RouterFunction<ServerResponse>) transport.getRouterFunction();
        r.raw(mcpRoutes.filter((request, next) -> endpoint.getObject().ensureStarted().then(next.handle(request))));
    }

    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("setup_fixture", "Have a catalog, a schema in it and a RUNNING warehouse, creating what is missing (idempotent: "
                        + "safe to call again). Returns the warehouse id for SQL. Start every scenario here.",
                FixtureArgs.SetupFixture.class, this::setupFixture);
        mcp.tool("seed_table", "Create (or replace) a typed table holding exactly the given rows, in one call. Values are checked "
                + "against the column types first; a bad value changes nothing.", FixtureArgs.SeedTable.class, seeder::seed);
        Prompts.declare(mcp);
    }

    private Map<String, Object> setupFixture(FixtureArgs.SetupFixture a) {
        String schema = a.schema() == null ? "default" : a.schema();
        List<String> created = new ArrayList<>();
        synchronized (this) { // two concurrent fixtures must not both try to create
            if (!catalogs.exists(a.catalog())) {
                catalogs.create(a.catalog(), "created by setup_fixture", null);
                created.add("catalog " + a.catalog());
            }
            if (!schemas.exists(a.catalog(), schema)) {
                schemas.create(a.catalog(), schema, "created by setup_fixture", null);
                created.add("schema " + a.catalog() + "." + schema);
            }
        }
        WarehouseDtos.Warehouse w = warehouses.ensure(a.warehouse() == null ? DEFAULT_WAREHOUSE : a.warehouse(), null, address.baseUrl());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("catalog", a.catalog());
        m.put("schema", schema);
        m.put("warehouse_id", w.id());
        m.put("warehouse_state", w.state());
        m.put("created", created);
        return m;
    }
}
