package dev.minilake.compute;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.stereotype.Component;

/**
 * Renders a stored cluster as the SDK's ClusterDetails: the client's spec verbatim, then the fields
 * Databricks computes (state, times, default_tags, driver/executors while up).
 */
@Component
class ClusterView {
    private final RuntimeCatalog catalog;

    ClusterView(RuntimeCatalog catalog) {
        this.catalog = catalog;
    }

    ObjectNode render(StoredCluster c) {
        ObjectNode out = c.spec().deepCopy();
        out.put("cluster_id", c.cluster_id());
        out.put("state", c.state().name());
        out.put("state_message", c.state_message());
        out.put("start_time", c.start_time());
        if (c.terminated_time() != null) out.put("terminated_time", c.terminated_time());
        if (c.last_state_loss_time() != null) out.put("last_state_loss_time", c.last_state_loss_time());
        if (c.last_restarted_time() != null) out.put("last_restarted_time", c.last_restarted_time());
        out.put("creator_user_name", c.creator_user_name());
        out.put("cluster_source", c.cluster_source());
        out.put("spark_context_id", c.spark_context_id());
        out.put("jdbc_port", 10000);
        ObjectNode tags = out.putObject("default_tags");
        tags.put("Vendor", "Databricks");
        tags.put("Creator", c.creator_user_name());
        tags.put("ClusterName", c.spec().path("cluster_name").asText(""));
        tags.put("ClusterId", c.cluster_id());
        String nodeType = c.spec().path("node_type_id").asText(null);
        if (nodeType != null && !out.has("driver_node_type_id")) out.put("driver_node_type_id", nodeType);
        int workers = workers(c.spec());
        if (!out.has("num_workers") && c.spec().has("autoscale")) out.put("num_workers", workers);
        catalog.nodeType(nodeType).ifPresent(n -> {
            out.put("cluster_memory_mb", n.memory_mb() * (workers + 1));
            out.put("cluster_cores", n.num_cores() * (workers + 1));
        });
        if (c.state() == ClusterState.RUNNING || c.state() == ClusterState.RESIZING || c.state() == ClusterState.RESTARTING) {
            out.set("driver", node(c, 0));
            ArrayNode executors = out.putArray("executors");
            for (int i = 1; i <= workers; i++) executors.add(node(c, i));
        }
        if (c.termination_reason() != null) out.set("termination_reason", c.termination_reason());
        out.set("spec", c.spec().deepCopy());
        return out;
    }

    /** The worker count now: fixed num_workers, or an autoscaling cluster's minimum. */
    static int workers(JsonNode spec) {
        if (spec.has("num_workers")) return spec.path("num_workers").asInt(0);
        return spec.path("autoscale").path("min_workers").asInt(0);
    }

    private static ObjectNode node(StoredCluster c, int index) {
        ObjectNode n = c.spec().objectNode();
        String ip = "10.0.0." + (index + 10);
        n.put("node_id", Integer.toHexString((c.cluster_id() + index).hashCode()));
        n.put("instance_id", "i-" + Integer.toHexString((c.cluster_id() + "#" + index).hashCode()));
        n.put("private_ip", ip);
        n.put("host_private_ip", ip);
        n.put("start_timestamp", c.last_restarted_time() != null ? c.last_restarted_time() : c.start_time());
        return n;
    }
}
