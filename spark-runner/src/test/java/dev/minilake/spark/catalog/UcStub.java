package dev.minilake.spark.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A minimal Unity Catalog REST server for the plugin's unit tests (the real one is MiniLake, whose
 * end-to-end tests live in tests/python): catalogs, schemas and tables kept in maps, with the
 * protocol's paths, paging fields and error shapes. It records every request it gets.
 */
final class UcStub implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    final Map<String, ObjectNode> schemas = Collections.synchronizedMap(new TreeMap<>());
    final Map<String, ObjectNode> tables = Collections.synchronizedMap(new TreeMap<>());
    /** Where MANAGED tables are put. */
    java.nio.file.Path managedRoot = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "ucstub-managed-" + UUID.randomUUID());
    final List<String> catalogs = Collections.synchronizedList(new ArrayList<>(List.of("main")));
    final List<String> requests = Collections.synchronizedList(new ArrayList<>());
    private final HttpServer server;

    UcStub() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.createContext("/api/2.1/unity-catalog/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getRawPath().substring("/api/2.1/unity-catalog".length());
            String query = ex.getRequestURI().getRawQuery() == null ? "" : ex.getRequestURI().getRawQuery();
            String method = ex.getRequestMethod();
            byte[] in = ex.getRequestBody().readAllBytes();
            requests.add(method + " " + path);
            JsonNode body = in.length == 0 ? JSON.createObjectNode() : JSON.readTree(in);
            Map<String, String> q = new TreeMap<>();
            for (String kv : query.split("&")) {
                if (kv.isEmpty()) continue;
                String[] p = kv.split("=", 2);
                q.put(p[0], p.length > 1 ? URLDecoder.decode(p[1], StandardCharsets.UTF_8) : "");
            }
            String rest = path.contains("/") && path.lastIndexOf('/') > 0 ? URLDecoder.decode(path.substring(path.indexOf('/', 1) + 1), StandardCharsets.UTF_8) : null;
            if (method.equals("GET") && path.equals("/catalogs")) {
                ObjectNode out = JSON.createObjectNode();
                ArrayNode a = out.putArray("catalogs");
                catalogs.forEach(c -> a.addObject().put("name", c));
                reply(ex, 200, out);
            } else if (method.equals("GET") && path.equals("/schemas")) {
                ObjectNode out = JSON.createObjectNode();
                ArrayNode a = out.putArray("schemas");
                schemas.values().stream().filter(s -> s.path("catalog_name").asText().equals(q.get("catalog_name"))).forEach(a::add);
                reply(ex, 200, out);
            } else if (method.equals("POST") && path.equals("/schemas")) {
                String full = body.path("catalog_name").asText() + "." + body.path("name").asText();
                if (schemas.containsKey(full)) error(ex, 409, "SCHEMA_ALREADY_EXISTS");
                else {
                    ObjectNode s = ((ObjectNode) body).put("full_name", full);
                    schemas.put(full, s);
                    reply(ex, 200, s);
                }
            } else if (path.startsWith("/schemas/")) {
                ObjectNode s = schemas.get(rest);
                if (s == null) error(ex, 404, "SCHEMA_DOES_NOT_EXIST");
                else if (method.equals("DELETE")) {
                    schemas.remove(rest);
                    reply(ex, 200, JSON.createObjectNode());
                } else reply(ex, 200, s);
            } else if (method.equals("GET") && path.equals("/tables")) {
                ObjectNode out = JSON.createObjectNode();
                ArrayNode a = out.putArray("tables");
                String prefix = q.get("catalog_name") + "." + q.get("schema_name") + ".";
                tables.forEach((k, v) -> {
                    if (k.startsWith(prefix)) a.add(v);
                });
                reply(ex, 200, out);
            } else if (method.equals("POST") && path.equals("/tables")) {
                String full = body.path("catalog_name").asText() + "." + body.path("schema_name").asText() + "." + body.path("name").asText();
                if (tables.containsKey(full)) error(ex, 409, "TABLE_ALREADY_EXISTS");
                else {
                    ObjectNode t = ((ObjectNode) body).put("full_name", full).put("table_id", UUID.randomUUID().toString());
                    // as MiniLake does, a MANAGED table gets a location in the catalog's managed storage
                    if ("MANAGED".equals(t.path("table_type").asText())) {
                        t.put("storage_location", managedRoot.resolve(t.path("table_id").asText()).toString());
                    }
                    tables.put(full, t);
                    reply(ex, 200, t);
                }
            } else if (path.startsWith("/tables/")) {
                ObjectNode t = tables.get(rest);
                if (!rest.matches("[A-Za-z0-9_.-]+")) error(ex, 400, "INVALID_PARAMETER_VALUE"); // as MiniLake validates names
                else if (t == null) error(ex, 404, "TABLE_DOES_NOT_EXIST");
                else if (method.equals("DELETE")) {
                    tables.remove(rest);
                    reply(ex, 200, JSON.createObjectNode());
                } else reply(ex, 200, t);
            } else if (method.equals("POST") && path.startsWith("/temporary-")) {
                reply(ex, 200, JSON.createObjectNode().put("expiration_time", System.currentTimeMillis() + 3600_000));
            } else {
                error(ex, 404, "ENDPOINT_NOT_FOUND");
            }
        }
    }

    private static void error(HttpExchange ex, int status, String code) throws IOException {
        reply(ex, status, JSON.createObjectNode().put("error_code", code).put("message", code));
    }

    private static void reply(HttpExchange ex, int status, JsonNode body) throws IOException {
        byte[] b = JSON.writeValueAsBytes(body);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, b.length);
        ex.getResponseBody().write(b);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
