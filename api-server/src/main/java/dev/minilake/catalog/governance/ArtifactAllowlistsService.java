package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.MetastoreService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Service;

import java.util.Locale;
import java.util.Set;

/**
 * The metastore's artifact allowlists (init scripts, JARs, Maven coordinates allowed on shared
 * clusters), one per artifact type, empty until set. Stored and read back; clusters and libraries
 * do not consult them.
 */
@Service
public class ArtifactAllowlistsService {
    static final Set<String> TYPES = Set.of("INIT_SCRIPT", "LIBRARY_JAR", "LIBRARY_MAVEN");
    static final Set<String> MATCH_TYPES = Set.of("PREFIX_MATCH");

    private final ObjectMapper json;
    private final Settings settings;
    private final MetastoreService metastore;
    private final Collection<ObjectNode> lists;

    public ArtifactAllowlistsService(Store store, ObjectMapper json, Settings settings, MetastoreService metastore) {
        this.json = json;
        this.settings = settings;
        this.metastore = metastore;
        this.lists = store.collection("uc_artifact_allowlist", ObjectNode.class);
    }

    public ObjectNode get(String artifactType) {
        String type = type(artifactType);
        return lists.get(type).orElseGet(() -> {
            ObjectNode empty = json.createObjectNode();
            empty.putArray("artifact_matchers");
            empty.put("metastore_id", metastore.metastoreId());
            return empty;
        });
    }

    /** Replaces the allowlist of a type (PUT semantics). */
    public ObjectNode replace(String artifactType, JsonNode body) {
        String type = type(artifactType);
        JsonNode matchers = body.get("artifact_matchers");
        if (matchers == null || matchers.isNull()) throw ApiException.missingField("artifact_matchers");
        if (!matchers.isArray()) throw ApiException.invalid("Invalid value for field 'artifact_matchers': expected a list.");
        ArrayNode clean = json.createArrayNode();
        for (JsonNode m : matchers) {
            String artifact = CredentialsService.requiredText(m, "artifact");
            String match = CredentialsService.requiredText(m, "match_type").toUpperCase(Locale.ROOT);
            if (!MATCH_TYPES.contains(match)) throw ApiException.invalid("Invalid match_type '" + m.get("match_type").asText() + "'.");
            clean.addObject().put("artifact", artifact).put("match_type", match);
        }
        ObjectNode r = json.createObjectNode();
        r.set("artifact_matchers", clean);
        r.put("metastore_id", metastore.metastoreId());
        r.put("created_at", System.currentTimeMillis());
        r.put("created_by", settings.userName());
        lists.put(type, r);
        return r;
    }

    private static String type(String t) {
        String up = t == null ? "" : t.toUpperCase(Locale.ROOT);
        if (!TYPES.contains(up)) throw ApiException.invalid("Invalid artifact_type '" + t + "': one of " + TYPES.stream().sorted().toList() + ".");
        return up;
    }
}
