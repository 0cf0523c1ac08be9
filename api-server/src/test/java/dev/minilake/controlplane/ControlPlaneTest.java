package dev.minilake.controlplane;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** /_minilake/health, ready and services over HTTP. */
class ControlPlaneTest {
    static final ObjectMapper JSON = new ObjectMapper();
    final MiniLakeServer server = MiniLakeServer.shared();

    @Test
    void healthAndReady() throws Exception {
        assertThat(JSON.readTree(server.send("GET", "/_minilake/health", null).body()).get("status").asText()).isEqualTo("ok");
        var ready = server.send("GET", "/_minilake/ready", null);
        assertThat(ready.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(ready.body());
        assertThat(body.get("ready").asBoolean()).isTrue();
        assertThat(body.get("engines").get("duckdb").asText()).isEqualTo("ok");
        assertThat(body.get("engines").get("store").asText()).isEqualTo("ok");
    }

    @Test
    void servicesListsEveryGroupWithItsLabel() throws Exception {
        JsonNode services = JSON.readTree(server.send("GET", "/_minilake/services", null).body()).get("services");
        List<String> names = new ArrayList<>();
        services.forEach(s -> {
            names.add(s.get("name").asText());
            assertThat(s.get("status").asText()).isIn("REAL", "CRUD", "STATE_MACHINE", "NOT_IMPLEMENTED");
            assertThat(s.get("note").asText()).isNotBlank();
        });
        assertThat(names).contains("tokens", "control-plane", "scim", "host-metadata");
        for (JsonNode s : services) {
            if (s.get("name").asText().equals("tokens")) {
                assertThat(s.get("label").asText()).contains("not enforced");
                assertThat(s.get("sdk_apis").get(0).asText()).isEqualTo("TokensAPI");
            }
        }
    }

    @Test
    void resetReportsSuccess() throws Exception {
        var r = server.send("POST", "/_minilake/reset", "");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(r.body()).get("status").asText()).isEqualTo("reset");
    }
}
