package dev.minilake.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fuzz findings of issue 17 (finding 5), each a regression test over raw HTTP: every answer is
 * a Databricks-shaped 4xx naming no server path, and no oversized request goes unanswered.
 */
class HttpLimitsTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void reset() {
        server.reset();
    }

    JsonNode error(HttpResponse<String> r, int status) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        JsonNode body = json.readTree(r.body());
        assertThat(body.path("error_code").asText()).isNotEmpty();
        assertThat(body.path("message").asText()).isNotEmpty().doesNotContain(server.dataDir().toString());
        return body;
    }

    @Test
    void aNegativeOffsetIsInvalid() throws Exception {
        assertThat(error(server.send("GET", "/api/2.2/jobs/list?offset=-1", null), 400).path("error_code").asText())
                .isEqualTo("INVALID_PARAMETER_VALUE");
        error(server.send("GET", "/api/2.2/jobs/runs/list?offset=-5", null), 400);
    }

    @Test
    void overlongFileNamesAreInvalidNotServerErrors() throws Exception {
        server.send("POST", "/api/2.1/unity-catalog/volumes",
                "{\"catalog_name\":\"main\",\"schema_name\":\"default\",\"name\":\"v\",\"volume_type\":\"MANAGED\"}");
        String name = "n".repeat(302);
        error(server.send("PUT", "/api/2.0/fs/files/Volumes/main/default/v/" + name, "x"), 400);
        error(server.send("PUT", "/api/2.0/fs/directories/Volumes/main/default/v/" + name, null), 400);
        error(server.send("POST", "/api/2.0/dbfs/put", "{\"path\":\"/" + name + "\",\"contents\":\"eA==\"}"), 400);
        error(server.send("POST", "/api/2.0/workspace/mkdirs", "{\"path\":\"/Shared/" + name + "\"}"), 400);
    }

    @Test
    void aWronglyTypedFieldIsRefusedNotCoerced() throws Exception {
        JsonNode e = error(server.send("POST", "/api/2.1/unity-catalog/catalogs", "{\"name\": 5}"), 400);
        assertThat(e.path("error_code").asText()).isEqualTo("INVALID_PARAMETER_VALUE");
        assertThat(e.path("message").asText()).contains("'name'").contains("expected a string");
        assertThat(server.send("GET", "/api/2.1/unity-catalog/catalogs/5", null).statusCode()).isEqualTo(404);
        error(server.send("POST", "/api/2.1/unity-catalog/catalogs", "{\"name\": true}"), 400);
    }

    @Test
    void longUrlsAndHeadersAreServedUpToTheLimitAndShapedBeyondIt() throws Exception {
        assertThat(server.send("GET", "/api/2.0/clusters/list?x=" + "a".repeat(10_000), null).statusCode()).isEqualTo(200);
        assertThat(server.send("GET", "/api/2.0/clusters/list", null, Map.of("X-Big", "b".repeat(20_000))).statusCode()).isEqualTo(200);

        Raw tooLongUrl = raw("GET /api/2.0/clusters/list?x=" + "a".repeat(1_000_000) + " HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(tooLongUrl.status).isEqualTo(414);
        assertThat(json.readTree(tooLongUrl.body).path("error_code").asText()).isEqualTo("INVALID_PARAMETER_VALUE");

        Raw tooLongHeader = raw("GET /api/2.0/clusters/list HTTP/1.1\r\nHost: x\r\nX-Big: " + "b".repeat(200_000) + "\r\n\r\n");
        assertThat(tooLongHeader.status).isEqualTo(431);
        assertThat(json.readTree(tooLongHeader.body).path("message").asText()).contains("headers");

        Raw garbage = raw("\u0001\u0002 nonsense\r\n\r\n");
        assertThat(garbage.status).isEqualTo(400);
        assertThat(json.readTree(garbage.body).path("error_code").asText()).isEqualTo("MALFORMED_REQUEST");
    }

    record Raw(int status, String body) {
    }

    /** Sends raw bytes (the whole oversized request, as a client would) and reads the answer; it must come within the timeout. */
    Raw raw(String request) throws Exception {
        URI uri = URI.create(server.url());
        try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            Thread writer = new Thread(() -> {
                try {
                    out.write(request.getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                } catch (Exception ignored) {
                    // the server may stop reading once it has answered
                }
            });
            writer.start();
            InputStream in = s.getInputStream();
            String response = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            writer.join(20_000);
            int status = Integer.parseInt(response.substring(9, 12));
            return new Raw(status, response.substring(response.indexOf("\r\n\r\n") + 4));
        }
    }
}
