package dev.minilake.catalog.governance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/** Resource quotas, computed from the real catalogs, schemas, tables, volumes and functions. */
@Component
public class ResourceQuotasGroup implements ApiGroup {
    private static final String UC = "/api/2.1/unity-catalog";

    private final ObjectMapper json;
    private final ResourceQuotasService quotas;

    public ResourceQuotasGroup(ObjectMapper json, ResourceQuotasService quotas) {
        this.json = json;
        this.quotas = quotas;
    }

    @Override
    public String name() {
        return "uc-resource-quotas";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "quota counts computed at each call from the real catalogs (per metastore), schemas (per catalog), tables, volumes "
                + "and functions (per schema); limits are Databricks' defaults (1000 catalogs, 10000 of the others), reported "
                + "but not enforced on create";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("ResourceQuotasAPI");
    }

    @Override
    public void routes(Routes r) {
        r.get(UC + "/resource-quotas/all-resource-quotas", req -> Pages.page(json, req, "max_results", quotas.all(),
                ResourceQuotasService::key, "quotas"));
        r.get(UC + "/resource-quotas/{parent_securable_type}/{parent_full_name}/{quota_name}", req -> Map.of("quota_info",
                quotas.get(req.pathVar("parent_securable_type"), req.pathVar("parent_full_name"), req.pathVar("quota_name"))));
    }
}
