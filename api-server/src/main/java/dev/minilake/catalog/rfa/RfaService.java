package dev.minilake.catalog.rfa;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.tags.UcEntities;
import dev.minilake.catalog.tags.UcEntities.Entity;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Request-for-access, named like the SDK's RfaAPI: access request destinations per securable
 * (catalog, schema, table, volume), stored; reading them really resolves inheritance (the table's own,
 * else its schema's, else its catalog's, else the securable's owner). Access requests are validated
 * and stored, and answered with where they would go; no notification is ever sent and nothing is granted.
 */
@Service
public class RfaService {
    static final Set<String> DESTINATION_TYPES = Set.of("EMAIL", "GENERIC_WEBHOOK", "MICROSOFT_TEAMS", "SLACK", "URL");
    static final Set<String> PRIVILEGES = Set.of("ACCESS", "ALL_PRIVILEGES", "APPLY_TAG", "BROWSE", "CREATE", "CREATE_CATALOG",
            "CREATE_CLEAN_ROOM", "CREATE_CONNECTION", "CREATE_EXTERNAL_LOCATION", "CREATE_EXTERNAL_TABLE", "CREATE_EXTERNAL_VOLUME",
            "CREATE_FEATURE", "CREATE_FOREIGN_CATALOG", "CREATE_FOREIGN_SECURABLE", "CREATE_FUNCTION", "CREATE_MANAGED_STORAGE",
            "CREATE_MATERIALIZED_VIEW", "CREATE_MODEL", "CREATE_PROVIDER", "CREATE_RECIPIENT", "CREATE_SCHEMA",
            "CREATE_SERVICE_CREDENTIAL", "CREATE_SHARE", "CREATE_STORAGE_CREDENTIAL", "CREATE_TABLE", "CREATE_VIEW",
            "CREATE_VOLUME", "EXECUTE", "EXECUTE_CLEAN_ROOM_TASK", "EXTERNAL_USE_LOCATION", "EXTERNAL_USE_SCHEMA", "MANAGE",
            "MANAGE_ALLOWLIST", "MODIFY", "MODIFY_CLEAN_ROOM", "READ_FEATURE", "READ_FILES", "READ_METADATA",
            "READ_PRIVATE_FILES", "READ_VOLUME", "REFRESH", "SELECT", "SET_SHARE_PERMISSION", "USAGE", "USE_CATALOG",
            "USE_CONNECTION", "USE_MARKETPLACE_ASSETS", "USE_PROVIDER", "USE_RECIPIENT", "USE_SCHEMA", "USE_SHARE",
            "WRITE_FILES", "WRITE_PRIVATE_FILES", "WRITE_VOLUME");
    static final int MAX_EMAILS = 5;
    static final int MAX_OTHERS = 5;

    private final Store store;
    private final UcEntities entities;
    private final CurrentUserService user;
    private final ObjectMapper json;
    private final Collection<ObjectNode> destinations;
    private final Collection<ObjectNode> requests;

    public RfaService(Store store, UcEntities entities, CurrentUserService user, ObjectMapper json) {
        this.store = store;
        this.entities = entities;
        this.user = user;
        this.json = json;
        this.destinations = store.collection("uc_rfa_destinations", ObjectNode.class);
        this.requests = store.collection("uc_rfa_request", ObjectNode.class);
    }

    /** Replaces the destinations assigned directly to the securable (an empty list removes them). */
    public synchronized ObjectNode update(ObjectNode body) {
        JsonNode sec = body.path("securable");
        String type = sec.hasNonNull("type") ? sec.get("type").asText() : body.path("securable_type").asText(null);
        String fullName = sec.hasNonNull("full_name") ? sec.get("full_name").asText() : body.path("full_name").asText(null);
        if (type == null || type.isBlank()) throw ApiException.missingField("securable.type");
        Entity e = resolve(type, fullName);
        JsonNode list = body.path("destinations");
        if (!list.isArray()) throw ApiException.missingField("destinations");
        validateDestinations(list);
        ObjectNode r = json.createObjectNode();
        r.put("entity_id", e.id());
        r.set("destinations", list.deepCopy());
        if (list.isEmpty()) destinations.delete(key(e));
        else destinations.put(key(e), r);
        return resolved(e);
    }

    /** The destinations that apply to the securable: its own, else inherited, else its owner. */
    public ObjectNode get(String securableType, String fullName) {
        return resolved(resolve(securableType, fullName));
    }

    /** Validates and stores access requests; answers where each would be delivered. Nothing is sent or granted. */
    public synchronized ObjectNode batchCreate(ObjectNode body) {
        JsonNode reqs = body.path("requests");
        if (!reqs.isArray() || reqs.isEmpty()) throw ApiException.missingField("requests");
        List<List<Entity>> resolved = new ArrayList<>();
        for (JsonNode r : reqs) {
            JsonNode perms = r.path("securable_permissions");
            if (!perms.isArray() || perms.isEmpty()) throw ApiException.missingField("requests.securable_permissions");
            List<Entity> targets = new ArrayList<>();
            for (JsonNode sp : perms) {
                JsonNode s = sp.path("securable");
                targets.add(resolve(s.path("type").asText(null), s.path("full_name").asText(null)));
                JsonNode ps = sp.path("permissions");
                if (!ps.isArray() || ps.isEmpty()) throw ApiException.missingField("requests.securable_permissions.permissions");
                for (JsonNode p : ps) {
                    String norm = p.asText().trim().toUpperCase(Locale.ROOT).replace(' ', '_');
                    if (!PRIVILEGES.contains(norm)) throw ApiException.invalid("Invalid permission '" + p.asText() + "'.");
                }
            }
            resolved.add(targets);
        }
        ObjectNode out = json.createObjectNode();
        ArrayNode responses = out.putArray("responses");
        store.inTransaction(() -> {
            int i = 0;
            for (JsonNode r : reqs) {
                ObjectNode stored = r.deepCopy();
                stored.put("requested_by", user.userName()).put("created_at", System.currentTimeMillis());
                requests.insert(Long.toString(store.nextId("uc-rfa-request")), stored);
                ObjectNode resp = responses.addObject();
                if (r.hasNonNull("behalf_of")) resp.set("behalf_of", r.get("behalf_of"));
                ArrayNode dests = resp.putArray("request_destinations");
                for (Entity e : resolved.get(i)) dests.add(resolved(e));
                i++;
            }
        });
        return out;
    }

    // ---- internals

    private Entity resolve(String type, String fullName) {
        if (type == null || type.isBlank()) throw ApiException.missingField("securable_type");
        String t = type.toLowerCase(Locale.ROOT);
        if (!Set.of("catalog", "schema", "table", "volume").contains(t)) {
            throw ApiException.invalid("Invalid securable_type '" + type + "': MiniLake keeps access request destinations on "
                    + "catalog, schema, table and volume.");
        }
        return entities.resolve(t, fullName);
    }

    private static void validateDestinations(JsonNode list) {
        int emails = 0;
        int others = 0;
        boolean url = false;
        for (JsonNode d : list) {
            String type = d.path("destination_type").asText("");
            if (d.path("destination_id").asText("").isBlank()) throw ApiException.missingField("destinations.destination_id");
            if (type.isBlank()) throw ApiException.missingField("destinations.destination_type");
            if (!DESTINATION_TYPES.contains(type)) throw ApiException.invalid("Invalid destination_type '" + type + "'.");
            if (type.equals("EMAIL")) emails++;
            else others++;
            if (type.equals("URL")) url = true;
        }
        if (emails > MAX_EMAILS) throw ApiException.invalid("At most " + MAX_EMAILS + " email destinations can be assigned.");
        if (others > MAX_OTHERS) throw ApiException.invalid("At most " + MAX_OTHERS + " non-email destinations can be assigned.");
        if (url && list.size() > 1) throw ApiException.invalid("A URL destination cannot be combined with other destinations.");
    }

    private ObjectNode resolved(Entity e) {
        ObjectNode out = json.createObjectNode();
        securable(out.putObject("securable"), e);
        out.put("full_name", e.fullName());
        out.put("securable_type", singular(e.type()));
        for (Entity level : lineage(e)) {
            Optional<ObjectNode> own = own(level);
            if (own.isPresent()) {
                out.set("destinations", own.get().get("destinations"));
                securable(out.putObject("destination_source_securable"), level);
                return out;
            }
        }
        out.putArray("destinations").addObject().put("special_destination",
                "SPECIAL_DESTINATION_" + singular(e.type()).toUpperCase(Locale.ROOT) + "_OWNER");
        securable(out.putObject("destination_source_securable"), e);
        return out;
    }

    /** The securable's own destinations, unless they were set on an earlier object of the same name. */
    private Optional<ObjectNode> own(Entity e) {
        Optional<ObjectNode> r = destinations.get(key(e));
        if (r.isPresent() && e.id() != null && !e.id().equals(r.get().path("entity_id").asText(null))) {
            destinations.delete(key(e));
            return Optional.empty();
        }
        return r;
    }

    private List<Entity> lineage(Entity e) {
        List<Entity> out = new ArrayList<>(List.of(e));
        String[] parts = e.fullName().split("\\.");
        if (parts.length >= 3) out.add(entities.resolve("schema", parts[0] + "." + parts[1]));
        if (parts.length >= 2) out.add(entities.resolve("catalog", parts[0]));
        return out;
    }

    private static void securable(ObjectNode into, Entity e) {
        into.put("type", singular(e.type()).toUpperCase(Locale.ROOT));
        into.put("full_name", e.fullName());
    }

    private static String key(Entity e) {
        return singular(e.type()) + "/" + e.fullName();
    }

    private static String singular(String type) {
        return type.substring(0, type.length() - 1);
    }
}
