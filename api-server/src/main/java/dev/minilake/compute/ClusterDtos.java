package dev.minilake.compute;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.compute.ClusterEventLog.ClusterEvent;
import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;

/**
 * Wire shapes of the Clusters API with the SDK's compute.* field names. Cluster specs themselves
 * travel as ObjectNode, so every field the client sends is kept.
 */
public final class ClusterDtos {
    private ClusterDtos() {
    }

    static void requireId(String clusterId) {
        if (clusterId == null || clusterId.isBlank()) throw ApiException.missingField("cluster_id");
    }

    /** start, restart, delete, permanent-delete, pin, unpin and get all name just the cluster. */
    public record ClusterIdRequest(String cluster_id) implements Validated {
        @Override
        public void validate() {
            requireId(cluster_id);
        }
    }

    public record ResizeRequest(String cluster_id, Integer num_workers, ObjectNode autoscale) implements Validated {
        @Override
        public void validate() {
            requireId(cluster_id);
            if (num_workers == null && autoscale == null) {
                throw ApiException.invalid("Either num_workers or autoscale must be given");
            }
            if (num_workers != null && num_workers < 0) throw ApiException.invalid("num_workers must be >= 0");
        }
    }

    public record ChangeOwnerRequest(String cluster_id, String owner_username) implements Validated {
        @Override
        public void validate() {
            requireId(cluster_id);
            if (owner_username == null || owner_username.isBlank()) throw ApiException.missingField("owner_username");
        }
    }

    public record UpdateRequest(String cluster_id, String update_mask, ObjectNode cluster) implements Validated {
        @Override
        public void validate() {
            requireId(cluster_id);
            if (update_mask == null || update_mask.isBlank()) throw ApiException.missingField("update_mask");
        }
    }

    public record EventsRequest(String cluster_id, List<String> event_types, Long start_time, Long end_time,
                                Long offset, Long limit, String order, Long page_size,
                                String page_token) implements Validated {
        @Override
        public void validate() {
            requireId(cluster_id);
            if (limit != null && (limit < 1 || limit > 500)) throw ApiException.invalid("limit must be between 1 and 500");
            if (offset != null && offset < 0) throw ApiException.invalid("offset must be >= 0");
            if (order != null && !order.equals("ASC") && !order.equals("DESC")) {
                throw ApiException.invalid("order must be ASC or DESC");
            }
        }
    }

    public record CreateClusterResponse(String cluster_id) {
    }

    public record ListClustersResponse(List<ObjectNode> clusters, String next_page_token, String prev_page_token) {
    }

    public record EventsResponse(List<ClusterEvent> events, EventsRequest next_page, String next_page_token,
                                 Long total_count) {
    }

    /** The list filters, read from the flattened query (filter_by.cluster_states=RUNNING&...). */
    public record ListFilter(List<String> states, List<String> sources, Boolean pinned, String policyId) {
    }
}
