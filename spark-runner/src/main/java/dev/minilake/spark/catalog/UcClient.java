package dev.minilake.spark.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The Unity Catalog REST calls the plugin makes, against MiniLake (or any server speaking the
 * same protocol): {@code /api/2.1/unity-catalog/...} with a bearer token.
 */
public final class UcClient {
    public static final class UcException extends RuntimeException {
        public final int status;
        public final String errorCode;

        UcException(int status, String errorCode, String message) {
            super(message);
            this.status = status;
            this.errorCode = errorCode;
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();

    private final String base;
    private final String token;

    public UcClient(String uri, String token) {
        String u = uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
        this.base = u + "/api/2.1/unity-catalog";
        this.token = token == null || token.isBlank() ? "minilake" : token;
    }

    public Optional<JsonNode> getTable(String fullName) {
        return getOptional("/tables/" + enc(fullName));
    }

    public Optional<JsonNode> getSchema(String fullName) {
        return getOptional("/schemas/" + enc(fullName));
    }

    public List<String> listCatalogs() {
        return listNames("/catalogs?", "catalogs");
    }

    public List<String> listSchemas(String catalog) {
        return listNames("/schemas?catalog_name=" + enc(catalog) + "&", "schemas");
    }

    public List<String> listTables(String catalog, String schema) {
        return listNames("/tables?catalog_name=" + enc(catalog) + "&schema_name=" + enc(schema) + "&omit_columns=true&", "tables");
    }

    public JsonNode createTable(ObjectNode body) {
        return send("POST", "/tables", body);
    }

    public void deleteTable(String fullName) {
        send("DELETE", "/tables/" + enc(fullName), null);
    }

    public void createSchema(String catalog, String schema, String comment) {
        ObjectNode b = JSON.createObjectNode().put("catalog_name", catalog).put("name", schema);
        if (comment != null) b.put("comment", comment);
        send("POST", "/schemas", b);
    }

    public void deleteSchema(String fullName, boolean force) {
        send("DELETE", "/schemas/" + enc(fullName) + (force ? "?force=true" : ""), null);
    }

    /** What the official connector asks before it creates a table at a path. */
    public JsonNode temporaryPathCredentials(String url, String operation) {
        return send("POST", "/temporary-path-credentials", JSON.createObjectNode().put("url", url).put("operation", operation));
    }

    /** What the official connector asks before it reads or writes a table. */
    public JsonNode temporaryTableCredentials(String tableId, String operation) {
        return send("POST", "/temporary-table-credentials", JSON.createObjectNode().put("table_id", tableId).put("operation", operation));
    }

    private List<String> listNames(String pathAndQuery, String field) {
        List<String> out = new ArrayList<>();
        String token = null;
        do {
            JsonNode page = send("GET", pathAndQuery + "max_results=1000" + (token == null ? "" : "&page_token=" + enc(token)), null);
            for (JsonNode n : page.path(field)) out.add(n.path("name").asText());
            token = page.path("next_page_token").asText(null);
            if (token != null && token.isEmpty()) token = null;
        } while (token != null);
        return out;
    }

    private Optional<JsonNode> getOptional(String path) {
        try {
            return Optional.of(send("GET", path, null));
        } catch (UcException e) {
            if (e.status == 404) return Optional.empty();
            throw e;
        }
    }

    private JsonNode send(String method, String path, JsonNode body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + token).header("Accept", "application/json");
        if (body != null) {
            b.header("Content-Type", "application/json");
            b.method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        try {
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode json = r.body() == null || r.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(r.body());
            if (r.statusCode() >= 300) {
                throw new UcException(r.statusCode(), json.path("error_code").asText(""),
                        method + " " + path + ": " + r.statusCode() + " " + json.path("error_code").asText("") + " " + json.path("message").asText(r.body()));
            }
            return json;
        } catch (IOException e) {
            throw new IllegalStateException("Unity Catalog at " + base + " is unreachable: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted calling " + base + path, e);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
