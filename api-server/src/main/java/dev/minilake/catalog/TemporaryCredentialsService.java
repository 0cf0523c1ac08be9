package dev.minilake.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.catalog.TableDtos.TableMeta;
import dev.minilake.catalog.VolumeDtos.VolumeInfo;
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
    private final VolumesService volumes;

    public TemporaryCredentialsService(UcStore uc, TablesService tables, VolumesService volumes) {
        this.uc = uc;
        this.tables = tables;
        this.volumes = volumes;
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

    /**
     * {@code {volume_id, operation}}: 404 if no existing volume has that id; the url is the volume's
     * directory. Unlike the connector's table calls, the SDK always sends volume_id, so it is required.
     */
    public Map<String, Object> forVolume(JsonNode body) {
        String volumeId = text(body, "volume_id");
        if (volumeId == null) throw ApiException.missingField("volume_id");
        String op = text(body, "operation");
        if (op != null && !op.equals("READ_VOLUME") && !op.equals("WRITE_VOLUME")) {
            throw ApiException.invalid("Invalid operation '" + op + "': READ_VOLUME or WRITE_VOLUME.");
        }
        VolumeInfo v = uc.volumes.list().stream().filter(x -> volumeId.equals(x.volume_id())).findFirst()
                .orElseThrow(() -> ApiException.notFound("Volume with id '" + volumeId + "'"));
        volumes.get(v.full_name()); // still reachable by name (its schema exists)
        return credentials(v.storage_location());
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
