package dev.minilake.iam;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * SCIM 2.0 Users, Groups and ServicePrincipals, named like the SDK's UsersAPI/GroupsAPI/
 * ServicePrincipalsAPI. Resources are kept whole as JSON, so every attribute a client wrote reads
 * back. A user's {@code groups} is derived from group membership, never stored twice. Records only:
 * nothing authenticates as these identities.
 */
@Service
public class ScimService {
    static final String LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
    static final String USERS_GROUP_ID = "4242424242420002";
    /** Attributes that hold lists of {value, display} entries. */
    private static final Set<String> MULTI = Set.of("members", "groups", "emails", "entitlements", "roles", "phonenumbers");

    private final Map<ScimKind, Collection<ObjectNode>> records = new EnumMap<>(ScimKind.class);
    private final Store store;
    private final Settings settings;
    private final ObjectMapper json;

    public ScimService(Store store, Settings settings, ObjectMapper json) {
        this.store = store;
        this.settings = settings;
        this.json = json;
        for (ScimKind k : ScimKind.values()) records.put(k, store.collection("scim-" + k.name().toLowerCase(Locale.ROOT), ObjectNode.class));
        seedIfMissing();
    }

    /** The current user, the admins group and the users group, as every workspace has them. */
    public void seedIfMissing() {
        store.inTransaction(() -> {
            if (records.get(ScimKind.USER).get(CurrentUserService.USER_ID).isEmpty()) {
                String userName = settings.userName();
                String local = userName.contains("@") ? userName.substring(0, userName.indexOf('@')) : userName;
                ObjectNode u = obj();
                u.put("id", CurrentUserService.USER_ID);
                u.put("userName", userName);
                u.put("displayName", local);
                u.put("active", true);
                u.putObject("name").put("givenName", local);
                u.putArray("emails").addObject().put("value", userName).put("type", "work").put("primary", true);
                ArrayNode ent = u.putArray("entitlements");
                for (String e : List.of("allow-cluster-create", "databricks-sql-access", "workspace-access")) ent.addObject().put("value", e);
                records.get(ScimKind.USER).insert(CurrentUserService.USER_ID, u);
                seedGroup(CurrentUserService.ADMINS_GROUP_ID, "admins");
                seedGroup(USERS_GROUP_ID, "users");
            }
        });
    }

    private void seedGroup(String id, String name) {
        ObjectNode g = obj();
        g.put("id", id);
        g.put("displayName", name);
        g.putArray("members").addObject().put("value", CurrentUserService.USER_ID);
        records.get(ScimKind.GROUP).insert(id, g);
    }

    public ObjectNode create(ScimKind kind, ObjectNode body) {
        ObjectNode r = body.deepCopy();
        r.remove("id");
        r.remove("schemas");
        if (kind == ScimKind.SERVICE_PRINCIPAL && !r.hasNonNull("applicationId")) r.put("applicationId", UUID.randomUUID().toString());
        if (kind == ScimKind.USER && !r.has("active")) r.put("active", true);
        if (kind == ScimKind.USER) r.remove("groups"); // membership lives in the groups
        String unique = text(r, kind.uniqueAttribute());
        if (unique.isBlank()) throw ApiException.missingField(kind.uniqueAttribute());
        return store.inTransaction(() -> {
            if (findByUnique(kind, unique, null)) {
                throw ApiException.alreadyExists(kind.singular() + " with " + kind.uniqueAttribute() + " " + unique);
            }
            String id = Long.toString(1_000_000_000_000_000L + store.nextId("scim"));
            r.put("id", id);
            validateMembers(r);
            records.get(kind).insert(id, r);
            return render(kind, r, null);
        });
    }

    public ObjectNode get(ScimKind kind, String id) {
        return render(kind, load(kind, id), null);
    }

    public ObjectNode list(ScimKind kind, String filter, String attributes, Long startIndex, Long count,
                           String sortBy, String sortOrder) {
        Predicate<JsonNode> p = ScimFilter.parse(filter);
        List<ObjectNode> all = new ArrayList<>();
        for (ObjectNode r : records.get(kind).list()) {
            ObjectNode rendered = render(kind, r, null);
            if (p.test(rendered)) all.add(rendered);
        }
        if (sortBy != null && !sortBy.isBlank()) {
            Comparator<ObjectNode> c = Comparator.comparing(n -> ScimFilter.value(n, sortBy).toLowerCase(Locale.ROOT));
            all.sort("descending".equalsIgnoreCase(sortOrder) ? c.reversed() : c);
        }
        long start = Math.max(1, startIndex == null ? 1 : startIndex);
        long size = count == null ? 10_000 : Math.max(0, count);
        ObjectNode out = obj();
        out.putArray("schemas").add(LIST_SCHEMA);
        out.put("totalResults", all.size());
        out.put("startIndex", start);
        ArrayNode resources = out.putArray("Resources");
        Set<String> wanted = attributes == null || attributes.isBlank() ? null
                : Set.of(attributes.toLowerCase(Locale.ROOT).split("\\s*,\\s*"));
        for (long i = start - 1; i < all.size() && i < start - 1 + size; i++) {
            resources.add(wanted == null ? all.get((int) i) : project(all.get((int) i), wanted));
        }
        out.put("itemsPerPage", resources.size());
        return out;
    }

    public ObjectNode replace(ScimKind kind, String id, ObjectNode body) {
        return store.inTransaction(() -> {
            ObjectNode existing = load(kind, id);
            ObjectNode r = body.deepCopy();
            r.remove("schemas");
            r.put("id", id);
            // a service principal's applicationId is its identity: a PUT that leaves it out keeps it
            if (kind == ScimKind.SERVICE_PRINCIPAL && !r.hasNonNull("applicationId")) {
                r.put("applicationId", text(existing, "applicationId"));
            }
            if (kind == ScimKind.USER) r.remove("groups");
            String unique = text(r, kind.uniqueAttribute());
            if (unique.isBlank()) throw ApiException.missingField(kind.uniqueAttribute());
            if (findByUnique(kind, unique, id)) {
                throw ApiException.alreadyExists(kind.singular() + " with " + kind.uniqueAttribute() + " " + unique);
            }
            validateMembers(r);
            records.get(kind).put(id, r);
            return render(kind, r, null);
        });
    }

    public void patch(ScimKind kind, String id, JsonNode body) {
        JsonNode ops = body.path("Operations");
        if (!ops.isArray()) throw ApiException.missingField("Operations");
        store.inTransaction(() -> {
            ObjectNode r = load(kind, id);
            for (JsonNode op : ops) ScimPatch.apply(this, kind, r, op);
            validateMembers(r);
            records.get(kind).put(id, r);
        });
    }

    public void delete(ScimKind kind, String id) {
        store.inTransaction(() -> {
            load(kind, id);
            if (id.equals(CurrentUserService.USER_ID)) throw ApiException.invalid("The current user cannot be deleted");
            records.get(kind).delete(id);
            // nobody stays a member of something that no longer exists
            for (ObjectNode g : records.get(ScimKind.GROUP).list()) {
                if (removeMember(g, id)) records.get(ScimKind.GROUP).put(text(g, "id"), g);
            }
        });
    }

    /** Adds or removes a principal as a member of a group (used by PATCH on a user's groups). */
    void setMembership(String groupId, String memberId, boolean member) {
        ObjectNode g = load(ScimKind.GROUP, groupId);
        if (member) {
            ArrayNode members = g.has("members") && g.get("members").isArray() ? (ArrayNode) g.get("members") : g.putArray("members");
            for (JsonNode m : members) if (memberId.equals(m.path("value").asText())) return;
            members.addObject().put("value", memberId);
        } else {
            removeMember(g, memberId);
        }
        records.get(ScimKind.GROUP).put(groupId, g);
    }

    static boolean isMultiValued(String attr) {
        return MULTI.contains(attr.toLowerCase(Locale.ROOT));
    }

    ObjectNode load(ScimKind kind, String id) {
        return records.get(kind).get(id).orElseThrow(() -> ApiException.notFound(kind.singular() + " " + id));
    }

    private boolean findByUnique(ScimKind kind, String value, String exceptId) {
        return records.get(kind).list().stream().anyMatch(r -> text(r, kind.uniqueAttribute()).equalsIgnoreCase(value)
                && !text(r, "id").equals(exceptId));
    }

    private void validateMembers(ObjectNode r) {
        for (JsonNode m : r.path("members")) {
            String v = m.path("value").asText();
            if (v.isBlank()) throw ApiException.invalid("Every member needs a value (the member's id)");
            if (displayOf(v) == null) throw ApiException.notFound("Principal " + v);
        }
    }

    private static boolean removeMember(ObjectNode g, String id) {
        JsonNode members = g.get("members");
        if (members == null || !members.isArray()) return false;
        boolean changed = false;
        for (int i = members.size() - 1; i >= 0; i--) {
            if (id.equals(members.get(i).path("value").asText())) {
                ((ArrayNode) members).remove(i);
                changed = true;
            }
        }
        return changed;
    }

    /** The wire form: schemas, member display names, and a user's derived groups. */
    private ObjectNode render(ScimKind kind, ObjectNode stored, Set<String> attributes) {
        ObjectNode out = stored.deepCopy();
        out.putArray("schemas").add(kind.schema());
        JsonNode members = out.get("members");
        if (members != null && members.isArray()) {
            for (JsonNode m : members) {
                String v = m.path("value").asText();
                String display = displayOf(v);
                if (display != null) ((ObjectNode) m).put("display", display);
                ((ObjectNode) m).put("$ref", refOf(v) + "/" + v);
            }
        }
        if (kind != ScimKind.GROUP) {
            ArrayNode groups = out.putArray("groups");
            String id = text(stored, "id");
            for (ObjectNode g : records.get(ScimKind.GROUP).list()) {
                for (JsonNode m : g.path("members")) {
                    if (id.equals(m.path("value").asText())) {
                        groups.addObject().put("value", text(g, "id")).put("display", text(g, "displayName"))
                                .put("type", "direct").put("$ref", "Groups/" + text(g, "id"));
                    }
                }
            }
        }
        return attributes == null ? out : project(out, attributes);
    }

    private String displayOf(String id) {
        for (ScimKind k : ScimKind.values()) {
            var r = records.get(k).get(id);
            if (r.isPresent()) {
                String d = text(r.get(), "displayName");
                return d.isBlank() ? text(r.get(), k.uniqueAttribute()) : d;
            }
        }
        return null;
    }

    private String refOf(String id) {
        for (ScimKind k : ScimKind.values()) if (records.get(k).get(id).isPresent()) return k.endpoint();
        return "Users";
    }

    private static ObjectNode project(ObjectNode n, Set<String> wanted) {
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        n.fields().forEachRemaining(e -> {
            String k = e.getKey().toLowerCase(Locale.ROOT);
            if (k.equals("id") || k.equals("schemas") || wanted.contains(k)) out.set(e.getKey(), e.getValue());
        });
        return out;
    }

    static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? "" : v.asText();
    }

    private ObjectNode obj() {
        return json.createObjectNode();
    }
}
