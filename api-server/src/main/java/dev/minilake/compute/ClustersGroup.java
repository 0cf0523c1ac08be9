package dev.minilake.compute;

import dev.minilake.core.mcp.Arg;
import dev.minilake.core.mcp.McpFeatures;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.compute.ClusterDtos.ChangeOwnerRequest;
import dev.minilake.compute.ClusterDtos.ClusterIdRequest;
import dev.minilake.compute.ClusterDtos.CreateClusterResponse;
import dev.minilake.compute.ClusterDtos.EventsRequest;
import dev.minilake.compute.ClusterDtos.ListFilter;
import dev.minilake.compute.ClusterDtos.ResizeRequest;
import dev.minilake.compute.ClusterDtos.UpdateRequest;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The Clusters API group, served under /api/2.1 and the older /api/2.0 alike. */
@Component
public class ClustersGroup implements ApiGroup {
    private final ClustersService clusters;
    private final RuntimeCatalog catalog;
    private final ComputeTimers timers;

    public ClustersGroup(ClustersService clusters, RuntimeCatalog catalog, ComputeTimers timers) {
        this.clusters = clusters;
        this.catalog = catalog;
        this.timers = timers;
    }

    @Override
    public String name() {
        return "clusters";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.STATE_MACHINE;
    }

    @Override
    public String note() {
        return "lifecycle only, no Spark compute: Spark runs in jobs";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("ClustersAPI");
    }

    @Override
    public void quiesce() {
        timers.cancelAll();
    }

    public record CreateClusterArgs(@Arg("Cluster name") String cluster_name,
                                    @Arg(value = "Runtime version (default: the newest listed by spark-versions)", required = false) String spark_version,
                                    @Arg(value = "Worker count (default 0: single node)", required = false) Integer num_workers,
                                    @Arg(value = "Minutes idle before it terminates itself (default 120)", required = false) Integer autotermination_minutes) {
    }

    public record ClusterIdArgs(@Arg("Cluster id") String cluster_id) {
    }

    /** Clusters are a state machine here (PENDING, RUNNING, TERMINATED); Spark runs in jobs, not on them. */
    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("create_cluster", "Create an all-purpose cluster (a lifecycle state machine; no compute is allocated).",
                CreateClusterArgs.class, a -> {
                    ObjectNode body = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                            .put("cluster_name", a.cluster_name())
                            .put("spark_version", a.spark_version() == null ? catalog.sparkVersions().versions().get(0).key() : a.spark_version())
                            .put("node_type_id", catalog.nodeTypes().node_types().get(0).node_type_id())
                            .put("num_workers", a.num_workers() == null ? 0 : a.num_workers());
                    if (a.autotermination_minutes() != null) body.put("autotermination_minutes", a.autotermination_minutes());
                    return clusters.details(clusters.create(body));
                });
        mcp.tool("list_clusters", "List clusters with their states.", a -> clusters.list(new ListFilter(List.of(), List.of(), null, null), null, null));
        mcp.tool("get_cluster", "Get a cluster's details and state.", ClusterIdArgs.class, a -> clusters.details(a.cluster_id()));
        mcp.tool("start_cluster", "Start a terminated cluster.", ClusterIdArgs.class, a -> {
            clusters.start(a.cluster_id());
            return clusters.details(a.cluster_id());
        });
        mcp.tool("terminate_cluster", "Terminate a cluster (it can be started again).", ClusterIdArgs.class, a -> {
            clusters.delete(a.cluster_id());
            return clusters.details(a.cluster_id());
        });
        mcp.tool("delete_cluster", "Permanently delete a cluster.", ClusterIdArgs.class, a -> {
            clusters.permanentDelete(a.cluster_id());
            return Map.of("deleted", a.cluster_id());
        });
    }

    @Override
    public void routes(Routes r) {
        for (String v : List.of("/api/2.1/clusters", "/api/2.0/clusters")) {
            r.post(v + "/create", ObjectNode.class, (req, b) -> new CreateClusterResponse(clusters.create(b)));
            r.post(v + "/edit", ObjectNode.class, (req, b) -> done(() -> clusters.edit(b)));
            r.post(v + "/update", UpdateRequest.class, (req, b) -> done(() -> clusters.update(b)));
            r.post(v + "/start", ClusterIdRequest.class, (req, b) -> done(() -> clusters.start(b.cluster_id())));
            r.post(v + "/restart", ClusterIdRequest.class, (req, b) -> done(() -> clusters.restart(b.cluster_id())));
            r.post(v + "/resize", ResizeRequest.class, (req, b) -> done(() -> clusters.resize(b)));
            r.post(v + "/delete", ClusterIdRequest.class, (req, b) -> done(() -> clusters.delete(b.cluster_id())));
            r.post(v + "/permanent-delete", ClusterIdRequest.class, (req, b) -> done(() -> clusters.permanentDelete(b.cluster_id())));
            r.post(v + "/pin", ClusterIdRequest.class, (req, b) -> done(() -> clusters.pin(b.cluster_id(), true)));
            r.post(v + "/unpin", ClusterIdRequest.class, (req, b) -> done(() -> clusters.pin(b.cluster_id(), false)));
            r.post(v + "/change-owner", ChangeOwnerRequest.class,
                    (req, b) -> done(() -> clusters.changeOwner(b.cluster_id(), b.owner_username())));
            r.post(v + "/events", EventsRequest.class, (req, b) -> clusters.events(b));
            r.get(v + "/get", req -> clusters.details(req.requiredQuery("cluster_id")));
            r.get(v + "/list", req -> clusters.list(filter(req), req.queryLong("page_size").map(Long::intValue).orElse(null),
                    req.query("page_token").orElse(null)));
            r.get(v + "/spark-versions", req -> catalog.sparkVersions());
            r.get(v + "/list-node-types", req -> catalog.nodeTypes());
            r.get(v + "/list-zones", req -> catalog.zones());
        }
    }

    /** The SDKs flatten filter_by into dotted query keys; repeated keys or commas both list values. */
    private static ListFilter filter(Request req) {
        return new ListFilter(values(req, "filter_by.cluster_states"), values(req, "filter_by.cluster_sources"),
                req.queryBool("filter_by.is_pinned").orElse(null), req.query("filter_by.policy_id").orElse(null));
    }

    private static List<String> values(Request req, String key) {
        return req.queryAll(key).stream().flatMap(v -> Arrays.stream(v.split(","))).map(String::trim)
                .filter(s -> !s.isEmpty()).toList();
    }

    static Object done(Runnable action) {
        action.run();
        return Map.of();
    }
}
