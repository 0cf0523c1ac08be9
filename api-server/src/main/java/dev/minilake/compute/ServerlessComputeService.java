package dev.minilake.compute;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.compute.PolicyDtos.Policy;
import dev.minilake.sql.WarehouseDtos.Warehouse;
import dev.minilake.sql.WarehousesService;
import org.springframework.stereotype.Service;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * The ServerlessComputeServiceAPI's two lists, derived from MiniLake's real state, never stored:
 * the serverless computes are the SQL warehouses created with {@code enable_serverless_compute}, and
 * the compute policies are the workspace's cluster policies. The caller is a workspace admin, so
 * {@code can_use} and {@code can_manage} are true.
 */
@Service
public class ServerlessComputeService {
    private final ObjectMapper json;
    private final WarehousesService warehouses;
    private final ClusterPoliciesService policies;

    public ServerlessComputeService(ObjectMapper json, WarehousesService warehouses, ClusterPoliciesService policies) {
        this.json = json;
        this.warehouses = warehouses;
        this.policies = policies;
    }

    /** Sorted by serverless_compute_id. */
    public List<ObjectNode> computes() {
        return warehouses.list().stream().filter(Warehouse::enable_serverless_compute)
                .sorted(Comparator.comparing(Warehouse::id))
                .map(w -> {
                    ObjectNode c = json.createObjectNode();
                    c.put("serverless_compute_id", w.id());
                    c.put("name", w.name());
                    c.put("is_default", false);
                    c.put("can_use", true);
                    c.put("can_manage", true);
                    return c;
                }).toList();
    }

    /** Sorted by compute_policy_id. */
    public List<ObjectNode> computePolicies() {
        return policies.list().stream().sorted(Comparator.comparing(Policy::policy_id)).map(p -> {
            ObjectNode c = json.createObjectNode();
            c.put("compute_policy_id", p.policy_id());
            c.put("display_name", p.name());
            c.put("is_default", Boolean.TRUE.equals(p.is_default()));
            c.put("can_use", true);
            c.put("can_manage", true);
            if (p.created_at_timestamp() != null) c.put("create_time", Instant.ofEpochMilli(p.created_at_timestamp()).toString());
            return c;
        }).toList();
    }
}
