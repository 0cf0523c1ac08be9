package dev.minilake.catalog;

import dev.minilake.catalog.CatalogDtos.ListMetastoresResponse;
import dev.minilake.catalog.CatalogDtos.MetastoreAssignment;
import dev.minilake.catalog.CatalogDtos.MetastoreInfo;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;
import org.springframework.stereotype.Service;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * The one metastore every catalog lives in, named like the SDK's MetastoresAPI. Its id is derived
 * from the workspace id, so it is the same across resets and restarts.
 */
@Service
public class MetastoreService {
    public static final String DEFAULT_CATALOG = "main";
    /** A fixed creation time: the metastore is not created by anything the user does. */
    private static final long CREATED_AT = 1_700_000_000_000L;

    private final Settings settings;
    private final DataDir dataDir;
    private final String metastoreId;

    public MetastoreService(Settings settings, DataDir dataDir) {
        this.settings = settings;
        this.dataDir = dataDir;
        this.metastoreId = UUID.nameUUIDFromBytes(("minilake-metastore:" + settings.workspaceId())
                .getBytes(StandardCharsets.UTF_8)).toString();
    }

    public String metastoreId() {
        return metastoreId;
    }

    public MetastoreInfo summary() {
        return new MetastoreInfo(metastoreId, "local:minilake:" + metastoreId, "minilake", settings.userName(), "local",
                "local", dataDir.root().toString(), "1.0", "INTERNAL", true,
                CREATED_AT, settings.userName(), CREATED_AT, settings.userName());
    }

    public MetastoreInfo get(String id) {
        if (!metastoreId.equals(id)) throw ApiException.notFound("Metastore '" + id + "'");
        return summary();
    }

    public ListMetastoresResponse list() {
        return new ListMetastoresResponse(List.of(summary()));
    }

    public MetastoreAssignment currentAssignment() {
        return new MetastoreAssignment(settings.workspaceId(), metastoreId, DEFAULT_CATALOG);
    }
}
