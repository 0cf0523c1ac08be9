package dev.minilake.compute;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.compute.CreatePolicy;
import com.databricks.sdk.service.compute.ListClusterPoliciesRequest;
import com.databricks.sdk.service.sql.CreateWarehouseRequest;
import com.databricks.sdk.service.sql.EditWarehouseRequest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ServerlessComputeServiceAPI over HTTP (the Java SDK 0.141 has no such API), asserting the fields
 * the Python SDK reads: both lists are derived from the real warehouses and cluster policies.
 */
class ServerlessComputeTest {
    static final ObjectMapper JSON = new ObjectMapper();
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    JsonNode get(String path) throws Exception {
        HttpResponse<String> r = server.send("GET", path, null);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    String warehouse(String name, boolean serverless) throws Exception {
        return w.warehouses().create(new CreateWarehouseRequest().setName(name).setClusterSize("Small").setMaxNumClusters(1L)
                .setEnableServerlessCompute(serverless)).get(Duration.ofSeconds(30)).getId();
    }

    @Test
    void serverlessComputesAreTheServerlessWarehouses() throws Exception {
        assertThat(get("/api/2.0/serverless-compute").path("serverless_computes")).isEmpty();
        String sl = warehouse("serverless-wh", true);
        warehouse("classic-wh", false);
        JsonNode list = get("/api/2.0/serverless-compute").path("serverless_computes");
        assertThat(list).hasSize(1);
        assertThat(list.get(0).path("serverless_compute_id").asText()).isEqualTo(sl);
        assertThat(list.get(0).path("name").asText()).isEqualTo("serverless-wh");
        assertThat(list.get(0).path("can_use").asBoolean()).isTrue();
        assertThat(list.get(0).path("can_manage").asBoolean()).isTrue();

        // derived, not stored: turning serverless off takes it off the list
        w.warehouses().edit(new EditWarehouseRequest().setId(sl).setName("serverless-wh").setClusterSize("Small")
                .setEnableServerlessCompute(false)).get(Duration.ofSeconds(30));
        assertThat(get("/api/2.0/serverless-compute").path("serverless_computes")).isEmpty();
    }

    @Test
    void computePoliciesAreTheClusterPoliciesAndPage() throws Exception {
        Instant before = Instant.now().minusSeconds(5);
        String a = w.clusterPolicies().create(new CreatePolicy().setName("team-a").setDefinition("{}")).getPolicyId();
        w.clusterPolicies().create(new CreatePolicy().setName("team-b").setDefinition("{}"));
        List<String> expected = new ArrayList<>();
        w.clusterPolicies().list(new ListClusterPoliciesRequest()).forEach(p -> expected.add(p.getPolicyId()));

        List<String> seen = new ArrayList<>();
        JsonNode page = get("/api/2.0/policies/compute?page_size=1");
        assertThat(page.path("compute_policies")).hasSize(1);
        while (true) {
            page.path("compute_policies").forEach(p -> seen.add(p.path("compute_policy_id").asText()));
            if (!page.hasNonNull("next_page_token")) break;
            page = get("/api/2.0/policies/compute?page_size=1&page_token=" + page.get("next_page_token").asText());
        }
        assertThat(seen).containsExactlyInAnyOrderElementsOf(expected).contains(a);

        JsonNode teamA = null;
        for (JsonNode p : get("/api/2.0/policies/compute").path("compute_policies")) {
            if (p.path("compute_policy_id").asText().equals(a)) teamA = p;
        }
        assertThat(teamA).isNotNull();
        assertThat(teamA.path("display_name").asText()).isEqualTo("team-a");
        assertThat(Instant.parse(teamA.path("create_time").asText())).isAfter(before);

        w.clusterPolicies().delete(a);
        assertThat(get("/api/2.0/policies/compute").findValuesAsText("compute_policy_id")).doesNotContain(a);
    }

    @Test
    void negativePageSizeIs400() {
        HttpResponse<String> r = server.send("GET", "/api/2.0/serverless-compute?page_size=-1", null);
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("INVALID_PARAMETER_VALUE");
    }
}
