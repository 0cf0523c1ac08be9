package dev.minilake.sql.overrides;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.sql.WarehousesService;
import dev.minilake.sql.queries.SqlObjects;
import org.springframework.stereotype.Component;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-user default warehouse overrides (the default-warehouse-override operations of the SDK's
 * WarehousesAPI) stored durably, and the SQL client configuration (RedashConfigAPI), which states
 * what MiniLake's SQL workspace offers. Stored and read back; nothing else consults them.
 */
@Component
public class SqlWorkspaceConfigGroup implements ApiGroup {
    private static final String PREFIX = "default-warehouse-overrides/";
    private static final Set<String> TYPES = Set.of("CUSTOM", "LAST_SELECTED");

    private final Collection<ObjectNode> overrides;
    private final WarehousesService warehouses;
    private final ObjectMapper json;

    public SqlWorkspaceConfigGroup(Store store, WarehousesService warehouses, ObjectMapper json) {
        this.overrides = store.collection("sql_default_warehouse_override", ObjectNode.class);
        this.warehouses = warehouses;
        this.json = json;
    }

    @Override
    public String name() {
        return "sql-workspace-config";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "default warehouse overrides per user (CUSTOM needs an existing warehouse) stored, not consulted; "
                + "redash-v2/config states MiniLake's SQL client settings";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("RedashConfigAPI", "WarehousesAPI (default-warehouse-overrides)");
    }

    @Override
    public void routes(Routes r) {
        r.get("/api/2.0/redash-v2/config", req -> json.createObjectNode()
                .put("allow_custom_js_visualizations", false).put("allow_downloads", true)
                .put("allow_external_shares", false).put("allow_subscriptions", false)
                .put("date_format", "YYYY-MM-DD").put("date_time_format", "YYYY-MM-DD HH:mm")
                .put("disable_publish", true).put("enable_legacy_autodetect_types", false)
                .put("feature_show_permissions_control", true).put("hide_plotly_mode_bar", false));

        String base = "/api/warehouses/v1/default-warehouse-overrides";
        r.post(base, ObjectNode.class, (req, b) -> {
            String id = userId(req.query("default_warehouse_override_id").orElseThrow(
                    () -> ApiException.missingField("default_warehouse_override_id")));
            ObjectNode o = fields(json.createObjectNode(), b, Set.of("type", "warehouse_id"));
            o.put("name", PREFIX + id).put("default_warehouse_override_id", id);
            if (!overrides.insert(id, o)) throw ApiException.alreadyExists("Default warehouse override " + PREFIX + id);
            return o;
        });
        r.get(base, req -> {
            var page = SqlObjects.page(overrides.list(), req.queryLong("page_size").orElse(null),
                    req.query("page_token").orElse(null), 100, 1000);
            ObjectNode out = json.createObjectNode();
            out.putArray("default_warehouse_overrides").addAll(page.items());
            if (page.nextPageToken() != null) out.put("next_page_token", page.nextPageToken());
            return out;
        });
        // the SDK sends the override's resource name: /api/warehouses/v1/default-warehouse-overrides/{id}
        String named = "/api/warehouses/v1/{*name}";
        r.get(named, req -> get(idOf(req.pathVar("name"))));
        r.patch(named, ObjectNode.class, (req, b) -> {
            String id = idOf(req.pathVar("name"));
            ObjectNode existing = overrides.get(id).orElse(null);
            if (existing == null && !req.queryBool("allow_missing").orElse(false)) throw ApiException.notFound("Default warehouse override " + PREFIX + id);
            Set<String> mask = new LinkedHashSet<>(SqlObjects.mask(req.query("update_mask").orElse(null), Set.of("type", "warehouse_id")));
            ObjectNode o = existing == null ? json.createObjectNode() : existing;
            ObjectNode updated = fields(o, b, mask);
            updated.put("name", PREFIX + id).put("default_warehouse_override_id", id);
            overrides.put(id, updated);
            return updated;
        });
        r.delete(named, req -> {
            String id = idOf(req.pathVar("name"));
            if (!overrides.delete(id)) throw ApiException.notFound("Default warehouse override " + PREFIX + id);
            return Map.of();
        });
    }

    private ObjectNode get(String id) {
        return overrides.get(id).orElseThrow(() -> ApiException.notFound("Default warehouse override " + PREFIX + id));
    }

    /** Copies the allowed fields and checks the result: CUSTOM names an existing warehouse, LAST_SELECTED none. */
    private ObjectNode fields(ObjectNode target, JsonNode body, Set<String> allowed) {
        SqlObjects.applyMask(target, body, allowed);
        String type = SqlObjects.text(target, "type");
        if (type == null) throw ApiException.missingField("type");
        if (!TYPES.contains(type)) throw ApiException.invalid("Invalid type '" + type + "'; expected CUSTOM or LAST_SELECTED");
        String wh = SqlObjects.text(target, "warehouse_id");
        if (type.equals("CUSTOM")) {
            if (wh == null) throw ApiException.missingField("warehouse_id");
            warehouses.get(wh);
        } else if (wh != null) {
            throw ApiException.invalid("warehouse_id is only allowed with type CUSTOM");
        }
        return target;
    }

    /** The id inside a resource name "/default-warehouse-overrides/{id}"; any other name does not exist. */
    private static String idOf(String name) {
        String n = name.startsWith("/") ? name.substring(1) : name;
        if (!n.startsWith(PREFIX) || n.length() == PREFIX.length() || n.substring(PREFIX.length()).contains("/")) {
            throw ApiException.notFound("Default warehouse override " + n);
        }
        return userId(n.substring(PREFIX.length()));
    }

    /** "me" is the current user; otherwise a numeric user id. */
    private static String userId(String id) {
        if (id.equals("me")) return CurrentUserService.USER_ID;
        if (!id.matches("[0-9]+")) throw ApiException.invalid("A default warehouse override id is a numeric user id or 'me', got " + id);
        return id;
    }
}
