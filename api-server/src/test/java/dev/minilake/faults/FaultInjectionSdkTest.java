package dev.minilake.faults;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CreateCatalog;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Java SDK's own retry logic goes through injected 429s and 503s and then succeeds; a rule's count is exact. */
class FaultInjectionSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void reset() {
        server.reset();
    }

    JsonNode fault(String body) throws Exception {
        HttpResponse<String> r = server.send("POST", "/_minilake/faults", body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return json.readTree(r.body());
    }

    JsonNode rules() throws Exception {
        return json.readTree(server.send("GET", "/_minilake/faults", null).body()).path("faults");
    }

    @Test
    void theSdkRetriesThroughA503AndA429ThenSucceeds() throws Exception {
        w.catalogs().create(new CreateCatalog().setName("sales"));
        fault("{\"method\":\"GET\",\"path\":\"/api/2.1/unity-catalog/catalogs/{name}\",\"status\":503,\"count\":2,\"retry_after_seconds\":1}");
        fault("{\"method\":\"GET\",\"path\":\"/api/2.1/unity-catalog/catalogs/{name}\",\"status\":429,\"count\":1,\"retry_after_seconds\":1}");

        long t0 = System.nanoTime();
        assertThat(w.catalogs().get("sales").getName()).isEqualTo("sales");
        long seconds = (System.nanoTime() - t0) / 1_000_000_000;

        assertThat(rules()).hasSize(2).allSatisfy(r -> assertThat(r.path("remaining").asInt()).isZero());
        assertThat(rules().get(0).path("fired").asInt()).isEqualTo(2);
        assertThat(rules().get(1).path("fired").asInt()).isEqualTo(1);
        assertThat(seconds).as("three Retry-After waits of 1 s").isGreaterThanOrEqualTo(2);
    }

    @Test
    void aNonRetriableFaultReachesTheCallerAsItsTypedError() throws Exception {
        fault("{\"method\":\"GET\",\"path\":\"/api/2.1/unity-catalog/catalogs/**\",\"status\":404,\"message\":\"injected\",\"count\":1}");
        w.catalogs().create(new CreateCatalog().setName("x"));
        assertThatThrownBy(() -> w.catalogs().get("x")).isInstanceOf(ResourceDoesNotExist.class).hasMessageContaining("injected");
        assertThat(w.catalogs().get("x").getName()).isEqualTo("x"); // the count was one
    }

    @Test
    void rulesAreValidatedListedDeletedAndClearedByReset() throws Exception {
        assertThat(server.send("POST", "/_minilake/faults", "{\"path\":\"/_minilake/reset\",\"status\":503}").statusCode()).isEqualTo(400);
        assertThat(server.send("POST", "/_minilake/faults", "{\"path\":\"/api/x\",\"status\":418}").statusCode()).isEqualTo(400);
        assertThat(server.send("POST", "/_minilake/faults", "{\"path\":\"/api/x\"}").statusCode()).isEqualTo(400);
        long id = fault("{\"path\":\"/api/2.0/clusters/list\",\"status\":500}").path("id").asLong();
        assertThat(server.send("GET", "/api/2.0/clusters/list", null).statusCode()).isEqualTo(500);
        assertThat(server.send("GET", "/api/2.0/clusters/list", null).statusCode()).as("no count: every request").isEqualTo(500);
        assertThat(server.send("DELETE", "/_minilake/faults/" + id, null).statusCode()).isEqualTo(200);
        assertThat(server.send("GET", "/api/2.0/clusters/list", null).statusCode()).isEqualTo(200);
        fault("{\"path\":\"/api/2.0/clusters/list\",\"status\":503}");
        server.reset();
        assertThat(rules()).isEmpty();
        assertThat(server.send("GET", "/api/2.0/clusters/list", null).statusCode()).isEqualTo(200);
    }
}
