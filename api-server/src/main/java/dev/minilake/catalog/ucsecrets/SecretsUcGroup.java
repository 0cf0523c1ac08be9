package dev.minilake.catalog.ucsecrets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of Unity Catalog secrets; the logic is in {@link UcSecretsService}. */
@Component
public class SecretsUcGroup implements ApiGroup {
    private static final String SECRETS = "/api/2.1/unity-catalog/secrets";

    private final UcSecretsService s;

    public SecretsUcGroup(UcSecretsService s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "uc-secrets";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "UC secrets (catalog.schema.secret) in an existing schema, encrypted at rest in the metadata store; value is never "
                + "returned, effective_value only with include_value=true; READ_SECRET not enforced, expire_time informational";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("SecretsUcAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(SECRETS, ObjectNode.class, (req, b) -> s.create(b));
        r.get(SECRETS, req -> s.list(req.query("catalog_name").orElse(null), req.query("schema_name").orElse(null),
                req.queryLong("page_size").orElse(null), req.query("page_token").orElse(null)));
        r.get(SECRETS + "/{full_name}", req -> s.get(req.pathVar("full_name"), req.queryBool("include_value").orElse(false)));
        r.patch(SECRETS + "/{full_name}", ObjectNode.class, (req, b) -> s.update(req.pathVar("full_name"), b,
                req.query("update_mask").orElse(null)));
        r.delete(SECRETS + "/{full_name}", req -> {
            s.delete(req.pathVar("full_name"));
            return null;
        });
    }
}
