package dev.minilake.catalog;

import dev.minilake.catalog.CatalogDtos.CatalogInfo;
import dev.minilake.catalog.CatalogDtos.ObjectMeta;
import dev.minilake.catalog.CatalogDtos.UpdateCatalog;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.engines.duckdb.DuckDbEngine;
import org.springframework.stereotype.Service;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * Catalogs, named like the SDK's CatalogsAPI. A catalog is its own DuckDB database file, attached
 * under its name; the attached databases are the list of catalogs. Every catalog starts with a
 * {@code default} schema (Terraform's databricks_catalog deletes it right after creating one).
 * Public methods are the Java API the SQL engine calls for CREATE/DROP CATALOG.
 */
@Service
public class CatalogsService {
    public static final String DEFAULT_SCHEMA = "default";

    private final PhysicalCatalog physical;
    private final UcStore uc;
    private final SchemasService schemas;
    private final VolumesService volumes;
    private final DeltaTableRecords deltaTables;
    private final MetastoreService metastore;

    public CatalogsService(PhysicalCatalog physical, UcStore uc, SchemasService schemas, VolumesService volumes, DeltaTableRecords deltaTables,
                           MetastoreService metastore) {
        this.physical = physical;
        this.uc = uc;
        this.schemas = schemas;
        this.volumes = volumes;
        this.deltaTables = deltaTables;
        this.metastore = metastore;
    }

    /** Creates a catalog with its {@code default} schema; all or nothing. */
    public CatalogInfo create(String name, String comment, Map<String, String> properties) {
        String catalog = Names.validate("catalog name", name);
        uc.exclusive(() -> {
            if (physical.catalogExists(catalog)) throw ApiException.alreadyExists("Catalog '" + catalog + "'");
            try {
                physical.engine().attachCatalog(catalog);
                uc.catalogs.put(catalog, uc.freshMeta(catalog, comment, properties));
                schemas.create(catalog, DEFAULT_SCHEMA, "Default schema (auto-created)", null);
            } catch (RuntimeException | SQLException e) {
                undoCreate(catalog, e);
                if (e instanceof RuntimeException r) throw r;
                throw new ApiException(ErrorCode.INTERNAL_ERROR, "Could not create the database of catalog '" + catalog + "': " + e.getMessage());
            }
        });
        return get(catalog);
    }

    public CatalogInfo get(String name) {
        String catalog = Names.validate("catalog name", name);
        requireExists(catalog);
        return info(catalog);
    }

    public boolean exists(String name) {
        return physical.catalogExists(Names.validate("catalog name", name));
    }

    /** Every catalog, sorted by name. */
    public List<CatalogInfo> list() {
        return physical.catalogs().stream().sorted().map(this::info).toList();
    }

    public CatalogInfo update(String name, UpdateCatalog change) {
        String catalog = Names.validate("catalog name", name);
        return uc.exclusive(() -> {
            requireExists(catalog);
            if (change.new_name() != null && !change.new_name().equalsIgnoreCase(catalog)) {
                throw ApiException.invalid("Renaming a catalog is not supported by MiniLake (new_name '" + change.new_name() + "').");
            }
            ObjectMeta meta = meta(catalog).updated(change.comment(), change.owner(), change.properties(), System.currentTimeMillis());
            uc.catalogs.put(catalog, meta);
            return info(catalog);
        });
    }

    /**
     * Drops a catalog: its database file, its volumes' files and everything the store knew about it.
     * Without {@code force} only an empty catalog (at most an empty default schema) may go.
     */
    public void delete(String name, boolean force) {
        String catalog = Names.validate("catalog name", name);
        uc.exclusive(() -> {
            requireExists(catalog);
            if (!force && !isEmpty(catalog)) {
                throw new ApiException(ErrorCode.INVALID_STATE, "Catalog '" + catalog + "' is not empty. "
                        + "Drop its schemas first or delete with force=true.");
            }
            try {
                physical.engine().detachCatalog(catalog, true);
            } catch (SQLException e) {
                throw new ApiException(ErrorCode.INTERNAL_ERROR, "Could not drop the database of catalog '" + catalog + "': " + e.getMessage());
            }
            volumes.deleteManagedFiles(catalog, null);
            deltaTables.deleteManagedFiles(catalog, null);
            uc.forgetCatalog(catalog);
        });
    }

    private void requireExists(String catalog) {
        physical.requireCatalog(catalog);
    }

    /** The default catalog {@code main} (with schema default) exists, as in every UC workspace. Idempotent. */
    public void ensureDefault() {
        if (!exists(MetastoreService.DEFAULT_CATALOG)) {
            try {
                create(MetastoreService.DEFAULT_CATALOG, "Main catalog (auto-created)", null);
            } catch (ApiException alreadyThere) {
                if (alreadyThere.code() != ErrorCode.RESOURCE_ALREADY_EXISTS) throw alreadyThere;
            }
        }
    }

    /** A clean engine with the workspace's default catalog {@code main}. Runs after the store is cleared. */
    void resetToDefault() throws SQLException {
        physical.engine().reset();
        volumes.deleteAllManagedFiles();
        deltaTables.deleteAllManagedFiles();
        create(MetastoreService.DEFAULT_CATALOG, "Main catalog (auto-created)", null);
    }

    private boolean isEmpty(String catalog) {
        List<String> names = physical.schemas(catalog);
        return names.stream().allMatch(s -> s.equals(DEFAULT_SCHEMA) && schemas.isEmpty(catalog, s));
    }

    private void undoCreate(String catalog, Exception cause) {
        try {
            physical.engine().detachCatalog(catalog, true);
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
        try {
            uc.forgetCatalog(catalog);
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    private ObjectMeta meta(String catalog) {
        return UcStore.getOrCreate(uc.catalogs, catalog, null, () -> uc.freshMeta(catalog, null, null));
    }

    private CatalogInfo info(String catalog) {
        ObjectMeta m = meta(catalog);
        return new CatalogInfo(catalog, catalog, m.comment(), m.owner(), m.properties(), "MANAGED_CATALOG", "CATALOG",
                "OPEN", null, physical.engine().directory().resolve(catalog + ".duckdb").toString(),
                metastore.metastoreId(), m.id(), false, m.created_at(), m.owner(), m.updated_at(), m.owner());
    }
}
