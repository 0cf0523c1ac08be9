package dev.minilake.security;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.catalog.CreateCatalog;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.CreateVolumeRequestContent;
import com.databricks.sdk.service.catalog.VolumeType;
import com.databricks.sdk.service.files.UploadRequest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.api.ApiGroupRegistry;
import dev.minilake.core.api.RouteTable;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The origin policy (core/web/OriginPolicyFilter) on a real server, over the wire: DNS rebinding
 * (a foreign Host) is refused on every surface, a foreign Origin is refused for every method, a
 * body a web page could send unasked does nothing, an OPTIONS on every declared route changes
 * nothing, and the real Java SDK still works. The browser's own view is tests/python/test_browser_attacks.py.
 */
class OriginPolicyHttpTest {
    static final String EVIL = "http://127.0.0.1:1";
    static final Pattern VARIABLE = Pattern.compile("\\{(\\*?)([^}]+)}|(\\*\\*)|(\\*)");
    static MiniLakeServer server;
    static WorkspaceClient w;
    static final ObjectMapper json = new ObjectMapper();

    @BeforeAll
    static void start() throws Exception {
        server = MiniLakeServer.startWith(Map.of());
        w = server.workspace();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** One raw HTTP/1.1 exchange, for headers java.net.http will not send (Host). */
    static Raw raw(String method, String path, Map<String, String> headers, String body) throws Exception {
        URI u = URI.create(server.url());
        try (Socket s = new Socket(u.getHost(), u.getPort())) {
            StringBuilder req = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
            headers.forEach((k, v) -> req.append(k).append(": ").append(v).append("\r\n"));
            byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            if (body != null) req.append("Content-Length: ").append(bytes.length).append("\r\n");
            req.append("Connection: close\r\n\r\n");
            OutputStream out = s.getOutputStream();
            out.write(req.toString().getBytes(StandardCharsets.UTF_8));
            out.write(bytes);
            out.flush();
            InputStream in = s.getInputStream();
            java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            try {
                for (int n; (n = in.read(buf)) > 0; ) got.write(buf, 0, n);
            } catch (java.net.SocketException resetAfterTheAnswer) {
                if (got.size() == 0) throw resetAfterTheAnswer; // a server that closes at once may reset an idle socket
            }
            String answer = got.toString(StandardCharsets.UTF_8);
            int status = Integer.parseInt(answer.substring(9, 12));
            int split = answer.indexOf("\r\n\r\n");
            return new Raw(status, answer.substring(0, split), answer.substring(split + 4));
        }
    }

    record Raw(int status, String head, String body) {
    }

    @Test
    void aForeignHostIsRefusedOnEverySurface() throws Exception {
        for (String path : List.of("/api/2.1/unity-catalog/catalogs", "/api/2.0/sql/statements", "/mcp", "/jupyter/lab", "/ui/",
                "/_minilake/health", "/_minilake/reset", "/.well-known/databricks-config")) {
            for (String method : List.of("GET", "POST")) {
                Raw r = raw(method, path, Map.of("Host", "evil.example:" + URI.create(server.url()).getPort(),
                        "Content-Type", "application/json"), method.equals("POST") ? "{}" : null);
                assertThat(r.status()).as(method + " " + path).isEqualTo(403);
                assertThat(r.body()).contains("PERMISSION_DENIED").contains("MINILAKE_ALLOWED_HOSTS");
            }
        }
        // the catalog list and the workspace survived the rebinding POST to reset
        Raw ok = raw("GET", "/_minilake/health", Map.of("Host", "localhost"), null);
        assertThat(ok.status()).isEqualTo(200);
    }

    @Test
    void aForeignOriginChangesNothingWhateverItSends() throws Exception {
        w.catalogs().create(new CreateCatalog().setName("origin_victim"));
        String statement = "{\"warehouse_id\":\"dev\",\"statement\":\"CREATE TABLE origin_victim.default.pwned AS SELECT 1 AS x\"}";
        for (String type : List.of("text/plain", "application/json", "application/x-www-form-urlencoded")) {
            HttpResponse<String> r = server.send("POST", "/api/2.0/sql/statements", statement, Map.of("Origin", EVIL, "Content-Type", type));
            assertThat(r.statusCode()).as(type).isEqualTo(403);
            assertThat(json.readTree(r.body()).path("error_code").asText()).isEqualTo("PERMISSION_DENIED");
            assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
        }
        for (String origin : List.of("null", "http://localhost:1", "file://", "https://evil.example")) {
            assertThat(server.send("DELETE", "/api/2.1/unity-catalog/catalogs/origin_victim", null, Map.of("Origin", origin)).statusCode())
                    .as(origin).isEqualTo(403);
            assertThat(server.send("POST", "/_minilake/reset", "", Map.of("Origin", origin)).statusCode()).isEqualTo(403);
        }
        assertThat(server.send("POST", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}",
                Map.of("Origin", EVIL, "Content-Type", "application/json", "Accept", "application/json, text/event-stream")).statusCode())
                .isEqualTo(403);
        assertThat(w.catalogs().get("origin_victim").getName()).isEqualTo("origin_victim"); // not deleted, not reset
        assertThat(server.send("GET", "/api/2.1/unity-catalog/tables/origin_victim.default.pwned", null).statusCode()).isEqualTo(404);

        // MiniLake's own origin (its /ui pages) still may
        HttpResponse<String> own = server.send("POST", "/api/2.0/sql/statements",
                "{\"warehouse_id\":\"dev\",\"statement\":\"SELECT 42\"}", Map.of("Origin", server.url(), "Content-Type", "application/json"));
        assertThat(own.statusCode()).isEqualTo(200);
        assertThat(own.body()).contains("42");
    }

    @Test
    void aBodyAPageCouldSendUnaskedIsRefused() throws Exception {
        String create = "{\"name\":\"plain_text_catalog\"}";
        for (String type : List.of("text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x")) {
            HttpResponse<String> r = server.send("POST", "/api/2.1/unity-catalog/catalogs", create, Map.of("Content-Type", type));
            assertThat(r.statusCode()).as(type).isEqualTo(400);
            assertThat(json.readTree(r.body()).path("error_code").asText()).isEqualTo("MALFORMED_REQUEST");
        }
        // a JSON route takes JSON only, even with a token
        HttpResponse<String> withToken = server.send("POST", "/api/2.1/unity-catalog/catalogs", create,
                Map.of("Content-Type", "text/plain", "Authorization", "Bearer dev"));
        assertThat(withToken.statusCode()).isEqualTo(400);
        assertThat(withToken.body()).contains("application/json");
        assertThat(server.send("GET", "/api/2.1/unity-catalog/catalogs/plain_text_catalog", null).statusCode()).isEqualTo(404);
        // JSON, and an untyped body (curl --data-binary), are taken
        assertThat(server.send("POST", "/api/2.1/unity-catalog/catalogs", create, Map.of("Content-Type", "application/json")).statusCode())
                .isEqualTo(200);
        assertThat(server.send("POST", "/api/2.1/unity-catalog/catalogs", "{\"name\":\"untyped_catalog\"}").statusCode()).isEqualTo(200);
    }

    @Test
    void optionsOnEveryDeclaredRouteChangesNothing() throws Exception {
        w.catalogs().create(new CreateCatalog().setName("keep"));
        w.schemas().create(new CreateSchema().setCatalogName("keep").setName("keep"));
        w.volumes().create(new CreateVolumeRequestContent().setCatalogName("keep").setSchemaName("keep").setName("keep")
                .setVolumeType(VolumeType.MANAGED));
        byte[] content = "precious bytes".getBytes(StandardCharsets.UTF_8);
        w.files().upload(new UploadRequest().setFilePath("/Volumes/keep/keep/keep/keep.txt").setContents(new ByteArrayInputStream(content)));
        String before = snapshot();

        ApiGroupRegistry registry = server.bean(ApiGroupRegistry.class);
        List<String[]> sent = new ArrayList<>();
        for (var g : registry.groups()) {
            for (RouteTable.Route route : registry.routesOf(g).routes()) {
                for (var pattern : route.paths()) {
                    String path = fill(pattern.getPatternString());
                    List<HttpMethod> methods = route.methods().isEmpty() ? List.of(HttpMethod.POST, HttpMethod.DELETE) : List.copyOf(route.methods());
                    for (HttpMethod m : methods) {
                        for (String origin : List.of(EVIL, server.url())) {
                            HttpResponse<String> r = server.send("OPTIONS", path, null, Map.of("Origin", origin,
                                    "Access-Control-Request-Method", m.name(), "Access-Control-Request-Headers", "content-type"));
                            if (origin.equals(EVIL)) assertThat(r.statusCode()).as("OPTIONS " + path + " for " + m).isEqualTo(403);
                            else assertThat(r.statusCode()).as("OPTIONS " + path + " for " + m).isEqualTo(204);
                            assertThat(r.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
                            sent.add(new String[]{m.name(), path});
                        }
                        // a plain OPTIONS (no Origin) is answered by the policy too
                        assertThat(server.send("OPTIONS", path, null, Map.of("Access-Control-Request-Method", m.name())).statusCode())
                                .isEqualTo(204);
                    }
                }
            }
        }
        assertThat(sent.size()).isGreaterThan(400);
        assertThat(snapshot()).isEqualTo(before);
        assertThat(w.files().download("/Volumes/keep/keep/keep/keep.txt").getContents().readAllBytes()).isEqualTo(content);
    }

    /** What a handler run by a preflight would have changed. */
    private static String snapshot() {
        StringBuilder s = new StringBuilder();
        for (String path : List.of("/api/2.1/unity-catalog/catalogs", "/api/2.1/unity-catalog/schemas?catalog_name=keep",
                "/api/2.1/unity-catalog/volumes?catalog_name=keep&schema_name=keep", "/api/2.0/workspace/list?path=/",
                "/api/2.2/jobs/list", "/api/2.0/sql/warehouses", "/api/2.0/secrets/scopes/list", "/api/2.0/token/list")) {
            HttpResponse<String> r = server.send("GET", path, null);
            s.append(path).append(" ").append(r.statusCode()).append(" ").append(r.body().replaceAll("\"(updated_at|browse_only)\":[^,}]*", ""))
                    .append('\n');
        }
        return s.toString();
    }

    /** A declared pattern with its variables filled by the names of the objects made above. */
    static String fill(String pattern) {
        Matcher m = VARIABLE.matcher(pattern);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            boolean rest = m.group(1) != null && !m.group(1).isEmpty() || m.group(3) != null;
            m.appendReplacement(out, rest ? "/Volumes/keep/keep/keep/keep.txt" : "keep");
        }
        m.appendTail(out);
        return out.toString().replace("//", "/");
    }

    @Test
    void configuredOriginsGetCorsAndNoWildcard() throws Exception {
        MiniLakeServer cors = MiniLakeServer.startWith(Map.of("MINILAKE_ALLOWED_ORIGINS", "http://app.example:3000"));
        try {
            HttpResponse<String> pre = cors.send("OPTIONS", "/api/2.1/unity-catalog/catalogs", null, Map.of("Origin", "http://app.example:3000",
                    "Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "authorization, content-type"));
            assertThat(pre.statusCode()).isEqualTo(204);
            assertThat(pre.headers().firstValue("Access-Control-Allow-Origin")).hasValue("http://app.example:3000");
            assertThat(pre.headers().firstValue("Access-Control-Allow-Headers")).hasValue("authorization, content-type");
            HttpResponse<String> call = cors.send("POST", "/api/2.1/unity-catalog/catalogs", "{\"name\":\"from_app\"}",
                    Map.of("Origin", "http://app.example:3000", "Content-Type", "application/json"));
            assertThat(call.statusCode()).isEqualTo(200);
            assertThat(call.headers().firstValue("Access-Control-Allow-Origin")).hasValue("http://app.example:3000");
            assertThat(call.headers().allValues("Vary")).anyMatch(v -> v.contains("Origin"));
            assertThat(cors.send("GET", "/api/2.1/unity-catalog/catalogs", null, Map.of("Origin", "http://other.example")).statusCode())
                    .isEqualTo(403);
        } finally {
            cors.close();
        }
    }

    @Test
    void answersCarryNosniffAndMayBeFramedOnlyByMiniLake() throws Exception {
        for (String path : List.of("/api/2.1/unity-catalog/catalogs", "/_minilake/health", "/api/2.1/unity-catalog/catalogs/missing")) {
            HttpResponse<String> r = server.send("GET", path, null);
            assertThat(r.headers().firstValue("X-Content-Type-Options")).as(path).hasValue("nosniff");
            assertThat(r.headers().firstValue("X-Frame-Options")).as(path).hasValue("SAMEORIGIN");
            assertThat(r.headers().firstValue("Content-Security-Policy")).as(path).hasValueSatisfying(v ->
                    assertThat(v).contains("frame-ancestors 'self'").contains("default-src 'none'"));
        }
        HttpResponse<String> ui = server.send("GET", "/ui/", null);
        if (ui.statusCode() == 200) { // the UI build is in the jar (CI builds it)
            assertThat(ui.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(v ->
                    assertThat(v).contains("frame-ancestors 'self'").contains("script-src 'self'"));
        }
        JsonNode health = json.readTree(server.send("GET", "/_minilake/health", null).body());
        assertThat(health.isObject()).isTrue();
    }
}
