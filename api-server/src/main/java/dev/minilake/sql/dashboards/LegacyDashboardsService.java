package dev.minilake.sql.dashboards;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.sql.WarehousesService;
import dev.minilake.sql.alerts.AlertsService;
import dev.minilake.sql.queries.SavedQueriesService;
import dev.minilake.sql.queries.SqlObjects;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Legacy DBSQL dashboards and widgets (preview/sql DashboardsAPI, DashboardWidgetsAPI) and the
 * DBSQL object ACLs (DbsqlPermissionsAPI), durable in the store. Dashboards are stored and read
 * back: MiniLake renders nothing; ACLs are stored, not enforced.
 */
@Service
public class LegacyDashboardsService {
    static final Set<String> ACL_TYPES = Set.of("alerts", "dashboards", "data_sources", "queries");
    private static final Set<String> LEVELS = Set.of("CAN_VIEW", "CAN_RUN", "CAN_EDIT", "CAN_MANAGE");

    private final Store store;
    private final Collection<ObjectNode> dashboards;
    private final Collection<ObjectNode> widgets;
    private final Collection<ObjectNode> acls;
    private final SavedQueriesService queries;
    private final AlertsService alerts;
    private final WarehousesService warehouses;
    private final CurrentUserService users;
    private final ObjectMapper json;

    public LegacyDashboardsService(Store store, SavedQueriesService queries, AlertsService alerts, WarehousesService warehouses,
                                   CurrentUserService users, ObjectMapper json) {
        this.store = store;
        this.dashboards = store.collection("sql_dashboard", ObjectNode.class);
        this.widgets = store.collection("sql_widget", ObjectNode.class);
        this.acls = store.collection("sql_object_acl", ObjectNode.class);
        this.queries = queries;
        this.alerts = alerts;
        this.warehouses = warehouses;
        this.users = users;
        this.json = json;
    }

    // ---- dashboards

    public ObjectNode create(JsonNode body) {
        String name = SqlObjects.text(body, "name");
        if (name == null || name.isBlank()) throw ApiException.missingField("name");
        String id = UUID.randomUUID().toString();
        String now = SqlObjects.now();
        ObjectNode d = json.createObjectNode().put("id", id).put("name", name)
                .put("slug", name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", ""))
                .put("parent", body.hasNonNull("parent") ? body.get("parent").asText() : "folders/" + users.userName())
                .put("created_at", now).put("updated_at", now).put("is_archived", false).put("is_draft", false)
                .put("is_favorite", body.path("is_favorite").asBoolean(false))
                .put("dashboard_filters_enabled", body.path("dashboard_filters_enabled").asBoolean(false))
                .put("run_as_role", runAs(body, "owner")).put("owner", users.userName());
        d.set("tags", body.has("tags") && body.get("tags").isArray() ? body.get("tags") : json.createArrayNode());
        dashboards.insert(id, d);
        return view(d);
    }

    public ObjectNode get(String id) {
        return view(dashboard(id));
    }

    public ObjectNode list(Long page, Long pageSize, String order, String search) {
        int p = page == null || page < 1 ? 1 : page.intValue();
        int size = pageSize == null || pageSize < 1 ? 25 : (int) Math.min(pageSize, 250);
        var comparator = java.util.Comparator.<ObjectNode, String>comparing(d -> d.get("name").asText().toLowerCase(Locale.ROOT));
        if ("created_at".equals(order)) comparator = java.util.Comparator.comparing(d -> d.get("created_at").asText());
        List<ObjectNode> all = dashboards.list().stream().filter(d -> !d.path("is_archived").asBoolean())
                .filter(d -> search == null || d.get("name").asText().toLowerCase(Locale.ROOT).contains(search.toLowerCase(Locale.ROOT)))
                .sorted(comparator).toList();
        int from = Math.min(all.size(), (p - 1) * size);
        int to = Math.min(all.size(), from + size);
        ObjectNode out = json.createObjectNode().put("count", all.size()).put("page", p).put("page_size", size);
        ArrayNode results = out.putArray("results");
        all.subList(from, to).forEach(d -> results.add(view(d)));
        return out;
    }

    public ObjectNode update(String id, JsonNode body) {
        return store.inTransaction(() -> {
            ObjectNode d = dashboard(id);
            if (body.hasNonNull("name")) d.put("name", body.get("name").asText());
            if (body.hasNonNull("tags")) d.set("tags", body.get("tags"));
            if (body.hasNonNull("run_as_role")) d.put("run_as_role", runAs(body, "owner"));
            d.put("updated_at", SqlObjects.now());
            dashboards.put(id, d);
            return view(d);
        });
    }

    public void trash(String id) {
        setArchived(id, true);
    }

    public void restore(String id) {
        setArchived(id, false);
    }

    // ---- widgets

    public ObjectNode createWidget(JsonNode body) {
        ObjectNode w = widgetFields(json.createObjectNode(), body);
        String id = UUID.randomUUID().toString();
        w.put("id", id);
        widgets.insert(id, w.get("dashboard_id").asText(), w);
        return widgetView(w);
    }

    public ObjectNode updateWidget(String id, JsonNode body) {
        return store.inTransaction(() -> {
            ObjectNode w = widgets.get(id).orElseThrow(() -> ApiException.notFound("Widget " + id));
            widgetFields(w, body);
            widgets.put(id, w.get("dashboard_id").asText(), w);
            return widgetView(w);
        });
    }

    public void deleteWidget(String id) {
        if (!widgets.delete(id)) throw ApiException.notFound("Widget " + id);
    }

    // ---- DBSQL object permissions

    public ObjectNode getAcl(String type, String objectId) {
        requireObject(type, objectId);
        return aclView(type, objectId, acls.get(type + "/" + objectId).map(a -> (JsonNode) a.get("access_control_list"))
                .orElseGet(() -> defaultAcl(type, objectId)));
    }

    public ObjectNode setAcl(String type, String objectId, JsonNode body) {
        requireObject(type, objectId);
        JsonNode list = body.get("access_control_list");
        ArrayNode acl = json.createArrayNode();
        if (list != null && list.isArray()) {
            for (JsonNode e : list) {
                String level = SqlObjects.text(e, "permission_level");
                if (level == null || !LEVELS.contains(level)) {
                    throw ApiException.invalid("Invalid permission_level '" + level + "'; expected one of " + LEVELS);
                }
                if (!e.hasNonNull("user_name") && !e.hasNonNull("group_name")) {
                    throw ApiException.invalid("Each access control entry needs user_name or group_name");
                }
                acl.add(e.deepCopy());
            }
        }
        ObjectNode record = json.createObjectNode();
        record.set("access_control_list", acl);
        acls.put(type + "/" + objectId, record);
        return aclView(type, objectId, acl);
    }

    public Map<String, Object> transferOwnership(String type, String objectId, String newOwner) {
        if (newOwner == null || newOwner.isBlank()) throw ApiException.missingField("new_owner");
        switch (type) {
            case "queries", "query" -> queries.update(objectId, "owner_user_name",
                    json.createObjectNode().put("owner_user_name", newOwner), false);
            case "alerts", "alert" -> alerts.update(objectId, "owner_user_name",
                    json.createObjectNode().put("owner_user_name", newOwner), false);
            case "dashboards", "dashboard" -> store.inTransaction(() -> {
                ObjectNode d = dashboard(objectId);
                d.put("owner", newOwner).put("updated_at", SqlObjects.now());
                dashboards.put(objectId, d);
            });
            default -> throw ApiException.invalid("Ownership of '" + type + "' objects cannot be transferred; use alert, dashboard or query");
        }
        return Map.of("message", "Success");
    }

    // ----

    private ObjectNode dashboard(String id) {
        return dashboards.get(id).orElseThrow(() -> ApiException.notFound("Dashboard " + id));
    }

    private void setArchived(String id, boolean archived) {
        store.inTransaction(() -> {
            ObjectNode d = dashboard(id);
            if (archived && d.path("is_archived").asBoolean()) throw ApiException.notFound("Dashboard " + id);
            String now = SqlObjects.now();
            d.put("is_archived", archived).put("updated_at", now);
            if (archived) d.put("moved_to_trash_at", now);
            else d.remove("moved_to_trash_at");
            dashboards.put(id, d);
        });
    }

    private ObjectNode view(ObjectNode d) {
        ObjectNode out = d.deepCopy();
        out.remove("owner");
        out.remove("moved_to_trash_at");
        out.put("can_edit", true).put("permission_tier", "CAN_MANAGE");
        ObjectNode options = out.putObject("options");
        if (d.hasNonNull("moved_to_trash_at")) options.put("moved_to_trash_at", d.get("moved_to_trash_at").asText());
        long userId = Long.parseLong(CurrentUserService.USER_ID);
        out.put("user_id", userId);
        out.putObject("user").put("id", userId).put("email", d.path("owner").asText()).put("name", d.path("owner").asText());
        ArrayNode ws = out.putArray("widgets");
        widgets.listByParent(d.get("id").asText()).forEach(w -> ws.add(widgetView(w)));
        return out;
    }

    private ObjectNode widgetFields(ObjectNode w, JsonNode body) {
        String dashboardId = SqlObjects.text(body, "dashboard_id");
        if (dashboardId == null) throw ApiException.missingField("dashboard_id");
        dashboard(dashboardId);
        if (!body.has("width")) throw ApiException.missingField("width");
        if (!body.has("options") || !body.get("options").isObject()) throw ApiException.missingField("options");
        String vis = SqlObjects.text(body, "visualization_id");
        String text = SqlObjects.text(body, "text");
        if (vis == null && text == null) throw ApiException.invalid("A widget needs a visualization_id or a text");
        if (vis != null) queries.visualization(vis);
        w.put("dashboard_id", dashboardId).put("width", body.get("width").asInt());
        w.set("options", body.get("options").deepCopy());
        if (vis != null) w.put("visualization_id", vis);
        else w.remove("visualization_id");
        if (text != null) w.put("text", text);
        else w.remove("text");
        return w;
    }

    private ObjectNode widgetView(ObjectNode w) {
        ObjectNode out = json.createObjectNode().put("id", w.get("id").asText()).put("width", w.get("width").asInt());
        out.set("options", w.get("options"));
        if (w.hasNonNull("text")) out.put("text", w.get("text").asText());
        if (w.hasNonNull("visualization_id")) {
            try {
                ObjectNode v = queries.visualization(w.get("visualization_id").asText());
                ObjectNode lv = out.putObject("visualization").put("id", v.get("id").asText());
                if (v.hasNonNull("type")) lv.put("type", v.get("type").asText());
                if (v.hasNonNull("display_name")) lv.put("name", v.get("display_name").asText());
                lv.put("created_at", SqlObjects.text(v, "create_time")).put("updated_at", SqlObjects.text(v, "update_time"));
            } catch (ApiException gone) {
                // the visualization was deleted: the widget stays, empty
            }
        }
        return out;
    }

    private void requireObject(String type, String objectId) {
        switch (type) {
            case "queries" -> queries.get(objectId);
            case "alerts" -> alerts.get(objectId);
            case "dashboards" -> dashboard(objectId);
            case "data_sources" -> warehouses.get(objectId);
            default -> throw ApiException.invalid("Invalid object type '" + type + "'; expected one of " + ACL_TYPES);
        }
    }

    private JsonNode defaultAcl(String type, String objectId) {
        ArrayNode a = json.createArrayNode();
        a.addObject().put("user_name", users.userName()).put("permission_level", "CAN_MANAGE");
        a.addObject().put("group_name", "admins").put("permission_level", "CAN_MANAGE");
        return a;
    }

    private ObjectNode aclView(String type, String objectId, JsonNode acl) {
        ObjectNode out = json.createObjectNode().put("object_id", type + "/" + objectId)
                .put("object_type", type.substring(0, type.length() - 1));
        out.set("access_control_list", acl);
        return out;
    }

    private static String runAs(JsonNode body, String fallback) {
        String r = SqlObjects.text(body, "run_as_role");
        if (r == null) return fallback;
        String l = r.toLowerCase(Locale.ROOT);
        if (!l.equals("owner") && !l.equals("viewer")) throw ApiException.invalid("Invalid run_as_role '" + r + "'");
        return l;
    }
}
