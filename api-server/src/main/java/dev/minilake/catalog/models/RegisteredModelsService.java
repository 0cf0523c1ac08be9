package dev.minilake.catalog.models;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.MetastoreService;
import dev.minilake.catalog.Names;
import dev.minilake.catalog.Names.ObjectName;
import dev.minilake.core.api.Paging;
import dev.minilake.catalog.SchemasService;
import dev.minilake.catalog.models.ModelDtos.CreateModelVersion;
import dev.minilake.catalog.models.ModelDtos.CreateRegisteredModel;
import dev.minilake.catalog.models.ModelDtos.ListModelVersionsResponse;
import dev.minilake.catalog.models.ModelDtos.ListRegisteredModelsResponse;
import dev.minilake.catalog.models.ModelDtos.ModelRecord;
import dev.minilake.catalog.models.ModelDtos.ModelVersionInfo;
import dev.minilake.catalog.models.ModelDtos.RegisteredModelAlias;
import dev.minilake.catalog.models.ModelDtos.RegisteredModelInfo;
import dev.minilake.catalog.models.ModelDtos.UpdateRegisteredModel;
import dev.minilake.catalog.models.ModelDtos.VersionRecord;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.DataDir;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Unity Catalog registered models ({@code catalog.schema.model}) and their versions, named like the
 * SDK's RegisteredModelsAPI and ModelVersionsAPI. Models and versions are stored records; each
 * version gets a real, empty storage directory under the data dir ({@code models/cat/sch/model/versions/N}).
 * No MLflow artifacts are uploaded or served. A model remembers the id of the schema it was made in,
 * so a model whose schema was dropped (and maybe re-created) is gone too.
 */
@Service
public class RegisteredModelsService {
    private static final Pattern ALIAS = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]{0,254}");

    private final Store store;
    private final SchemasService schemas;
    private final MetastoreService metastore;
    private final DataDir dataDir;
    private final CurrentUserService user;
    private final ObjectMapper json;
    private final Collection<ModelRecord> models;
    private final Collection<VersionRecord> versions;

    public RegisteredModelsService(Store store, SchemasService schemas, MetastoreService metastore, DataDir dataDir,
                                   CurrentUserService user, ObjectMapper json) {
        this.store = store;
        this.schemas = schemas;
        this.metastore = metastore;
        this.dataDir = dataDir;
        this.user = user;
        this.json = json;
        this.models = store.collection("uc_model", ModelRecord.class);
        this.versions = store.collection("uc_model_version", VersionRecord.class);
    }

    // ---- registered models

    public synchronized RegisteredModelInfo create(CreateRegisteredModel req) {
        ObjectName n = Names.object("model", req.catalog_name(), req.schema_name(), req.name());
        if (req.storage_location() != null && !req.storage_location().isBlank()) {
            throw ApiException.invalid("MiniLake keeps models in managed storage only; leave storage_location unset.");
        }
        String schemaId = schemaId(n);
        return store.inTransaction(() -> {
            if (find(n.fullName()).isPresent()) throw ApiException.alreadyExists("Registered model '" + n.fullName() + "'");
            long now = System.currentTimeMillis();
            String me = user.userName();
            ModelRecord m = new ModelRecord(n.fullName(), n.catalog(), n.schema(), n.name(), schemaId, req.comment(), me,
                    Map.of(), 1, now, me, now, me);
            models.insert(n.fullName(), n.schemaName().fullName(), m);
            return info(m, true);
        });
    }

    public RegisteredModelInfo get(String fullName, boolean includeAliases) {
        return info(require(fullName), includeAliases);
    }

    /** Models sorted by full name, optionally of one catalog or one schema. */
    public ListRegisteredModelsResponse list(String catalog, String schema, Long maxResults, String pageToken) {
        List<ModelRecord> all;
        if (schema != null && !schema.isBlank()) {
            if (catalog == null || catalog.isBlank()) throw ApiException.invalid("schema_name needs catalog_name.");
            Names.SchemaName s = Names.schema(catalog, schema);
            if (!schemas.exists(s.catalog(), s.schema())) throw ApiException.notFound("Schema '" + s.fullName() + "'");
            all = models.listByParent(s.fullName());
        } else if (catalog != null && !catalog.isBlank()) {
            String c = Names.validate("catalog name", catalog);
            all = models.listByIdPrefix(c + ".");
        } else {
            all = models.list();
        }
        List<ModelRecord> live = all.stream().filter(this::live).sorted(Comparator.comparing(ModelRecord::full_name)).toList();
        Paging.Page<ModelRecord> p = Paging.page(live, ModelRecord::full_name, maxResults, pageToken);
        return new ListRegisteredModelsResponse(p.items().stream().map(m -> info(m, false)).toList(), p.nextPageToken());
    }

    public synchronized RegisteredModelInfo update(String fullName, UpdateRegisteredModel change) {
        ModelRecord m = require(fullName);
        if (change.new_name() != null && !change.new_name().isBlank() && !change.new_name().equalsIgnoreCase(m.name())
                && !change.new_name().equalsIgnoreCase(m.full_name())) {
            throw ApiException.invalid("Renaming a registered model is not supported by MiniLake (new_name '" + change.new_name() + "').");
        }
        long now = System.currentTimeMillis();
        ModelRecord next = new ModelRecord(m.full_name(), m.catalog_name(), m.schema_name(), m.name(), m.schema_id(),
                change.comment() != null ? change.comment() : m.comment(), change.owner() != null ? change.owner() : m.owner(),
                m.aliases(), m.next_version(), m.created_at(), m.created_by(), now, user.userName());
        models.put(m.full_name(), parent(m), next);
        return info(next, true);
    }

    /** Deletes a model, its versions and their directories. */
    public synchronized void delete(String fullName) {
        ModelRecord m = require(fullName);
        forget(m);
    }

    public synchronized RegisteredModelAlias setAlias(String fullName, String alias, long version) {
        ModelRecord m = require(fullName);
        String a = alias(alias);
        requireVersion(m, version);
        Map<String, Long> aliases = new LinkedHashMap<>(m.aliases());
        aliases.put(a, version);
        models.put(m.full_name(), parent(m), withAliases(m, aliases));
        return alias(m, a, version);
    }

    public synchronized void deleteAlias(String fullName, String alias) {
        ModelRecord m = require(fullName);
        String a = alias.toLowerCase(Locale.ROOT);
        if (!m.aliases().containsKey(a)) throw ApiException.notFound("Alias '" + alias + "' of registered model '" + m.full_name() + "'");
        Map<String, Long> aliases = new LinkedHashMap<>(m.aliases());
        aliases.remove(a);
        models.put(m.full_name(), parent(m), withAliases(m, aliases));
    }

    // ---- model versions

    /** Creates the next version (1, 2, 3, ... per model) with its storage directory; it is READY at once. */
    public synchronized ModelVersionInfo createVersion(CreateModelVersion req) {
        ModelRecord m = require(req.name());
        long version = m.next_version();
        Path dir = modelDir(m).resolve("versions").resolve(Long.toString(version));
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new ApiException(ErrorCode.INTERNAL_ERROR, "Could not create the storage of " + m.full_name() + " version " + version + ": " + e.getMessage());
        }
        long now = System.currentTimeMillis();
        String me = user.userName();
        VersionRecord v = new VersionRecord(m.full_name(), version, UUID.randomUUID().toString(), req.description(), req.source(),
                req.run_id(), req.run_workspace_id(), "READY", dir.toUri().toString(), req.model_version_dependencies(),
                now, me, now, me);
        store.inTransaction(() -> {
            versions.insert(versionKey(m.full_name(), version), m.full_name(), v);
            models.put(m.full_name(), parent(m), new ModelRecord(m.full_name(), m.catalog_name(), m.schema_name(), m.name(),
                    m.schema_id(), m.comment(), m.owner(), m.aliases(), version + 1, m.created_at(), m.created_by(), now, me));
        });
        return versionInfo(require(m.full_name()), v, true);
    }

    public ModelVersionInfo getVersion(String fullName, long version, boolean includeAliases) {
        ModelRecord m = require(fullName);
        return versionInfo(m, requireVersion(m, version), includeAliases);
    }

    public ModelVersionInfo getByAlias(String fullName, String alias, boolean includeAliases) {
        ModelRecord m = require(fullName);
        Long version = m.aliases().get(alias.toLowerCase(Locale.ROOT));
        if (version == null) throw ApiException.notFound("Alias '" + alias + "' of registered model '" + m.full_name() + "'");
        return versionInfo(m, requireVersion(m, version), includeAliases);
    }

    public ListModelVersionsResponse listVersions(String fullName, Long maxResults, String pageToken) {
        ModelRecord m = require(fullName);
        List<VersionRecord> sorted = versions.listByParent(m.full_name()).stream()
                .sorted(Comparator.comparingLong(VersionRecord::version)).toList();
        Paging.Page<VersionRecord> p = Paging.page(sorted, v -> pad(v.version()), maxResults, pageToken);
        return new ListModelVersionsResponse(p.items().stream().map(v -> versionInfo(m, v, false)).toList(), p.nextPageToken());
    }

    public synchronized ModelVersionInfo updateVersion(String fullName, long version, String comment) {
        ModelRecord m = require(fullName);
        VersionRecord v = requireVersion(m, version);
        VersionRecord next = new VersionRecord(v.model_full_name(), v.version(), v.id(), comment != null ? comment : v.comment(),
                v.source(), v.run_id(), v.run_workspace_id(), v.status(), v.storage_location(), v.model_version_dependencies(),
                v.created_at(), v.created_by(), System.currentTimeMillis(), user.userName());
        versions.put(versionKey(m.full_name(), version), m.full_name(), next);
        return versionInfo(m, next, true);
    }

    /** Deletes a version, its directory and the aliases that pointed at it. */
    public synchronized void deleteVersion(String fullName, long version) {
        ModelRecord m = require(fullName);
        VersionRecord v = requireVersion(m, version);
        Map<String, Long> aliases = new LinkedHashMap<>(m.aliases());
        aliases.values().removeIf(n -> n == version);
        store.inTransaction(() -> {
            versions.delete(versionKey(m.full_name(), v.version()));
            models.put(m.full_name(), parent(m), withAliases(m, aliases));
        });
        deleteTree(modelDir(m).resolve("versions").resolve(Long.toString(version)));
    }

    /** MLflow's wire form of a version ({@code /api/2.0/mlflow/unity-catalog/model-versions/...}). */
    public ObjectNode mlflowView(ModelVersionInfo v) {
        ObjectNode mv = json.createObjectNode();
        mv.put("name", v.catalog_name() + "." + v.schema_name() + "." + v.model_name());
        mv.put("version", Long.toString(v.version()));
        mv.put("creation_timestamp", v.created_at());
        mv.put("last_updated_timestamp", v.updated_at());
        mv.put("user_id", v.created_by());
        if (v.comment() != null) mv.put("description", v.comment());
        mv.put("source", v.source());
        if (v.run_id() != null) mv.put("run_id", v.run_id());
        mv.put("status", v.status());
        mv.put("storage_location", v.storage_location());
        ObjectNode out = json.createObjectNode();
        out.set("model_version", mv);
        return out;
    }

    /** Empties the models directory (the store is cleared by reset itself). */
    void resetFiles() throws IOException {
        DataDir.emptyDirectory(area());
    }

    // ---- internals

    /** The model, if it exists and its schema is still the one it was created in. */
    private Optional<ModelRecord> find(String fullName) {
        ObjectName n = Names.objectFullName("model", fullName);
        Optional<ModelRecord> m = models.get(n.fullName());
        if (m.isPresent() && !live(m.get())) {
            forget(m.get());
            return Optional.empty();
        }
        return m;
    }

    private ModelRecord require(String fullName) {
        String key = Names.objectFullName("model", fullName).fullName();
        return find(key).orElseThrow(() -> ApiException.notFound("Registered model '" + key + "'"));
    }

    private boolean live(ModelRecord m) {
        try {
            return schemas.exists(m.catalog_name(), m.schema_name())
                    && m.schema_id().equals(schemas.get(m.catalog_name() + "." + m.schema_name()).schema_id());
        } catch (ApiException gone) {
            return false;
        }
    }

    private String schemaId(ObjectName n) {
        if (!schemas.exists(n.catalog(), n.schema())) throw ApiException.notFound("Schema '" + n.schemaName().fullName() + "'");
        return schemas.get(n.schemaName().fullName()).schema_id();
    }

    private void forget(ModelRecord m) {
        store.inTransaction(() -> {
            versions.deleteByParent(m.full_name());
            models.delete(m.full_name());
        });
        deleteTree(modelDir(m));
    }

    private VersionRecord requireVersion(ModelRecord m, long version) {
        return versions.get(versionKey(m.full_name(), version))
                .orElseThrow(() -> ApiException.notFound("Version " + version + " of registered model '" + m.full_name() + "'"));
    }

    private static String alias(String alias) {
        if (alias == null || !ALIAS.matcher(alias).matches()) {
            throw ApiException.invalid("Invalid alias '" + alias + "': letters, digits, underscores and hyphens, not starting with a digit.");
        }
        if (alias.matches("(?i)latest|v\\d+")) throw ApiException.invalid("Alias '" + alias + "' is reserved.");
        return alias.toLowerCase(Locale.ROOT);
    }

    private RegisteredModelAlias alias(ModelRecord m, String alias, long version) {
        return new RegisteredModelAlias(alias, m.catalog_name(), m.schema_name(), m.name(), null, version);
    }

    private List<RegisteredModelAlias> aliases(ModelRecord m, Long onlyVersion) {
        List<RegisteredModelAlias> out = new ArrayList<>();
        m.aliases().forEach((a, v) -> {
            if (onlyVersion == null || onlyVersion.equals(v)) out.add(alias(m, a, v));
        });
        return out;
    }

    private static ModelRecord withAliases(ModelRecord m, Map<String, Long> aliases) {
        return new ModelRecord(m.full_name(), m.catalog_name(), m.schema_name(), m.name(), m.schema_id(), m.comment(), m.owner(),
                aliases, m.next_version(), m.created_at(), m.created_by(), m.updated_at(), m.updated_by());
    }

    private RegisteredModelInfo info(ModelRecord m, boolean includeAliases) {
        return new RegisteredModelInfo(m.name(), m.catalog_name(), m.schema_name(), m.full_name(), m.comment(), m.owner(),
                modelDir(m).toUri().toString(), metastore.metastoreId(), includeAliases ? aliases(m, null) : null, false,
                m.created_at(), m.created_by(), m.updated_at(), m.updated_by());
    }

    private ModelVersionInfo versionInfo(ModelRecord m, VersionRecord v, boolean includeAliases) {
        return new ModelVersionInfo(m.name(), m.catalog_name(), m.schema_name(), v.version(), v.id(), v.comment(), v.source(),
                v.run_id(), v.run_workspace_id(), v.status(), v.storage_location(), metastore.metastoreId(),
                includeAliases ? aliases(m, v.version()) : null, v.model_version_dependencies(),
                v.created_at(), v.created_by(), v.updated_at(), v.updated_by());
    }

    private static String parent(ModelRecord m) {
        return m.catalog_name() + "." + m.schema_name();
    }

    private static String versionKey(String model, long version) {
        return model + "/" + pad(version);
    }

    private static String pad(long version) {
        return String.format("%010d", version);
    }

    private Path modelDir(ModelRecord m) {
        return area().resolve(m.catalog_name()).resolve(m.schema_name()).resolve(m.name());
    }

    private Path area() {
        return dataDir.area("models");
    }

    private static void deleteTree(Path root) {
        try {
            if (!Files.exists(root)) return;
            DataDir.emptyDirectory(root);
            Files.deleteIfExists(root);
        } catch (IOException e) {
            throw new ApiException(ErrorCode.INTERNAL_ERROR, "Could not delete " + root + ": " + e.getMessage());
        }
    }
}
