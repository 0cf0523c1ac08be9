package dev.minilake.sql;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;

/** Wire shapes of the Warehouses and Data Sources APIs (the SDK's sql.EndpointInfo, sql.DataSource). */
public final class WarehouseDtos {
    private WarehouseDtos() {
    }

    /** Create and edit share these fields; edit takes the id from the path. */
    public record WarehouseSpec(String name, String cluster_size, Long auto_stop_mins, Long min_num_clusters,
                                Long max_num_clusters, Boolean enable_photon, Boolean enable_serverless_compute,
                                String warehouse_type, String spot_instance_policy, JsonNode channel, JsonNode tags,
                                String instance_profile_arn, String creator_name) implements Validated {
        @Override
        public void validate() {
            if (auto_stop_mins != null && auto_stop_mins != 0 && auto_stop_mins < 0) {
                throw ApiException.invalid("auto_stop_mins must be 0 or positive, got " + auto_stop_mins);
            }
            if (min_num_clusters != null && max_num_clusters != null && min_num_clusters > max_num_clusters) {
                throw ApiException.invalid("min_num_clusters must not exceed max_num_clusters");
            }
            if (warehouse_type != null && !List.of("CLASSIC", "PRO", "TYPE_UNSPECIFIED").contains(warehouse_type)) {
                throw ApiException.invalid("Invalid warehouse_type '" + warehouse_type + "'");
            }
        }
    }

    public record OdbcParams(String hostname, String path, String protocol, long port) {
    }

    public record Health(String status) {
    }

    public record Warehouse(String id, String name, String cluster_size, long auto_stop_mins, long min_num_clusters,
                            long max_num_clusters, long num_clusters, long num_active_sessions, boolean enable_photon,
                            boolean enable_serverless_compute, String warehouse_type, String spot_instance_policy,
                            JsonNode channel, JsonNode tags, String instance_profile_arn, String creator_name,
                            String state, OdbcParams odbc_params, String jdbc_url, Health health) {
        Warehouse withState(String newState) {
            return new Warehouse(id, name, cluster_size, auto_stop_mins, min_num_clusters, max_num_clusters,
                    "RUNNING".equals(newState) ? Math.max(1, min_num_clusters) : 0, num_active_sessions, enable_photon,
                    enable_serverless_compute, warehouse_type, spot_instance_policy, channel, tags, instance_profile_arn,
                    creator_name, newState, odbc_params, jdbc_url, new Health("RUNNING".equals(newState) ? "HEALTHY" : null));
        }
    }

    public record CreateWarehouseResponse(String id) {
    }

    public record ListWarehousesResponse(List<Warehouse> warehouses) {
    }

    public record DataSource(String id, String warehouse_id, String name, String type, String syntax,
                             boolean view_only, boolean supports_auto_limit, long paused) {
    }
}
