package dev.minilake.compute;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import org.springframework.stereotype.Service;

import java.util.List;
import java.util.UUID;

/** Instance pools as validated CRUD, named like the SDK's InstancePoolsAPI: no instances are held. */
@Service
public class InstancePoolsService {
    private final Collection<ObjectNode> pools;

    public InstancePoolsService(Store store) {
        this.pools = store.collection("instance_pool", ObjectNode.class);
    }

    public String create(ObjectNode body) {
        ObjectNode pool = validated(body.deepCopy());
        String id = java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("MMdd-HHmmss"))
                + "-pool-" + UUID.randomUUID().toString().substring(0, 8);
        pool.put("instance_pool_id", id);
        pool.put("state", "ACTIVE");
        ObjectNode tags = pool.putObject("default_tags");
        tags.put("Vendor", "Databricks");
        tags.put("DatabricksInstancePoolCreatorId", CurrentUserService.USER_ID);
        tags.put("DatabricksInstancePoolId", id);
        ObjectNode stats = pool.putObject("stats");
        stats.put("used_count", 0).put("idle_count", pool.path("min_idle_instances").asInt(0))
                .put("pending_used_count", 0).put("pending_idle_count", 0);
        pools.insert(id, pool);
        return id;
    }

    /** edit names the pool, its name and node type; the node type cannot change. */
    public void edit(ObjectNode body) {
        String id = body.path("instance_pool_id").asText(null);
        AdminDtos.require(id, "instance_pool_id");
        ObjectNode pool = get(id).deepCopy();
        if (body.hasNonNull("node_type_id") && !body.get("node_type_id").equals(pool.get("node_type_id"))) {
            throw ApiException.invalid("node_type_id of instance pool " + id + " cannot be changed");
        }
        pool.setAll(body);
        pools.put(id, validated(pool));
    }

    public ObjectNode get(String id) {
        AdminDtos.require(id, "instance_pool_id");
        return pools.get(id).orElseThrow(() -> ApiException.notFound("Instance pool " + id));
    }

    public List<ObjectNode> list() {
        return pools.list();
    }

    public void delete(String id) {
        if (!pools.delete(id)) throw ApiException.notFound("Instance pool " + id);
    }

    private static ObjectNode validated(ObjectNode pool) {
        AdminDtos.require(pool.path("instance_pool_name").asText(null), "instance_pool_name");
        AdminDtos.require(pool.path("node_type_id").asText(null), "node_type_id");
        int min = nonNegative(pool, "min_idle_instances");
        int max = nonNegative(pool, "max_capacity");
        nonNegative(pool, "idle_instance_autotermination_minutes");
        if (pool.has("max_capacity") && min > max) {
            throw ApiException.invalid("min_idle_instances (" + min + ") must be less than or equal to max_capacity (" + max + ")");
        }
        return pool;
    }

    private static int nonNegative(ObjectNode pool, String field) {
        JsonNode n = pool.get(field);
        if (n == null || n.isNull()) return 0;
        if (!n.canConvertToInt() || n.asInt() < 0) throw ApiException.invalid(field + " must be a non-negative integer, got " + n);
        return n.asInt();
    }
}
