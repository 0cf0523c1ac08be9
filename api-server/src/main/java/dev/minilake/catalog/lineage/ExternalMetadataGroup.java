package dev.minilake.catalog.lineage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of external metadata objects; the logic is in {@link ExternalMetadataService}. */
@Component
public class ExternalMetadataGroup implements ApiGroup {
    private static final String EM = "/api/2.0/lineage-tracking/external-metadata";

    private final ExternalMetadataService s;

    public ExternalMetadataGroup(ExternalMetadataService s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "uc-external-metadata";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "external metadata objects (systems outside Databricks) stored with update masks and renames; nothing is "
                + "fetched from or checked against the external system";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("ExternalMetadataAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(EM, ObjectNode.class, (req, b) -> s.create(b));
        r.get(EM, req -> s.list(req.queryLong("page_size").orElse(null), req.query("page_token").orElse(null)));
        r.get(EM + "/{name}", req -> s.get(req.pathVar("name")));
        r.patch(EM + "/{name}", ObjectNode.class, (req, b) -> s.update(req.pathVar("name"), b, req.query("update_mask").orElse(null)));
        r.delete(EM + "/{name}", req -> {
            s.delete(req.pathVar("name"));
            return null;
        });
    }
}
