package dev.minilake.iam;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The workspace's restricted sharing groups (the SDK's AssumeGroupAPI): a list of workspace groups,
 * each a real SCIM group that is not a system group (admins, users). Stored by group id; the display
 * name is read live from SCIM, and a group deleted from SCIM drops off the list. Nothing consults
 * the list (no sharing is restricted).
 */
@Service
public class RestrictedSharingGroupsService {
    static final String PREFIX = "restricted-sharing-groups/";
    static final int MAX_GROUPS = 100;
    private static final List<String> SYSTEM_GROUPS = List.of("admins", "users");

    private final Store store;
    private final ObjectMapper json;
    private final ScimService scim;
    private final Collection<ObjectNode> records;

    public RestrictedSharingGroupsService(Store store, ObjectMapper json, ScimService scim) {
        this.store = store;
        this.json = json;
        this.scim = scim;
        this.records = store.collection("restricted-sharing-group", ObjectNode.class);
    }

    public ObjectNode create(String groupId) {
        if (groupId == null || groupId.isBlank()) throw ApiException.missingField("restricted_sharing_group_id");
        if (!groupId.matches("\\d+")) throw ApiException.invalid("restricted_sharing_group_id must be the numeric id of a workspace group, got '" + groupId + "'");
        ObjectNode group = scim.get(ScimKind.GROUP, groupId); // 404 if there is no such group
        String display = group.path("displayName").asText();
        if (SYSTEM_GROUPS.contains(display)) throw ApiException.invalid("The system group '" + display + "' cannot be a restricted sharing group");
        return store.inTransaction(() -> {
            if (list().size() >= MAX_GROUPS) throw ApiException.invalid("The workspace allows at most " + MAX_GROUPS + " restricted sharing groups");
            ObjectNode r = json.createObjectNode();
            r.put("name", PREFIX + groupId).put("restricted_sharing_group_id", groupId);
            if (!records.insert(groupId, r)) throw ApiException.alreadyExists("Restricted sharing group " + PREFIX + groupId);
            return view(r).orElseThrow();
        });
    }

    public ObjectNode get(String name) {
        return find(name).orElseThrow(() -> ApiException.notFound("Restricted sharing group " + name));
    }

    public void delete(String name) {
        get(name);
        records.delete(idOf(name));
    }

    /** Sorted by group id as a number; the page token is the last id. */
    public List<ObjectNode> list() {
        List<ObjectNode> out = new ArrayList<>();
        for (ObjectNode r : records.list()) view(r).ifPresent(out::add);
        out.sort(Comparator.comparing(r -> Long.parseLong(r.path("restricted_sharing_group_id").asText())));
        return out;
    }

    private Optional<ObjectNode> find(String name) {
        return records.get(idOf(name)).flatMap(this::view);
    }

    private static String idOf(String name) {
        if (name == null || !name.startsWith(PREFIX) || !name.substring(PREFIX.length()).matches("\\d+")) {
            throw ApiException.invalid("A restricted sharing group is named " + PREFIX + "{restricted_sharing_group_id}, got '" + name + "'");
        }
        return name.substring(PREFIX.length());
    }

    /** The wire form with the group's current display name; empty once the group is gone from SCIM. */
    private Optional<ObjectNode> view(ObjectNode r) {
        String id = r.path("restricted_sharing_group_id").asText();
        JsonNode group;
        try {
            group = scim.get(ScimKind.GROUP, id);
        } catch (ApiException gone) {
            return Optional.empty();
        }
        ObjectNode out = r.deepCopy();
        out.put("group_display_name", group.path("displayName").asText());
        return Optional.of(out);
    }
}
