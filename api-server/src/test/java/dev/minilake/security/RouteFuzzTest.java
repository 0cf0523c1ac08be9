package dev.minilake.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.api.ApiGroupRegistry;
import dev.minilake.core.api.RouteTable;
import dev.minilake.support.MiniLakeServer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.springframework.http.HttpMethod;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property-based fuzzing of every route the server declares (issue 17): the routes come from the
 * API groups' own route tables, so a new route is fuzzed without anyone adding it here. Each try
 * sends one generated request (malformed JSON, wrong types, huge and unicode strings, negative
 * and huge numbers, traversal in names and paths, oversized URLs and headers) and checks: no 5xx
 * (a 501 NOT_IMPLEMENTED is the honest answer for a declared-unsupported variant and is counted
 * apart), every 4xx is a Databricks-shaped body (the MCP transport's are the protocol's own), no
 * error names a server path, and no answer at all carries a Java stack frame.
 */
class RouteFuzzTest {
    static final int TRIES = 10_000;
    /** A Java stack frame ("at dev.minilake.X.y(X.java:12)", "at java.base/..."): no answer may carry one. */
    static final Pattern STACK_FRAME = Pattern.compile("\\bat [\\w$.]+/?[\\w$.]*\\.[\\w$<>]+\\((?:[\\w$]+\\.(?:java|kt|scala):\\d+|Native Method|Unknown Source)\\)");
    /** A path variable ({name}, {*rest}) or a glob (*, **) of a declared pattern. */
    private static final Pattern VARIABLE = Pattern.compile("\\{(\\*?)([^}]+)}|(\\*\\*)|(\\*)");
    private static final List<String> QUERY_NAMES = List.of("limit", "offset", "page_token", "max_results", "name", "path",
            "scope", "key", "job_id", "run_id", "full_name", "catalog_name", "schema_name", "include_browse", "expand_tasks",
            "active_only", "recursive", "id", "cluster_id", "warehouse_id", "statement_id", "filter", "format", "overwrite");
    private static final List<String> FIELD_NAMES = List.of("name", "catalog_name", "schema_name", "comment", "path", "scope",
            "key", "string_value", "statement", "warehouse_id", "job_id", "run_id", "tasks", "settings", "storage_location",
            "volume_type", "table_type", "columns", "cluster_name", "spark_version", "num_workers", "content", "format",
            "overwrite", "language", "principal", "permission", "changes", "max_results", "page_token", "properties",
            "data_source_format", "access_control_list", "timeout_seconds", "parameters", "wait_timeout", "disposition");

    /** Starts a Spark JVM (a gigabyte, a minute of CPU on two cores); the Spark tests drive it. */
    static final String NOT_FUZZED = "/_minilake/spark";
    /** The MCP transport: its errors are the protocol's, not Databricks' {"error_code","message"}. */
    static final String PROTOCOL_ROUTE = "/mcp";
    /** OAuth discovery, token and authorize: errors in OAuth's shape, {"error", "error_description"}. */
    static final String OAUTH_ROUTES = "/oidc/";
    static final boolean COLLECT = Boolean.getBoolean("fuzz.collect");
    static MiniLakeServer server;
    static List<RouteTable.Route> routes;
    static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    static final ObjectMapper json = new ObjectMapper();
    static final Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
    static Set<String> serverPaths;

    @BeforeContainer
    static void start() throws Exception {
        server = MiniLakeServer.startWith(Map.of());
        ApiGroupRegistry registry = server.bean(ApiGroupRegistry.class);
        routes = registry.groups().stream().flatMap(g -> registry.routesOf(g).routes().stream())
                .filter(r -> r.paths().stream().noneMatch(p -> p.getPatternString().startsWith(NOT_FUZZED)))
                .toList();
        serverPaths = new java.util.HashSet<>(List.of(server.dataDir().toString(), server.dataDir().toRealPath().toString(),
                System.getProperty("user.dir"), System.getProperty("java.home")));
    }

    @AfterContainer
    static void stop() {
        System.out.println("route fuzz: " + TRIES + " requests over " + routes.size() + " declared routes; outcomes " + new TreeMap<>(outcomes));
        server.close();
    }

    record Fuzz(String method, String path, String query, byte[] body, Map<String, String> headers) {
        @Override
        public String toString() {
            String b = new String(body, StandardCharsets.UTF_8);
            return method + " " + abbreviate(path) + (query.isEmpty() ? "" : "?" + abbreviate(query)) + " body=" + abbreviate(b)
                    + (headers.isEmpty() ? "" : " headers=" + headers.keySet());
        }
    }

    @Property(tries = TRIES, shrinking = ShrinkingMode.BOUNDED, seed = "1717")
    void noRequestGetsAServerErrorOrAnUnshapedAnswer(@ForAll("requests") Fuzz f) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url() + f.path() + (f.query().isEmpty() ? "" : "?" + f.query())))
                .timeout(Duration.ofSeconds(60))
                .method(f.method(), f.body().length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(f.body()));
        f.headers().forEach(b::header);
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        int status = r.statusCode();
        outcomes.computeIfAbsent(status / 100 + "xx" + (status == 501 ? " (501)" : ""), k -> new AtomicLong()).incrementAndGet();
        if (COLLECT && status >= 500 && status != 501) {
            System.out.println("FUZZ5XX " + f + " -> " + r.body());
            return;
        }
        assertThat(STACK_FRAME.matcher(r.body()).find()).as(f + " answered a stack trace: " + abbreviate(r.body())).isFalse();
        if (status == 501) {
            assertThat(json.readTree(r.body()).path("error_code").asText()).as(f.toString()).isEqualTo("NOT_IMPLEMENTED");
            return;
        }
        assertThat(status).as(f + " -> " + r.body()).isLessThan(500);
        if (status >= 400) for (String p : serverPaths) assertThat(r.body()).as(f.toString()).doesNotContain(p);
        // a HEAD answer has no body by definition; /mcp answers in the MCP protocol's own shape (JSON-RPC, transport errors)
        if (status >= 400 && !f.method().equals("HEAD") && f.path().startsWith(OAUTH_ROUTES)) {
            // the OAuth endpoints answer as an OAuth server does (RFC 6749 section 5.2), which the SDKs' OAuth clients read
            JsonNode body = json.readTree(r.body());
            // (a method or path no OAuth route serves gets MiniLake's usual shape)
            assertThat(body.path("error").isTextual() || (body.path("error_code").isTextual() && body.path("message").isTextual()))
                    .as(f + " -> " + r.body()).isTrue();
            for (String p : serverPaths) assertThat(body.path("error_description").asText()).as(f.toString()).doesNotContain(p);
        } else if (status >= 400 && !f.method().equals("HEAD") && !f.path().startsWith(PROTOCOL_ROUTE)) {
            JsonNode body = json.readTree(r.body());
            assertThat(body.path("error_code").isTextual()).as(f + " -> " + r.body()).isTrue();
            assertThat(body.path("message").isTextual()).as(f + " -> " + r.body()).isTrue();
            for (String p : serverPaths) assertThat(body.path("message").asText()).as(f.toString()).doesNotContain(p);
        }
    }

    @Provide
    Arbitrary<Fuzz> requests() {
        Arbitrary<RouteTable.Route> route = Arbitraries.of(routes);
        return route.flatMap(rt -> Combinators.combine(
                method(rt), path(rt), query(), body(), headers()).as(Fuzz::new));
    }

    private Arbitrary<String> method(RouteTable.Route rt) {
        List<String> declared = rt.methods().stream().map(HttpMethod::name).sorted().toList();
        List<String> all = declared.isEmpty() ? List.of("GET", "POST", "PUT", "PATCH", "DELETE") : declared;
        // mostly the declared method; sometimes one the route does not take
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(9, Arbitraries.of(all)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of("GET", "POST", "PUT", "PATCH", "DELETE")));
    }

    private Arbitrary<String> path(RouteTable.Route rt) {
        Arbitrary<String> pattern = Arbitraries.of(rt.paths().stream().map(p -> p.getPatternString()).toList());
        return pattern.flatMap(p -> {
            Matcher m = VARIABLE.matcher(p);
            int vars = 0;
            while (m.find()) vars++;
            if (vars == 0) return Arbitraries.just(p);
            return segment().list().ofSize(vars).flatMap(values -> tail().map(t -> fill(p, values, t)));
        });
    }

    private static String fill(String pattern, List<String> values, String tail) {
        Matcher m = VARIABLE.matcher(pattern);
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (m.find()) {
            boolean wholeTail = m.group(3) != null || (m.group(1) != null && !m.group(1).isEmpty());
            String v = wholeTail ? tail.substring(1) : encode(values.get(i));
            m.appendReplacement(out, Matcher.quoteReplacement(v));
            i++;
        }
        m.appendTail(out);
        return out.toString();
    }

    /** A whole-path tail for {*rest} variables: nested, traversing, encoded, huge. */
    private Arbitrary<String> tail() {
        return Arbitraries.<String>oneOf(
                segment().list().ofMinSize(1).ofMaxSize(4).map(l -> "/" + String.join("/", l.stream().map(RouteFuzzTest::encode).toList())),
                Arbitraries.of("/../../etc/passwd", "/Volumes/main/default/v/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
                        "/Workspace/Shared/x", "/dbfs/tmp/x", "/Volumes/a/b/c/" + "n".repeat(302), "/" + "d/".repeat(800) + "x",
                        "/proc/self/environ", "//", "/", "/a%00b", "/Volumes"));
    }

    private Arbitrary<String> segment() {
        return Arbitraries.<String>oneOf(
                Arbitraries.of("main", "default", "1", "0", "-1", "9223372036854775807", "99999999999999999999", "..", ".",
                        "%2e%2e", "main.default.t", "a b", "ñandú", "表", "😀", "null", "true", "'; DROP TABLE x; --", "$uc", "main$uc"),
                Arbitraries.strings().ofMinLength(1).ofMaxLength(40),
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(250).ofMaxLength(400),
                Arbitraries.longs().map(l -> Long.toString(l)));
    }

    private Arbitrary<String> query() {
        Arbitrary<String> pair = Combinators.combine(Arbitraries.of(QUERY_NAMES), scalarText())
                .as((k, v) -> k + "=" + encode(v));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(40, pair.list().ofMaxSize(3).map(l -> String.join("&", l))),
                net.jqwik.api.Tuple.of(1, Arbitraries.just("x=" + "q".repeat(70_000))));
    }

    private Arbitrary<String> scalarText() {
        return Arbitraries.<String>oneOf(
                Arbitraries.of("-1", "0", "1", "-9223372036854775808", "1e308", "NaN", "true", "yes", "", "..", "/etc/passwd"),
                Arbitraries.strings().ofMaxLength(30),
                Arbitraries.longs().map(l -> Long.toString(l)));
    }

    private Arbitrary<byte[]> body() {
        Arbitrary<String> text = Arbitraries.<String>oneOf(
                Arbitraries.of("", "{", "[1,2", "null", "\"str\"", "42", "[]", "{\"a\":", "{}", "{\"name\":{\"$gt\":1}}", "\u0000\u0001"),
                jsonObject(),
                Arbitraries.strings().ofMaxLength(60));
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(20, text.map(s -> s.getBytes(StandardCharsets.UTF_8))),
                net.jqwik.api.Tuple.of(1, Arbitraries.bytes().array(byte[].class).ofMaxSize(200)));
    }

    private Arbitrary<String> jsonObject() {
        Arbitrary<String> field = Combinators.combine(Arbitraries.of(FIELD_NAMES), jsonValue())
                .as((k, v) -> "\"" + k + "\":" + v);
        return field.list().ofMinSize(1).ofMaxSize(5).map(l -> "{" + String.join(",", l) + "}");
    }

    private Arbitrary<String> jsonValue() {
        return Arbitraries.<String>oneOf(
                Arbitraries.of("null", "true", "false", "-1", "0", "1e400", "-9223372036854775809", "18446744073709551616", "1.5",
                        "[]", "{}", "[null]", "[1,\"a\",{}]", "{\"x\":{\"y\":[1]}}", "\"\"", "\"../../etc\"", "\"/etc/passwd\"",
                        "\"file:///etc\"", "\"" + "x".repeat(100_000) + "\"", "\"ñ😀\\u0000\""),
                Arbitraries.strings().ofMaxLength(30).map(RouteFuzzTest::jsonString),
                Arbitraries.longs().map(l -> Long.toString(l)),
                Arbitraries.doubles().map(d -> Double.isFinite(d) ? Double.toString(d) : "0"));
    }

    private Arbitrary<Map<String, String>> headers() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(16, Arbitraries.just(Map.of("Content-Type", "application/json"))),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Map.<String, String>of())),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Map.of("Content-Type", "text/plain; charset=bogus"))),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Map.of("X-Big", "h".repeat(90_000)))),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(Map.of("Authorization", "Bearer " + "t".repeat(5_000)))));
    }

    private static String encode(String s) {
        return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String jsonString(String s) {
        try {
            return json.writeValueAsString(s);
        } catch (Exception e) {
            return "\"\"";
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 200 ? s.substring(0, 200) + "...(" + s.length() + " chars)" : s;
    }
}
