package dev.minilake.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.catalog.TableDtos.TableMeta;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Service;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The temporary-credential calls the Unity Catalog Spark connector makes before it touches a
 * table's or a path's files. MiniLake's storage is the local filesystem, so the correct answer is
 * an empty credential set (no cloud keys) with an expiry and the URL; the connector then reads the
 * files directly. Bodies are tolerated as the connector's versions send them: unknown fields are
 * ignored, and an empty body (a proxy that dropped it) gets an empty credential set, not a 400.
 */
@Service
public class TemporaryCredentialsService {
    static final long LIFETIME_MS = 3_600_000L;

    private final UcStore uc;
    private final TablesService tables;

    public TemporaryCredentialsService(UcStore uc, TablesService tables) {
        this.uc = uc;
        this.tables = tables;
    }

    /** {@code {table_id, operation}}; 404 if no existing table has that id. */
    public Map<String, Object> forTable(JsonNode body) {
        String tableId = text(body, "table_id");
        if (tableId == null) return credentials(null);
        TableMeta meta = uc.tables.list().stream().filter(m -> tableId.equals(m.table_id())).findFirst()
                .filter(m -> tables.exists(m.full_name()))
                .orElseThrow(() -> ApiException.notFound("Table with id '" + tableId + "'"));
        return credentials(meta.storage_location());
    }

    /** {@code {url, operation, dry_run}}: local paths need no credentials. */
    public Map<String, Object> forPath(JsonNode body) {
        return credentials(text(body, "url"));
    }

    private static Map<String, Object> credentials(String url) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("expiration_time", System.currentTimeMillis() + LIFETIME_MS);
        if (url != null) out.put("url", url);
        return out;
    }

    private static String text(JsonNode body, String field) {
        if (body == null || !body.hasNonNull(field)) return null;
        String v = body.get(field).asText();
        return v.isBlank() ? null : v;
    }
}
