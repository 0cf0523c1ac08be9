package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.CatalogsService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Workspace bindings of catalogs, external locations and credentials: which workspaces may use a
 * securable. Stored per securable id (so bindings follow a rename, and a dropped and re-created
 * name starts unbound) and read back; not enforced, since this MiniLake is the one workspace there is.
 */
@Service
public class WorkspaceBindingsService {
    static final Set<String> BINDING_TYPES = Set.of("BINDING_TYPE_READ_WRITE", "BINDING_TYPE_READ_ONLY");

    /** One binding, as the SDK's WorkspaceBinding. */
    public record Binding(long workspace_id, String binding_type) {
    }

    private final ObjectMapper json;
    private final Collection<ObjectNode> bindings;
    private final CatalogsService catalogs;
    private final CredentialsService credentials;
    private final ExternalLocationsService locations;

    public WorkspaceBindingsService(Store store, ObjectMapper json, CatalogsService catalogs, CredentialsService credentials,
                                    ExternalLocationsService locations) {
        this.json = json;
        this.bindings = store.collection("uc_workspace_binding", ObjectNode.class);
        this.catalogs = catalogs;
        this.credentials = credentials;
        this.locations = locations;
    }

    /** A securable that exists: its store key and its id. */
    private record Securable(String key, String id) {
    }

    /** The bindings of a securable, sorted by workspace id (as text, the paging key). */
    public List<Binding> get(String securableType, String name) {
        return load(resolve(securableType, name));
    }

    /** Adds then removes bindings; returns the resulting ones. */
    public List<Binding> update(String securableType, String name, JsonNode add, JsonNode remove) {
        Securable s = resolve(securableType, name);
        List<Binding> toAdd = parse(add, "add", true);
        List<Binding> toRemove = parse(remove, "remove", false);
        Map<Long, Binding> now = new LinkedHashMap<>();
        load(s).forEach(b -> now.put(b.workspace_id(), b));
        toAdd.forEach(b -> now.put(b.workspace_id(), b));
        toRemove.forEach(b -> now.remove(b.workspace_id()));
        List<Binding> out = sorted(new ArrayList<>(now.values()));
        if (out.isEmpty()) {
            bindings.delete(s.key());
        } else {
            ObjectNode r = json.createObjectNode().put("securable_id", s.id());
            r.set("bindings", json.valueToTree(out));
            bindings.put(s.key(), r);
        }
        return out;
    }

    /** The old catalog-only form: lists of workspace ids, bound read-write. */
    public List<Long> catalogWorkspaces(String name) {
        return get("catalog", name).stream().map(Binding::workspace_id).toList();
    }

    public List<Long> updateCatalogWorkspaces(String name, JsonNode assign, JsonNode unassign) {
        return update("catalog", name, idsAsBindings(assign, "assign_workspaces"), idsAsBindings(unassign, "unassign_workspaces"))
                .stream().map(Binding::workspace_id).toList();
    }

    private JsonNode idsAsBindings(JsonNode ids, String field) {
        ArrayNode out = json.createArrayNode();
        if (ids == null || ids.isNull()) return out;
        if (!ids.isArray()) throw ApiException.invalid("Invalid value for field '" + field + "': expected a list of workspace ids.");
        for (JsonNode id : ids) out.addObject().set("workspace_id", id);
        return out;
    }

    private List<Binding> load(Securable s) {
        return bindings.get(s.key()).filter(r -> s.id().equals(r.path("securable_id").asText()))
                .map(r -> {
                    List<Binding> out = new ArrayList<>();
                    r.path("bindings").forEach(b -> out.add(new Binding(b.path("workspace_id").asLong(), b.path("binding_type").asText())));
                    return sorted(out);
                }).orElse(List.of());
    }

    private static List<Binding> sorted(List<Binding> bs) {
        bs.sort(Comparator.comparing(b -> Long.toString(b.workspace_id())));
        return bs;
    }

    private List<Binding> parse(JsonNode list, String field, boolean withType) {
        List<Binding> out = new ArrayList<>();
        if (list == null || list.isNull()) return out;
        if (!list.isArray()) throw ApiException.invalid("Invalid value for field '" + field + "': expected a list.");
        for (JsonNode b : list) {
            JsonNode id = b.isObject() ? b.get("workspace_id") : null;
            if (id == null || id.isNull()) throw ApiException.missingField(field + ".workspace_id");
            if (!id.canConvertToLong() || id.asLong() <= 0) {
                throw ApiException.invalid("Invalid workspace_id '" + id.asText() + "': expected a positive number.");
            }
            String type = b.path("binding_type").asText("BINDING_TYPE_READ_WRITE");
            if (withType && !BINDING_TYPES.contains(type)) throw ApiException.invalid("Invalid binding_type '" + type + "'.");
            out.add(new Binding(id.asLong(), type));
        }
        return out;
    }

    private Securable resolve(String securableType, String name) {
        String type = securableType == null ? "" : securableType.toLowerCase(Locale.ROOT);
        return switch (type) {
            case "catalog" -> {
                var c = catalogs.get(name);
                yield new Securable("catalog/" + c.id(), c.id());
            }
            case "external_location" -> {
                String id = locations.idOf(name);
                yield new Securable("external_location/" + id, id);
            }
            case "storage_credential", "credential" -> {
                ObjectNode c = credentials.get(name, type.equals("storage_credential") ? "STORAGE" : null);
                // one namespace: a credential's bindings are the same whichever API asks
                yield new Securable("credential/" + c.path("id").asText(), c.path("id").asText());
            }
            default -> throw ApiException.invalid("Invalid securable_type '" + securableType
                    + "': workspace bindings are kept for catalog, external_location, storage_credential and credential.");
        };
    }
}
