package dev.minilake.compute;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.Paging;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of the ServerlessComputeServiceAPI; the lists come from {@link ServerlessComputeService}. */
@Component
public class ServerlessComputeGroup implements ApiGroup {
    /** Unset or zero page_size gives 100; above 150 is capped, as the SDK documents. */
    static final int DEFAULT_PAGE = 100;
    static final int MAX_PAGE = 150;

    private final ObjectMapper json;
    private final ServerlessComputeService service;

    public ServerlessComputeGroup(ObjectMapper json, ServerlessComputeService service) {
        this.json = json;
        this.service = service;
    }

    @Override
    public String name() {
        return "serverless-compute";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "read-only lists computed from real state: serverless computes are the SQL warehouses with enable_serverless_compute "
                + "(run on DuckDB like every warehouse), compute policies are the cluster policies (allowed_compute_products not "
                + "reported: they constrain clusters, not serverless products); can_use/can_manage true for the admin caller";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("ServerlessComputeServiceAPI");
    }

    @Override
    public void routes(Routes r) {
        r.get("/api/2.0/serverless-compute", req -> page(req, service.computes(), "serverless_compute_id", "serverless_computes"));
        r.get("/api/2.0/policies/compute", req -> page(req, service.computePolicies(), "compute_policy_id", "compute_policies"));
    }

    private ObjectNode page(Request req, List<ObjectNode> sorted, String idField, String field) {
        Paging.Page<ObjectNode> p = Paging.page(sorted, n -> n.path(idField).asText(), "page_size", req.queryLong("page_size").orElse(null),
                req.query("page_token").orElse(null), DEFAULT_PAGE, MAX_PAGE);
        ObjectNode out = json.createObjectNode();
        out.set(field, json.valueToTree(p.items()));
        if (p.nextPageToken() != null) out.put("next_page_token", p.nextPageToken());
        return out;
    }
}
