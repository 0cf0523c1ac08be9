package dev.minilake.hostmeta;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.settings.Settings;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every client touches first: host metadata (read by every databricks-sdk-py Config, the CLI
 * and the Terraform provider) and the CLI's telemetry sink.
 */
@Component
public class HostMetadataGroup implements ApiGroup {
    private final Settings settings;

    public HostMetadataGroup(Settings settings) {
        this.settings = settings;
    }

    @Override
    public String name() {
        return "host-metadata";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "/.well-known/databricks-config and /telemetry-ext (telemetry is accepted and dropped)";
    }

    @Override
    public List<String> sdkApis() {
        return List.of();
    }

    @Override
    public void routes(Routes r) {
        r.get("/.well-known/databricks-config", req -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("account_id", settings.accountId());
            m.put("workspace_id", Long.toString(settings.workspaceId()));
            m.put("oidc_endpoint", req.baseUrl() + "/oidc");
            m.put("cloud", "AWS");
            return m;
        });
        r.post("/telemetry-ext", JsonNode.class, (req, body) -> {
            JsonNode logs = body.path("protoLogs");
            return Map.of("errors", List.of(), "numProtoSuccess", logs.isArray() ? logs.size() : 0);
        });
    }
}
