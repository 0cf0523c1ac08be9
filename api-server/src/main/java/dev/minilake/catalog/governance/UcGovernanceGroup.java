package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/** Connections, workspace bindings, artifact allowlists, system schemas and table constraints; the logic is in the services. */
@Component
public class UcGovernanceGroup implements ApiGroup {
    private static final String UC = "/api/2.1/unity-catalog";

    private final ObjectMapper json;
    private final ConnectionsService connections;
    private final WorkspaceBindingsService bindings;
    private final ArtifactAllowlistsService allowlists;
    private final SystemSchemasService systemSchemas;
    private final TableConstraintsService constraints;

    public UcGovernanceGroup(ObjectMapper json, ConnectionsService connections, WorkspaceBindingsService bindings,
                             ArtifactAllowlistsService allowlists, SystemSchemasService systemSchemas, TableConstraintsService constraints) {
        this.constraints = constraints;
        this.json = json;
        this.connections = connections;
        this.bindings = bindings;
        this.allowlists = allowlists;
        this.systemSchemas = systemSchemas;
    }

    @Override
    public String name() {
        return "uc-governance";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "connections stored (secret options never returned; nothing connects, no foreign catalogs), workspace bindings of "
                + "existing catalogs/locations/credentials stored by securable id (not enforced: there is one workspace), artifact "
                + "allowlists stored (clusters do not consult them), system schemas: a fixed set whose enable/disable state is "
                + "stored, with no system catalog or tables behind them; table constraints (primary/foreign key) checked against "
                + "the real tables' columns and the parent's primary key, stored and shown by tables.get, not enforced by DuckDB";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("ConnectionsAPI", "WorkspaceBindingsAPI", "ArtifactAllowlistsAPI", "SystemSchemasAPI", "TableConstraintsAPI");
    }

    @Override
    public void routes(Routes r) {
        String cn = UC + "/connections";
        r.post(cn, ObjectNode.class, (req, b) -> connections.create(b));
        r.get(cn, req -> Pages.page(json, req, connections.list(), "connections"));
        r.get(cn + "/{name}", req -> connections.get(req.pathVar("name")));
        r.patch(cn + "/{name}", ObjectNode.class, (req, b) -> connections.update(req.pathVar("name"), b));
        r.delete(cn + "/{name}", req -> {
            connections.delete(req.pathVar("name"));
            return null;
        });

        String wb = UC + "/workspace-bindings/catalogs/{name}";
        r.get(wb, req -> Map.of("workspaces", bindings.catalogWorkspaces(req.pathVar("name"))));
        r.patch(wb, ObjectNode.class, (req, b) -> Map.of("workspaces",
                bindings.updateCatalogWorkspaces(req.pathVar("name"), b.get("assign_workspaces"), b.get("unassign_workspaces"))));
        String sb = UC + "/bindings/{securable_type}/{securable_name}";
        r.get(sb, req -> Pages.page(json, req, "max_results", bindings.get(req.pathVar("securable_type"), req.pathVar("securable_name")),
                bd -> Long.toString(bd.workspace_id()), "bindings"));
        r.patch(sb, ObjectNode.class, (req, b) -> Map.of("bindings",
                bindings.update(req.pathVar("securable_type"), req.pathVar("securable_name"), b.get("add"), b.get("remove"))));

        String al = UC + "/artifact-allowlists/{artifact_type}";
        r.get(al, req -> allowlists.get(req.pathVar("artifact_type")));
        r.put(al, ObjectNode.class, (req, b) -> allowlists.replace(req.pathVar("artifact_type"), b));

        String ss = UC + "/metastores/{metastore_id}/systemschemas";
        r.get(ss, req -> Pages.page(json, req, "max_results", systemSchemas.list(req.pathVar("metastore_id")),
                SystemSchemasService.SystemSchemaInfo::schema, "schemas"));
        r.put(ss + "/{schema_name}", JsonNode.class, (req, b) -> {
            systemSchemas.enable(req.pathVar("metastore_id"), req.pathVar("schema_name"),
                    b.hasNonNull("catalog_name") ? b.get("catalog_name").asText() : null);
            return null;
        });
        r.delete(ss + "/{schema_name}", req -> {
            systemSchemas.disable(req.pathVar("metastore_id"), req.pathVar("schema_name"));
            return null;
        });

        r.post(UC + "/constraints", JsonNode.class, (req, b) -> constraints.create(b));
        r.delete(UC + "/constraints/{full_name}", req -> {
            constraints.delete(req.pathVar("full_name"), req.query("constraint_name").orElse(null), req.queryBool("cascade").orElse(false));
            return null;
        });
    }
}
