package dev.minilake.catalog;

import dev.minilake.catalog.Names.ObjectName;
import dev.minilake.catalog.VolumeDtos.CreateVolume;
import dev.minilake.catalog.VolumeDtos.UpdateVolume;
import dev.minilake.catalog.VolumeDtos.VolumeInfo;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.DataDir;
import dev.minilake.engines.delta.StorageLocations;
import org.springframework.stereotype.Service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * Volumes, named like the SDK's VolumesAPI. A MANAGED volume owns a real directory
 * {@code <data>/volumes/<catalog>/<schema>/<volume>}; an EXTERNAL one points at a directory that
 * MiniLake never deletes, confined like EXTERNAL tables to the lake's storage roots and overlapping
 * no other EXTERNAL volume. The Files API resolves {@code /Volumes/...} paths through
 * {@link #resolveVolumeRoot}.
 */
@Service
public class VolumesService {
    private final PhysicalCatalog physical;
    private final UcStore uc;
    private final DataDir dataDir;
    private final MetastoreService metastore;
    private final StorageLocations locations;

    public VolumesService(PhysicalCatalog physical, UcStore uc, DataDir dataDir, MetastoreService metastore,
                          StorageLocations locations) {
        this.locations = locations;
        this.physical = physical;
        this.uc = uc;
        this.dataDir = dataDir;
        this.metastore = metastore;
    }

    public VolumeInfo create(CreateVolume req) {
        ObjectName n = Names.object("volume", req.catalog_name(), req.schema_name(), req.name());
        String type = req.volume_type().toUpperCase(Locale.ROOT);
        return uc.exclusive(() -> {
            physical.requireSchema(n.catalog(), n.schema());
            if (uc.volumes.get(n.fullName()).isPresent()) throw ApiException.alreadyExists("Volume '" + n.fullName() + "'");
            Path root = switch (type) {
                case "MANAGED" -> {
                    if (req.storage_location() != null) throw ApiException.invalid("A MANAGED volume cannot have a storage_location.");
                    yield managedRoot(n);
                }
                case "EXTERNAL" -> externalRoot(req.storage_location(), n);
                default -> throw ApiException.invalid("Invalid volume_type '" + req.volume_type() + "': expected MANAGED or EXTERNAL.");
            };
            long now = System.currentTimeMillis();
            VolumeInfo info = new VolumeInfo(n.name(), n.catalog(), n.schema(), n.fullName(), type, root.toString(),
                    req.comment(), uc.owner(), UUID.randomUUID().toString(), metastore.metastoreId(), false,
                    now, uc.owner(), now, uc.owner());
            boolean madeDir = type.equals("MANAGED") && !Files.exists(root);
            try {
                if (madeDir) Files.createDirectories(root);
                uc.volumes.put(n.fullName(), n.schemaName().fullName(), info);
            } catch (IOException | RuntimeException e) {
                if (madeDir) deleteTree(root);
                if (e instanceof RuntimeException r) throw r;
                throw new ApiException(ErrorCode.INTERNAL_ERROR, "Could not create the directory of volume '" + n.fullName() + "': " + e.getMessage());
            }
            return info;
        });
    }

    public VolumeInfo get(String fullName) {
        ObjectName n = Names.objectFullName("volume", fullName);
        return uc.volumes.get(n.fullName()).orElseThrow(() -> ApiException.notFound("Volume '" + n.fullName() + "'"));
    }

    public boolean exists(String catalog, String schema, String volume) {
        return uc.volumes.get(Names.object("volume", catalog, schema, volume).fullName()).isPresent();
    }

    /** The volumes of a schema, sorted by name. */
    public List<VolumeInfo> list(String catalogName, String schemaName) {
        Names.SchemaName s = Names.schema(Names.required(catalogName, "catalog_name"), Names.required(schemaName, "schema_name"));
        physical.requireSchema(s.catalog(), s.schema());
        return uc.volumes.listByParent(s.fullName()).stream().sorted(Comparator.comparing(VolumeInfo::name)).toList();
    }

    public VolumeInfo update(String fullName, UpdateVolume change) {
        return uc.exclusive(() -> {
            VolumeInfo v = get(fullName);
            if (change.new_name() != null && !change.new_name().equalsIgnoreCase(v.name())) {
                throw ApiException.invalid("Renaming a volume is not supported by MiniLake (new_name '" + change.new_name() + "').");
            }
            VolumeInfo u = new VolumeInfo(v.name(), v.catalog_name(), v.schema_name(), v.full_name(), v.volume_type(),
                    v.storage_location(), change.comment() != null ? change.comment() : v.comment(),
                    change.owner() != null ? change.owner() : v.owner(), v.volume_id(), v.metastore_id(), false,
                    v.created_at(), v.created_by(), System.currentTimeMillis(), uc.owner());
            uc.volumes.put(v.full_name(), v.catalog_name() + "." + v.schema_name(), u);
            return u;
        });
    }

    /** Deletes a volume; a MANAGED volume's files go with it, an EXTERNAL volume's files stay. */
    public void delete(String fullName) {
        uc.exclusive(() -> {
            VolumeInfo v = get(fullName);
            uc.volumes.delete(v.full_name());
            uc.forgetGrant(v.full_name());
            if (v.volume_type().equals("MANAGED")) deleteTree(Path.of(v.storage_location()));
        });
    }

    /**
     * The directory that holds a volume's files; 404 if the volume does not exist. An EXTERNAL
     * volume's location is checked against the storage roots again, so one recorded before the
     * roots changed (or by an older MiniLake) cannot reach outside them.
     */
    public Path resolveVolumeRoot(String catalog, String schema, String volume) {
        ObjectName n = Names.object("volume", catalog, schema, volume);
        VolumeInfo v = get(n.fullName());
        return v.volume_type().equals("EXTERNAL") ? locations.resolve(v.storage_location()) : Path.of(v.storage_location());
    }

    /** Deletes the managed volume files under a catalog, or one schema of it when {@code schema} is given. */
    void deleteManagedFiles(String catalog, String schema) {
        Path dir = area().resolve(catalog);
        deleteTree(schema == null ? dir : dir.resolve(schema));
    }

    void deleteAllManagedFiles() {
        try {
            DataDir.emptyDirectory(area());
        } catch (IOException e) {
            throw new ApiException(ErrorCode.INTERNAL_ERROR, "Could not clear the volumes directory: " + e.getMessage());
        }
    }

    private Path managedRoot(ObjectName n) {
        return area().resolve(n.catalog()).resolve(n.schema()).resolve(n.name());
    }

    private Path area() {
        return dataDir.area("volumes");
    }

    private Path externalRoot(String location, ObjectName n) {
        if (location == null || location.isBlank()) throw ApiException.invalid("An EXTERNAL volume needs a storage_location.");
        Path dir = locations.resolve(location);
        for (VolumeInfo other : uc.volumes.list()) {
            if (!other.volume_type().equals("EXTERNAL") || other.full_name().equals(n.fullName())) continue;
            Path o = Path.of(other.storage_location());
            if (dir.startsWith(o) || o.startsWith(dir)) {
                throw ApiException.invalid("storage_location '" + location + "' overlaps the location of volume " + other.full_name() + ".");
            }
        }
        return dir;
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
