package dev.minilake.permissions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Object permissions (/api/2.0/permissions), named like the SDK's PermissionsAPI. Access control
 * lists are stored and read back, with the inherited admins entry Databricks shows on every object;
 * nothing is ever enforced.
 */
@Service
public class PermissionsService {
    private final Store store;
    private final Collection<ObjectNode> acls;
    private final ObjectMapper json;
    private final CurrentUserService currentUser;

    public PermissionsService(Store store, ObjectMapper json, CurrentUserService currentUser) {
        this.store = store;
        this.acls = store.collection("permissions", ObjectNode.class);
        this.json = json;
        this.currentUser = currentUser;
    }

    public ObjectNode get(String segment, String id) {
        ObjectTypes.Type type = type(segment);
        return render(type, id, direct(segment, id));
    }

    /** PUT: the direct entries become exactly these. */
    public ObjectNode set(String segment, String id, JsonNode body) {
        ObjectTypes.Type type = type(segment);
        Map<String, ObjectNode> entries = new LinkedHashMap<>();
        for (JsonNode e : list(body)) validate(type, e, entries);
        store(segment, id, entries);
        return render(type, id, entries);
    }

    /** PATCH: the given principals' entries are added or replaced; others stay. */
    public ObjectNode update(String segment, String id, JsonNode body) {
        ObjectTypes.Type type = type(segment);
        Map<String, ObjectNode> entries = direct(segment, id);
        for (JsonNode e : list(body)) validate(type, e, entries);
        store(segment, id, entries);
        return render(type, id, entries);
    }

    public ObjectNode levels(String segment) {
        ObjectTypes.Type type = type(segment);
        ObjectNode out = json.createObjectNode();
        ArrayNode levels = out.putArray("permission_levels");
        for (String l : type.levels()) levels.addObject().put("permission_level", l).put("description", "Can " + l.substring(4).toLowerCase().replace('_', ' '));
        return out;
    }

    /**
     * Moves up to {@code limit} direct entries of group {@code fromGroup} onto group {@code toGroup}
     * (the PermissionMigrationAPI), one entry per object; where {@code toGroup} already has an entry
     * on the object, the higher of the two levels stays. Returns how many entries moved, so a caller
     * can repeat until nothing is left. Atomic: all the moves of one call commit together.
     */
    public int migrateGroup(String fromGroup, String toGroup, int limit) {
        return store.inTransaction(() -> {
            int moved = 0;
            for (ObjectNode stored : acls.list()) {
                if (moved >= limit) break;
                String key = stored.path("object").asText("");
                int slash = key.indexOf('/');
                if (slash < 0) continue; // written before entries named their object: cannot be addressed
                String segment = key.substring(0, slash);
                String id = key.substring(slash + 1);
                Map<String, ObjectNode> entries = direct(segment, id);
                ObjectNode from = entries.remove("group_name:" + fromGroup);
                if (from == null) continue;
                List<String> levels = ObjectTypes.bySegment(segment).map(ObjectTypes.Type::levels).orElse(List.of());
                ObjectNode to = entries.get("group_name:" + toGroup);
                String level = from.get("permission_level").asText();
                if (to != null && levels.indexOf(to.get("permission_level").asText()) > levels.indexOf(level)) {
                    level = to.get("permission_level").asText();
                }
                ObjectNode entry = json.createObjectNode();
                entry.put("group_name", toGroup);
                entry.put("permission_level", level);
                entries.put("group_name:" + toGroup, entry);
                store(segment, id, entries);
                moved++;
            }
            return moved;
        });
    }

    private ObjectTypes.Type type(String segment) {
        return ObjectTypes.bySegment(segment).orElseThrow(() -> ApiException.invalid(
                "Unknown permissions object type '" + segment + "'; known: " + String.join(", ", ObjectTypes.segments())));
    }

    private static JsonNode list(JsonNode body) {
        JsonNode acl = body.path("access_control_list");
        if (!acl.isMissingNode() && !acl.isArray()) throw ApiException.invalid("access_control_list must be a list");
        return acl;
    }

    private void validate(ObjectTypes.Type type, JsonNode e, Map<String, ObjectNode> into) {
        String principalField = null;
        for (String f : List.of("user_name", "group_name", "service_principal_name")) {
            if (e.hasNonNull(f) && !e.get(f).asText().isBlank()) {
                if (principalField != null) throw ApiException.invalid("An access control entry names exactly one principal");
                principalField = f;
            }
        }
        if (principalField == null) {
            throw ApiException.invalid("An access control entry needs user_name, group_name or service_principal_name");
        }
        String level = e.path("permission_level").asText();
        if (!type.levels().contains(level)) {
            throw ApiException.invalid("Permission level '" + level + "' is not valid for " + type.pathSegment()
                    + "; valid: " + String.join(", ", type.levels()));
        }
        ObjectNode entry = json.createObjectNode();
        entry.put(principalField, e.get(principalField).asText());
        entry.put("permission_level", level);
        into.put(principalField + ":" + e.get(principalField).asText(), entry);
    }

    private Map<String, ObjectNode> direct(String segment, String id) {
        Map<String, ObjectNode> out = new LinkedHashMap<>();
        acls.get(key(segment, id)).ifPresent(stored -> stored.path("entries").forEach(e -> {
            ObjectNode o = (ObjectNode) e;
            String f = o.has("user_name") ? "user_name" : o.has("group_name") ? "group_name" : "service_principal_name";
            out.put(f + ":" + o.get(f).asText(), o);
        }));
        return out;
    }

    private void store(String segment, String id, Map<String, ObjectNode> entries) {
        ObjectNode stored = json.createObjectNode();
        stored.put("object", key(segment, id));
        ArrayNode arr = stored.putArray("entries");
        entries.values().forEach(arr::add);
        acls.put(key(segment, id), stored);
    }

    private ObjectNode render(ObjectTypes.Type type, String id, Map<String, ObjectNode> entries) {
        ObjectNode out = json.createObjectNode();
        String objectId = "/" + type.pathSegment() + "/" + id;
        out.put("object_id", objectId);
        out.put("object_type", type.objectType());
        ArrayNode acl = out.putArray("access_control_list");
        for (ObjectNode e : entries.values()) {
            ObjectNode a = acl.addObject();
            e.fields().forEachRemaining(f -> {
                if (!f.getKey().equals("permission_level")) a.set(f.getKey(), f.getValue());
            });
            if (e.has("user_name") && e.get("user_name").asText().equals(currentUser.userName())) {
                a.put("display_name", currentUser.userName());
            }
            a.putArray("all_permissions").addObject()
                    .put("permission_level", e.get("permission_level").asText()).put("inherited", false);
        }
        // as on Databricks: workspace admins manage every object, inherited from the object type's root
        ObjectNode admins = acl.addObject();
        admins.put("group_name", "admins");
        ObjectNode inherited = admins.putArray("all_permissions").addObject();
        inherited.put("permission_level", type.levels().contains("CAN_MANAGE") ? "CAN_MANAGE" : type.levels().get(type.levels().size() - 1));
        inherited.put("inherited", true);
        inherited.putArray("inherited_from_object").add("/" + type.pathSegment() + "/");
        return out;
    }

    private static String key(String segment, String id) {
        return segment + "/" + id;
    }
}
