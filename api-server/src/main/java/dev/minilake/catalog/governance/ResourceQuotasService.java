package dev.minilake.catalog.governance;

import dev.minilake.catalog.CatalogDtos.CatalogInfo;
import dev.minilake.catalog.CatalogDtos.SchemaInfo;
import dev.minilake.catalog.CatalogsService;
import dev.minilake.catalog.FunctionsService;
import dev.minilake.catalog.MetastoreService;
import dev.minilake.catalog.Names;
import dev.minilake.catalog.SchemasService;
import dev.minilake.catalog.TablesService;
import dev.minilake.catalog.VolumesService;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Resource quotas, computed at every call from what really exists: catalogs in the metastore,
 * schemas in a catalog, tables (and views), volumes and functions in a schema. The limits are
 * Databricks' documented defaults; MiniLake reports them but does not refuse a create past them.
 */
@Service
public class ResourceQuotasService {
    /** quota_name to its parent securable type and limit. */
    static final Map<String, Quota> QUOTAS = Map.of(
            "catalog-quota", new Quota("METASTORE", 1000),
            "schema-quota", new Quota("CATALOG", 10000),
            "table-quota", new Quota("SCHEMA", 10000),
            "volume-quota", new Quota("SCHEMA", 10000),
            "function-quota", new Quota("SCHEMA", 10000));

    record Quota(String parentType, long limit) {
    }

    /** One quota, as the SDK's QuotaInfo. */
    public record QuotaInfo(String parent_securable_type, String parent_full_name, String quota_name, long quota_count,
                            long quota_limit, long last_refreshed_at) {
        String key() {
            return parent_securable_type + "/" + parent_full_name + "/" + quota_name;
        }
    }

    private final MetastoreService metastore;
    private final CatalogsService catalogs;
    private final SchemasService schemas;
    private final TablesService tables;
    private final VolumesService volumes;
    private final FunctionsService functions;

    public ResourceQuotasService(MetastoreService metastore, CatalogsService catalogs, SchemasService schemas, TablesService tables,
                                 VolumesService volumes, FunctionsService functions) {
        this.metastore = metastore;
        this.catalogs = catalogs;
        this.schemas = schemas;
        this.tables = tables;
        this.volumes = volumes;
        this.functions = functions;
    }

    /** One quota of an existing parent (404 for an unknown parent or a quota that parent type does not have). */
    public QuotaInfo get(String parentType, String parentFullName, String quotaName) {
        String type = parentType == null ? "" : parentType.toUpperCase(Locale.ROOT);
        if (!List.of("METASTORE", "CATALOG", "SCHEMA").contains(type)) {
            throw ApiException.invalid("Invalid parent_securable_type '" + parentType + "': METASTORE, CATALOG or SCHEMA.");
        }
        Quota q = QUOTAS.get(quotaName);
        if (q == null || !q.parentType().equals(type)) throw ApiException.notFound("Quota '" + quotaName + "' on a " + type.toLowerCase(Locale.ROOT));
        String parent = switch (type) {
            case "METASTORE" -> metastore.get(parentFullName).metastore_id();
            case "CATALOG" -> catalogs.get(parentFullName).name();
            default -> {
                Names.SchemaName n = Names.schemaFullName(parentFullName);
                yield schemas.get(n.fullName()).full_name();
            }
        };
        return new QuotaInfo(type, parent, quotaName, count(type, parent, quotaName), q.limit(), System.currentTimeMillis());
    }

    /** Every quota of every parent, sorted by type/parent/name (the page token). */
    public List<QuotaInfo> all() {
        long now = System.currentTimeMillis();
        List<QuotaInfo> out = new ArrayList<>();
        List<CatalogInfo> cs = catalogs.list();
        out.add(new QuotaInfo("METASTORE", metastore.metastoreId(), "catalog-quota", cs.size(), QUOTAS.get("catalog-quota").limit(), now));
        for (CatalogInfo c : cs) {
            List<SchemaInfo> ss = schemas.list(c.name());
            out.add(new QuotaInfo("CATALOG", c.name(), "schema-quota", ss.size(), QUOTAS.get("schema-quota").limit(), now));
            for (SchemaInfo s : ss) {
                for (String q : List.of("table-quota", "volume-quota", "function-quota")) {
                    out.add(new QuotaInfo("SCHEMA", s.full_name(), q, count("SCHEMA", s.full_name(), q), QUOTAS.get(q).limit(), now));
                }
            }
        }
        out.sort(Comparator.comparing(QuotaInfo::key));
        return out;
    }

    public static String key(QuotaInfo q) {
        return q.key();
    }

    private long count(String type, String parent, String quota) {
        if (type.equals("METASTORE")) return metastore.metastoreId().equals(parent) ? catalogs.list().size() : 0;
        if (type.equals("CATALOG")) return schemas.list(parent).size();
        String[] p = parent.split("\\.");
        return switch (quota) {
            case "table-quota" -> tables.list(p[0], p[1], true).size();
            case "volume-quota" -> volumes.list(p[0], p[1]).size();
            default -> functions.list(p[0], p[1]).size();
        };
    }
}
