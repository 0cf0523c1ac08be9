package dev.minilake.core;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksError;
import com.databricks.sdk.core.error.platform.NotImplemented;
import com.databricks.sdk.service.iam.User;
import com.databricks.sdk.service.pipelines.CreatePipeline;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every client touches first, and the error model, driven by the real Databricks Java SDK. */
class FoundationSdkTest {
    static final ObjectMapper JSON = new ObjectMapper();
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void currentUserMeAndOrgIdHeaderMatchHostMetadata() throws Exception {
        User me = w.currentUser().me(new com.databricks.sdk.service.iam.MeRequest());
        assertThat(me.getUserName()).isEqualTo("dev@minilake.local");
        assertThat(me.getId()).isNotBlank();

        HttpResponse<String> meRaw = server.send("GET", "/api/2.0/preview/scim/v2/Me", null);
        JsonNode meta = JSON.readTree(server.send("GET", "/.well-known/databricks-config", null).body());
        assertThat(meta.get("workspace_id").asText()).isNotBlank();
        assertThat(meRaw.headers().firstValue("X-Databricks-Org-Id")).contains(meta.get("workspace_id").asText());
        assertThat(meta.get("oidc_endpoint").asText()).startsWith(server.url());
    }

    /**
     * The Java SDK treats 501 as retriable (NonIdempotentRequestRetryStrategy retries 429, 501 and
     * 503), so after its retries it throws a DatabricksException whose cause is the typed
     * NotImplemented error carrying MiniLake's message. The Python SDK raises NotImplemented at once
     * (tests/python/test_foundation.py).
     */
    @Test
    void outOfScopeSdkCallRaisesNotImplemented() {
        assertThatThrownBy(() -> w.pipelines().create(new CreatePipeline().setName("p")))
                .hasCauseInstanceOf(NotImplemented.class)
                .cause().hasMessageContaining("PipelinesAPI.create");
    }

    @Test
    void malformedJsonIs400MalformedRequest() throws Exception {
        HttpResponse<String> r = server.send("POST", "/api/2.0/token/create", "{not json",
                Map.of("Content-Type", "application/json"));
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(r.body()).get("error_code").asText()).isEqualTo("MALFORMED_REQUEST");
        assertThat(w.tokens().list()).isEmpty();
    }

    @Test
    void wronglyTypedFieldIs400NamingTheField() throws Exception {
        HttpResponse<String> r = server.send("POST", "/api/2.0/token/create", "{\"lifetime_seconds\": \"soon\"}");
        assertThat(r.statusCode()).isEqualTo(400);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("error_code").asText()).isEqualTo("INVALID_PARAMETER_VALUE");
        assertThat(body.get("message").asText()).contains("lifetime_seconds");
    }

    @Test
    void unknownRouteIs404EndpointNotFound() throws Exception {
        HttpResponse<String> r = server.send("GET", "/api/2.0/no-such-thing", null);
        assertThat(r.statusCode()).isEqualTo(404);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.get("error_code").asText()).isEqualTo("ENDPOINT_NOT_FOUND");
        assertThat(body.get("message").asText()).contains("/api/2.0/no-such-thing");
    }

    @Test
    void sdkRaisesTypedErrorForUnknownRoute() {
        assertThatThrownBy(() -> w.apiClient().execute(
                new com.databricks.sdk.core.http.Request("GET", "/api/2.0/no-such-thing"), Map.class))
                .isInstanceOf(DatabricksError.class)
                .satisfies(e -> assertThat(((DatabricksError) e).getErrorCode()).isEqualTo("ENDPOINT_NOT_FOUND"));
    }

    @Test
    void telemetryIsAccepted() throws Exception {
        HttpResponse<String> r = server.send("POST", "/telemetry-ext", "{\"uploadTime\": 1, \"protoLogs\": [\"{}\", \"{}\"]}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(r.body()).get("numProtoSuccess").asInt()).isEqualTo(2);
    }
}
