package dev.minilake.catalog;

import dev.minilake.engines.duckdb.DuckDbSql;
import dev.minilake.catalog.CatalogDtos.ObjectMeta;
import dev.minilake.catalog.CatalogDtos.SchemaInfo;
import dev.minilake.catalog.CatalogDtos.UpdateSchema;
import dev.minilake.catalog.Names.SchemaName;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.Map;

/**
 * Schemas, named like the SDK's SchemasAPI: DuckDB schemas inside the catalog's database, listed
 * from DuckDB itself. Public methods are the Java API the SQL engine calls for CREATE/DROP SCHEMA.
 */
@Service
public class SchemasService {
    private final PhysicalCatalog physical;
    private final UcStore uc;
    private final VolumesService volumes;
    private final DeltaTableRecords deltaTables;
    private final MetastoreService metastore;

    public SchemasService(PhysicalCatalog physical, UcStore uc, VolumesService volumes, MetastoreService metastore,
                          DeltaTableRecords deltaTables) {
        this.deltaTables = deltaTables;
        this.physical = physical;
        this.uc = uc;
        this.volumes = volumes;
        this.metastore = metastore;
    }

    /** Creates a schema; all or nothing. */
    public SchemaInfo create(String catalogName, String schemaName, String comment, Map<String, String> properties) {
        SchemaName n = Names.schema(catalogName, schemaName);
        uc.exclusive(() -> {
            physical.requireCatalog(n.catalog());
            if (physical.schemas(n.catalog()).contains(n.schema())) {
                throw ApiException.alreadyExists("Schema '" + n.fullName() + "'");
            }
            physical.execute(DuckDbSql.createSchema(DuckDbSql.catalogObject(n.catalog(), n.schema())));
            try {
                uc.schemas.put(n.fullName(), n.catalog(), uc.freshMeta(n.fullName(), comment, properties));
            } catch (RuntimeException e) {
                dropPhysical(n, e);
                throw e;
            }
        });
        return get(n.fullName());
    }

    public SchemaInfo get(String fullName) {
        SchemaName n = Names.schemaFullName(fullName);
        requireExists(n);
        return info(n);
    }

    public boolean exists(String catalog, String schema) {
        SchemaName n = Names.schema(catalog, schema);
        return physical.schemaExists(n.catalog(), n.schema());
    }

    /** The schemas of a catalog, sorted by name. */
    public List<SchemaInfo> list(String catalogName) {
        String catalog = Names.validate("catalog name", catalogName);
        physical.requireCatalog(catalog);
        return physical.schemas(catalog).stream().map(s -> info(new SchemaName(catalog, s))).toList();
    }

    public SchemaInfo update(String fullName, UpdateSchema change) {
        SchemaName n = Names.schemaFullName(fullName);
        return uc.exclusive(() -> {
            requireExists(n);
            if (change.new_name() != null && !change.new_name().equalsIgnoreCase(n.schema())) {
                throw ApiException.invalid("Renaming a schema is not supported by MiniLake (new_name '" + change.new_name() + "').");
            }
            uc.schemas.put(n.fullName(), n.catalog(),
                    meta(n).updated(change.comment(), change.owner(), change.properties(), System.currentTimeMillis()));
            return info(n);
        });
    }

    /** Drops a schema; without {@code force} it must hold no tables, views, functions or volumes. */
    public void delete(String fullName, boolean force) {
        SchemaName n = Names.schemaFullName(fullName);
        uc.exclusive(() -> {
            requireExists(n);
            if (!force && !isEmpty(n.catalog(), n.schema())) {
                throw new ApiException(ErrorCode.INVALID_STATE, "Schema '" + n.fullName() + "' is not empty. "
                        + "Drop its tables, views, functions and volumes first or delete with force=true.");
            }
            physical.execute(DuckDbSql.drop("SCHEMA", DuckDbSql.catalogObject(n.catalog(), n.schema()), false) + " CASCADE");
            volumes.deleteManagedFiles(n.catalog(), n.schema());
            deltaTables.deleteManagedFiles(n.catalog(), n.schema());
            uc.forgetSchema(n.fullName());
        });
    }

    /** True when the schema holds no tables, views, macros or volumes. */
    public boolean isEmpty(String catalog, String schema) {
        return physical.tables(catalog, schema).isEmpty() && physical.macros(catalog, schema).isEmpty()
                && uc.volumes.listByParent(catalog + "." + schema).isEmpty();
    }

    private void requireExists(SchemaName n) {
        physical.requireSchema(n.catalog(), n.schema());
    }

    private void dropPhysical(SchemaName n, RuntimeException cause) {
        try {
            physical.execute(DuckDbSql.drop("SCHEMA", DuckDbSql.catalogObject(n.catalog(), n.schema()), true) + " CASCADE");
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    private ObjectMeta meta(SchemaName n) {
        return UcStore.getOrCreate(uc.schemas, n.fullName(), n.catalog(), () -> uc.freshMeta(n.fullName(), null, null));
    }

    private SchemaInfo info(SchemaName n) {
        ObjectMeta m = meta(n);
        return new SchemaInfo(n.schema(), n.catalog(), n.fullName(), m.comment(), m.owner(), m.properties(),
                "MANAGED_CATALOG", m.id(), metastore.metastoreId(), null, null, false,
                m.created_at(), m.owner(), m.updated_at(), m.owner());
    }
}
