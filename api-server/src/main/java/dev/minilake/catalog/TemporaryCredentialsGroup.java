package dev.minilake.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * Unity Catalog's temporary table, volume and path credentials, at the paths of both the Databricks SDK
 * (2.0) and the open-source connector (2.1).
 */
@Component
public class TemporaryCredentialsGroup implements ApiGroup {
    private final TemporaryCredentialsService credentials;

    public TemporaryCredentialsGroup(TemporaryCredentialsService credentials) {
        this.credentials = credentials;
    }

    @Override
    public String name() {
        return "uc-temporary-credentials";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "storage is the local filesystem, so credential sets are empty (expiration_time and url only); "
                + "unknown table_id or volume_id is 404; empty or unfamiliar table/path bodies are tolerated; path access is not enforced here";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("TemporaryTableCredentialsAPI", "TemporaryPathCredentialsAPI", "TemporaryVolumeCredentialsAPI");
    }

    @Override
    public void routes(Routes r) {
        for (String v : List.of("2.0", "2.1")) {
            String uc = "/api/" + v + "/unity-catalog";
            r.post(uc + "/temporary-table-credentials", JsonNode.class, (req, b) -> credentials.forTable(b));
            r.post(uc + "/temporary-path-credentials", JsonNode.class, (req, b) -> credentials.forPath(b));
            r.post(uc + "/temporary-volume-credentials", JsonNode.class, (req, b) -> credentials.forVolume(b));
        }
    }
}
