package dev.minilake.catalog.governance;

import dev.minilake.catalog.MetastoreService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.Locale;

/**
 * The system schemas of a metastore (access, billing, compute, ...), as SystemSchemasAPI lists them:
 * a fixed set, each AVAILABLE until enabled (then ENABLE_COMPLETED). Only the state is stored: no
 * {@code system} catalog and no system tables exist behind them.
 */
@Service
public class SystemSchemasService {
    static final List<String> SCHEMAS = List.of("access", "billing", "compute", "lakeflow", "marketplace", "query", "serving", "storage");
    static final String AVAILABLE = "AVAILABLE";
    static final String ENABLED = "ENABLE_COMPLETED";

    /** One schema, as the SDK's SystemSchemaInfo. */
    public record SystemSchemaInfo(String schema, String state) {
    }

    /** What is stored for an enabled schema. */
    public record Enabled(String metastore_id, String schema, String catalog_name) {
    }

    private final MetastoreService metastores;
    private final Collection<Enabled> enabled;

    public SystemSchemasService(Store store, MetastoreService metastores) {
        this.metastores = metastores;
        this.enabled = store.collection("uc_system_schema", Enabled.class);
    }

    /** The schemas of an existing metastore (404 otherwise), sorted by name. */
    public List<SystemSchemaInfo> list(String metastoreId) {
        metastores.get(metastoreId);
        return SCHEMAS.stream().map(s -> new SystemSchemaInfo(s, enabled.get(key(metastoreId, s)).isPresent() ? ENABLED : AVAILABLE)).toList();
    }

    public void enable(String metastoreId, String schema, String catalogName) {
        String s = schema(metastoreId, schema);
        enabled.put(key(metastoreId, s), metastoreId, new Enabled(metastoreId, s, catalogName));
    }

    public void disable(String metastoreId, String schema) {
        enabled.delete(key(metastoreId, schema(metastoreId, schema)));
    }

    private String schema(String metastoreId, String schema) {
        metastores.get(metastoreId);
        String s = schema == null ? "" : schema.toLowerCase(Locale.ROOT);
        if (!SCHEMAS.contains(s)) throw ApiException.notFound("System schema '" + schema + "'");
        return s;
    }

    private static String key(String metastoreId, String schema) {
        return metastoreId + "/" + schema;
    }
}
