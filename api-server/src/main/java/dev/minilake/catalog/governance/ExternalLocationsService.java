package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.MetastoreService;
import dev.minilake.catalog.TablesService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.Store;
import dev.minilake.engines.delta.StorageLocations;
import org.springframework.stereotype.Service;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * External locations: a name for a local directory (the same confinement as EXTERNAL tables: /abs
 * or file:///abs inside the data dir or MINILAKE_STORAGE_ROOTS) and the storage credential that
 * would reach it. Checked for real: the url resolves inside the roots, does not overlap another
 * location, the credential exists, and no EXTERNAL table lives under a location that is deleted or
 * moved (unless force). Not enforced: tables may be created anywhere inside the roots regardless.
 */
@Service
public class ExternalLocationsService {
    private static final Set<String> CREATE_FIELDS = Set.of("name", "url", "comment", "read_only", "fallback", "enable_file_events",
            "file_event_queue", "encryption_details");
    private static final Set<String> UPDATE_FIELDS = Set.of("url", "comment", "read_only", "fallback", "enable_file_events",
            "file_event_queue", "encryption_details", "owner", "isolation_mode");

    private final ObjectMapper json;
    private final Settings settings;
    private final MetastoreService metastore;
    private final CredentialsService credentials;
    private final StorageLocations locations;
    private final TablesService tables;
    private final NamedRecords records;

    public ExternalLocationsService(Store store, ObjectMapper json, Settings settings, MetastoreService metastore,
                                    CredentialsService credentials, StorageLocations locations, TablesService tables) {
        this.json = json;
        this.settings = settings;
        this.metastore = metastore;
        this.credentials = credentials;
        this.locations = locations;
        this.tables = tables;
        this.records = new NamedRecords(store, "uc_external_location", "External location");
    }

    public ObjectNode create(JsonNode body) {
        String name = CredentialsService.requiredText(body, "name");
        String url = CredentialsService.requiredText(body, "url").trim();
        String credentialName = CredentialsService.requiredText(body, "credential_name");
        Path dir = resolve(url);
        checkOverlap(dir, null);
        boolean skip = body.path("skip_validation").asBoolean(false);
        Optional<ObjectNode> cred = credential(credentialName, skip);
        ObjectNode r = json.createObjectNode();
        CREATE_FIELDS.forEach(f -> {
            if (body.hasNonNull(f)) r.set(f, body.get(f));
        });
        r.put("name", name);
        r.put("url", url);
        r.put("credential_name", cred.map(c -> c.path("name").asText()).orElse(credentialName));
        cred.ifPresent(c -> r.put("credential_id", c.path("id").asText()));
        r.put("metastore_id", metastore.metastoreId());
        r.put("owner", settings.userName());
        r.put("isolation_mode", "ISOLATION_MODE_OPEN");
        r.put("browse_only", false);
        if (!r.has("read_only")) r.put("read_only", false);
        if (!r.has("fallback")) r.put("fallback", false);
        r.put("id", UUID.randomUUID().toString());
        return view(records.insert(r, settings.userName()));
    }

    public ObjectNode get(String name) {
        return view(records.get(name));
    }

    public Optional<ObjectNode> find(String name) {
        return records.find(name).map(this::view);
    }

    /** The location's stable id (kept through renames). */
    public String idOf(String name) {
        return records.get(name).path("id").asText();
    }

    public List<ObjectNode> list() {
        return records.sorted().stream().map(this::view).toList();
    }

    public ObjectNode update(String name, JsonNode change) {
        ObjectNode old = records.get(name);
        if (change.hasNonNull("isolation_mode") && !CredentialsService.ISOLATION_MODES.contains(change.get("isolation_mode").asText())) {
            throw ApiException.invalid("Invalid isolation_mode '" + change.get("isolation_mode").asText() + "'.");
        }
        if (change.hasNonNull("new_name") && change.get("new_name").asText().isBlank()) throw ApiException.invalid("new_name must not be blank.");
        boolean force = change.path("force").asBoolean(false);
        if (change.hasNonNull("url")) {
            String url = change.get("url").asText().trim();
            Path dir = resolve(url);
            checkOverlap(dir, old.path("name").asText());
            Path oldDir = safeResolve(old.path("url").asText());
            if (oldDir != null && !oldDir.equals(dir) && !force) refuseIfUsed(old, "moved");
        }
        Optional<ObjectNode> cred = change.hasNonNull("credential_name")
                ? credential(change.get("credential_name").asText(), change.path("skip_validation").asBoolean(false)) : Optional.empty();
        return view(records.update(name, change, UPDATE_FIELDS, r -> {
            if (change.hasNonNull("url")) r.put("url", change.get("url").asText().trim());
            if (change.hasNonNull("credential_name")) {
                r.put("credential_name", cred.map(c -> c.path("name").asText()).orElse(change.get("credential_name").asText()));
                if (cred.isPresent()) r.put("credential_id", cred.get().path("id").asText());
                else r.remove("credential_id");
            }
            return r;
        }, settings.userName()));
    }

    /** Deletes the location; refused while EXTERNAL tables live under it, unless {@code force}. */
    public void delete(String name, boolean force) {
        ObjectNode r = records.get(name);
        if (!force) refuseIfUsed(r, "deleted");
        records.delete(name);
    }

    /** Names of the locations that use a storage credential (by id, so renames follow). */
    public List<String> usingCredential(ObjectNode credential) {
        String id = credential.path("id").asText();
        return records.sorted().stream().filter(r -> id.equals(r.path("credential_id").asText()))
                .map(r -> r.path("name").asText()).toList();
    }

    /** The directory a url names, confined to the storage roots (400 otherwise). */
    Path resolve(String url) {
        try {
            return locations.resolve(url);
        } catch (ApiException e) {
            if (url == null || url.isBlank()) throw ApiException.missingField("url");
            throw new ApiException(e.code(), e.getMessage().replace("storage_location", "url"));
        }
    }

    private Path safeResolve(String url) {
        try {
            return locations.resolve(url);
        } catch (ApiException e) {
            return null;
        }
    }

    private void checkOverlap(Path dir, String self) {
        for (ObjectNode other : records.sorted()) {
            String otherName = other.path("name").asText();
            if (otherName.equalsIgnoreCase(self == null ? "" : self)) continue;
            Path o = safeResolve(other.path("url").asText());
            if (o != null && (o.startsWith(dir) || dir.startsWith(o))) {
                throw ApiException.invalid("url " + dir + " overlaps external location '" + otherName + "' (" + other.path("url").asText() + ").");
            }
        }
    }

    private void refuseIfUsed(ObjectNode r, String how) {
        Path dir = safeResolve(r.path("url").asText());
        if (dir == null) return;
        List<String> used = tables.externalTablesUnder(dir);
        if (!used.isEmpty()) {
            throw ApiException.invalid("External location '" + r.path("name").asText() + "' is used by table(s) " + used
                    + " and cannot be " + how + " without force.");
        }
    }

    private Optional<ObjectNode> credential(String name, boolean skipValidation) {
        Optional<ObjectNode> c = credentials.find(name).filter(x -> "STORAGE".equals(x.path("purpose").asText()));
        if (c.isEmpty() && !skipValidation) {
            throw ApiException.invalid("Storage credential '" + name + "' does not exist (create it first, or pass skip_validation).");
        }
        return c;
    }

    /** The wire form: credential_name follows a renamed credential. */
    private ObjectNode view(ObjectNode r) {
        ObjectNode out = r.deepCopy();
        out.remove("id");
        if (r.hasNonNull("credential_id")) credentials.nameById(r.get("credential_id").asText()).ifPresent(n -> out.put("credential_name", n));
        return out;
    }
}
