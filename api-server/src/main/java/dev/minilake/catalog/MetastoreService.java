package dev.minilake.catalog;

import dev.minilake.core.api.Paging;
import dev.minilake.catalog.CatalogDtos.CreateMetastore;
import dev.minilake.catalog.CatalogDtos.ListMetastoresResponse;
import dev.minilake.catalog.CatalogDtos.MetastoreAssignment;
import dev.minilake.catalog.CatalogDtos.MetastoreInfo;
import dev.minilake.catalog.CatalogDtos.UpdateMetastore;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.DataDir;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Service;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The metastores, named like the SDK's MetastoresAPI. The built-in metastore holds every catalog;
 * its id is derived from the workspace id, so it is the same across resets and restarts. Further
 * metastores can be created, updated, dropped (and undropped) and the workspace assigned to one:
 * that changes {@code current-metastore-assignment} only. Catalogs stay in the built-in metastore,
 * whose {@code metastore_summary} keeps answering for them.
 */
@Service
public class MetastoreService {
    public static final String DEFAULT_CATALOG = "main";
    /** A fixed creation time: the metastore is not created by anything the user does. */
    private static final long CREATED_AT = 1_700_000_000_000L;
    private static final Set<String> SHARING_SCOPES = Set.of("INTERNAL", "INTERNAL_AND_EXTERNAL");
    private static final String ASSIGNMENT = "current";

    private final Settings settings;
    private final DataDir dataDir;
    private final String metastoreId;
    private final Store store;
    /** Created metastores, and the built-in one once it was updated. */
    private final Collection<MetastoreInfo> stored;
    private final Collection<MetastoreInfo> dropped;
    private final Collection<MetastoreAssignment> assignment;

    public MetastoreService(Settings settings, DataDir dataDir, Store store) {
        this.settings = settings;
        this.dataDir = dataDir;
        this.store = store;
        this.metastoreId = UUID.nameUUIDFromBytes(("minilake-metastore:" + settings.workspaceId())
                .getBytes(StandardCharsets.UTF_8)).toString();
        this.stored = store.collection("uc_metastore", MetastoreInfo.class);
        this.dropped = store.collection("uc_metastore_dropped", MetastoreInfo.class);
        this.assignment = store.collection("uc_metastore_assignment", MetastoreAssignment.class);
    }

    /** The built-in metastore's id: the one every catalog, schema and table reports. */
    public String metastoreId() {
        return metastoreId;
    }

    /** The built-in metastore, with any update applied to it. */
    public MetastoreInfo summary() {
        return stored.get(metastoreId).orElseGet(this::builtIn);
    }

    private MetastoreInfo builtIn() {
        return new MetastoreInfo(metastoreId, "local:minilake:" + metastoreId, "minilake", settings.userName(), "local",
                "local", dataDir.root().toString(), "1.0", "INTERNAL", true,
                CREATED_AT, settings.userName(), CREATED_AT, settings.userName(), null, null, null);
    }

    public MetastoreInfo get(String id) {
        if (metastoreId.equals(id)) return summary();
        return stored.get(id == null ? "" : id).orElseThrow(() -> ApiException.notFound("Metastore '" + id + "'"));
    }

    /** Every metastore, sorted by lowercase name (the page token). */
    public List<MetastoreInfo> all() {
        List<MetastoreInfo> out = new ArrayList<>();
        out.add(summary());
        stored.list().stream().filter(m -> !m.metastore_id().equals(metastoreId)).forEach(out::add);
        out.sort(Comparator.comparing(m -> m.name().toLowerCase(Locale.ROOT)));
        return out;
    }

    public ListMetastoresResponse list(Long maxResults, String pageToken) {
        Paging.Page<MetastoreInfo> p = Paging.page(all(), m -> m.name().toLowerCase(Locale.ROOT), maxResults, pageToken);
        return new ListMetastoresResponse(p.items(), p.nextPageToken());
    }

    /** Creates a stored metastore; names are unique (case-insensitive). Its storage_root is kept, never used. */
    public MetastoreInfo create(CreateMetastore req) {
        return store.inTransaction(() -> {
            requireFreeName(req.name(), null);
            String id = UUID.randomUUID().toString();
            long now = System.currentTimeMillis();
            MetastoreInfo m = new MetastoreInfo(id, "local:minilake:" + id, req.name(), settings.userName(),
                    req.region() == null ? "local" : req.region(), "local", req.storage_root(), "1.0", "INTERNAL",
                    req.external_access_enabled() == null ? false : req.external_access_enabled(),
                    now, settings.userName(), now, settings.userName(), null, null, null);
            stored.insert(id, m);
            return m;
        });
    }

    public MetastoreInfo update(String id, UpdateMetastore u) {
        if (u.delta_sharing_scope() != null && !SHARING_SCOPES.contains(u.delta_sharing_scope())) {
            throw ApiException.invalid("Invalid delta_sharing_scope '" + u.delta_sharing_scope() + "': INTERNAL or INTERNAL_AND_EXTERNAL.");
        }
        if (u.new_name() != null && u.new_name().isBlank()) throw ApiException.invalid("new_name must not be blank.");
        if (u.delta_sharing_recipient_token_lifetime_in_seconds() != null && u.delta_sharing_recipient_token_lifetime_in_seconds() < 0) {
            throw ApiException.invalid("delta_sharing_recipient_token_lifetime_in_seconds must not be negative.");
        }
        return store.inTransaction(() -> {
            MetastoreInfo m = get(id);
            if (u.new_name() != null) requireFreeName(u.new_name(), m.metastore_id());
            MetastoreInfo n = new MetastoreInfo(m.metastore_id(), m.global_metastore_id(), or(u.new_name(), m.name()), or(u.owner(), m.owner()),
                    m.region(), m.cloud(), m.storage_root(), or(u.privilege_model_version(), m.privilege_model_version()),
                    or(u.delta_sharing_scope(), m.delta_sharing_scope()), or(u.external_access_enabled(), m.external_access_enabled()),
                    m.created_at(), m.created_by(), System.currentTimeMillis(), settings.userName(),
                    or(u.delta_sharing_organization_name(), m.delta_sharing_organization_name()),
                    or(u.delta_sharing_recipient_token_lifetime_in_seconds(), m.delta_sharing_recipient_token_lifetime_in_seconds()),
                    or(u.storage_root_credential_id(), m.storage_root_credential_id()));
            stored.put(n.metastore_id(), n);
            return n;
        });
    }

    /**
     * Drops a created metastore (kept for undrop). The built-in one holds the catalogs and cannot be
     * dropped; the assigned one only with force, which moves the workspace back to the built-in one.
     */
    public void delete(String id, boolean force) {
        store.inTransaction(() -> {
            MetastoreInfo m = get(id);
            if (m.metastore_id().equals(metastoreId)) {
                throw ApiException.invalid("The built-in metastore '" + m.name() + "' holds the catalogs and cannot be deleted.");
            }
            if (currentAssignment().metastore_id().equals(m.metastore_id())) {
                if (!force) throw ApiException.invalid("Metastore '" + m.name() + "' is assigned to workspace " + settings.workspaceId()
                        + "; unassign it or delete with force.");
                assignment.delete(ASSIGNMENT);
            }
            stored.delete(m.metastore_id());
            dropped.put(m.metastore_id(), m);
        });
    }

    public MetastoreInfo undrop(String id) {
        if (id == null || id.isBlank()) throw ApiException.missingField("id");
        return store.inTransaction(() -> {
            Optional<MetastoreInfo> m = dropped.get(id);
            if (m.isEmpty()) {
                if (metastoreId.equals(id) || stored.get(id).isPresent()) throw ApiException.invalid("Metastore '" + id + "' is not dropped.");
                throw ApiException.notFound("Dropped metastore '" + id + "'");
            }
            requireFreeName(m.get().name(), id);
            dropped.delete(id);
            stored.put(id, m.get());
            return m.get();
        });
    }

    public MetastoreAssignment currentAssignment() {
        return assignment.get(ASSIGNMENT).orElseGet(() -> new MetastoreAssignment(settings.workspaceId(), metastoreId, DEFAULT_CATALOG));
    }

    /** Assigns this workspace to a metastore; the catalogs stay in the built-in one. */
    public void assign(String workspaceId, String id, String defaultCatalog) {
        requireWorkspace(workspaceId);
        if (id == null || id.isBlank()) throw ApiException.missingField("metastore_id");
        store.inTransaction(() -> {
            MetastoreInfo m = get(id);
            assignment.put(ASSIGNMENT, new MetastoreAssignment(settings.workspaceId(), m.metastore_id(),
                    defaultCatalog != null ? defaultCatalog : currentAssignment().default_catalog_name()));
        });
    }

    /** Changes the assignment's metastore and/or default catalog. */
    public void updateAssignment(String workspaceId, String id, String defaultCatalog) {
        requireWorkspace(workspaceId);
        store.inTransaction(() -> {
            MetastoreAssignment now = currentAssignment();
            String target = id != null && !id.isBlank() ? get(id).metastore_id() : now.metastore_id();
            assignment.put(ASSIGNMENT, new MetastoreAssignment(settings.workspaceId(), target,
                    defaultCatalog != null ? defaultCatalog : now.default_catalog_name()));
        });
    }

    /** Unassigns a created metastore: the workspace goes back to the built-in one, which cannot be unassigned. */
    public void unassign(String workspaceId, String id) {
        requireWorkspace(workspaceId);
        if (id == null || id.isBlank()) throw ApiException.missingField("metastore_id");
        store.inTransaction(() -> {
            MetastoreAssignment now = currentAssignment();
            get(id);
            if (!now.metastore_id().equals(id)) {
                throw ApiException.invalid("Metastore '" + id + "' is not assigned to workspace " + settings.workspaceId() + ".");
            }
            if (id.equals(metastoreId)) {
                throw ApiException.invalid("The built-in metastore holds the catalogs and cannot be unassigned.");
            }
            assignment.delete(ASSIGNMENT);
        });
    }

    private void requireWorkspace(String workspaceId) {
        long id;
        try {
            id = Long.parseLong(workspaceId);
        } catch (NumberFormatException e) {
            throw ApiException.invalid("Invalid workspace_id '" + workspaceId + "': expected a number.");
        }
        if (id != settings.workspaceId()) throw ApiException.notFound("Workspace " + id);
    }

    private void requireFreeName(String name, String self) {
        for (MetastoreInfo m : all()) {
            if (m.name().equalsIgnoreCase(name) && !m.metastore_id().equals(self)) throw ApiException.alreadyExists("Metastore '" + name + "'");
        }
    }

    private static <T> T or(T a, T b) {
        return a != null ? a : b;
    }
}
