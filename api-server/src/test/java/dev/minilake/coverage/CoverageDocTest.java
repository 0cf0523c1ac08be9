package dev.minilake.coverage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.controlplane.CoverageReport;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The coverage report: docs/coverage.md must equal what the server reports (fails when stale;
 * MINILAKE_WRITE_COVERAGE=1 rewrites it), and what the report says must be what the server does:
 * every operation it calls served is answered by a route, every one it calls 501 answers 501.
 */
class CoverageDocTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Path DOC = Path.of("..", "docs", "coverage.md");
    static final Path TESTS = Path.of("src", "test", "java");
    final MiniLakeServer server = MiniLakeServer.shared();

    @Test
    void docsCoverageMdIsUpToDate() throws Exception {
        JsonNode report = JSON.readTree(server.send("GET", "/_minilake/coverage", null).body());
        Map<String, List<String>> tests = new TreeMap<>();
        for (JsonNode g : report.get("groups")) tests.put(g.get("name").asText(), testsFor(g.get("class").asText()));
        String md = server.bean(CoverageReport.class).markdown(tests);
        if ("1".equals(System.getenv("MINILAKE_WRITE_COVERAGE"))) {
            Files.createDirectories(DOC.getParent());
            Files.writeString(DOC, md, StandardCharsets.UTF_8);
        }
        assertThat(Files.exists(DOC)).as("docs/coverage.md exists (regenerate with MINILAKE_WRITE_COVERAGE=1)").isTrue();
        assertThat(Files.readString(DOC, StandardCharsets.UTF_8))
                .as("docs/coverage.md is stale: regenerate with MINILAKE_WRITE_COVERAGE=1 mvn -pl api-server -am test -Dtest=CoverageDocTest")
                .isEqualTo(md);
        System.out.println("coverage: " + report.get("key_modules") + "\n          " + report.get("total"));
    }

    @Test
    void theReportSaysWhatTheServerDoes() throws Exception {
        server.reset();
        JsonNode report = JSON.readTree(server.send("GET", "/_minilake/coverage", null).body());
        assertThat(report.get("sdk").asText()).startsWith("databricks-sdk==");
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (JsonNode op : report.get("operations")) {
            String template = op.get("path").asText();
            String verb = op.get("verb").asText();
            if (verb.equals("HEAD")) continue; // no body to read the error code from
            String path = template.replaceAll("(?<=/)\\{[^}]*}", "minilake-probe").replaceAll("\\{[^}]*}", "/minilake-probe");
            boolean body = verb.equals("POST") || verb.equals("PUT") || verb.equals("PATCH");
            HttpResponse<String> r = server.send(verb, path, body ? "{}" : null, Map.of("Content-Type", "application/json"));
            String code = errorCode(r.body());
            boolean answered501 = r.statusCode() == 501 && "NOT_IMPLEMENTED".equals(code);
            boolean unknownEndpoint = r.statusCode() == 404 && (code == null || code.equals("ENDPOINT_NOT_FOUND"));
            checked++;
            if (op.get("served").asBoolean()) {
                if (answered501 || unknownEndpoint) wrong.add("reported served but " + r.statusCode() + ": " + verb + " " + template);
            } else {
                boolean generic = template.matches("^/api/[^/]+/\\{[^}]*}/?$");
                if (!answered501 && !(generic && unknownEndpoint)) {
                    wrong.add("reported 501 but " + r.statusCode() + " " + abbreviate(r.body()) + ": " + verb + " " + template);
                }
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(checked).isGreaterThan(1000);
    }

    /** The test classes beside the group (same package), those named after it when there are such. */
    static List<String> testsFor(String groupClass) throws IOException {
        int dot = groupClass.lastIndexOf('.');
        Path dir = TESTS.resolve(groupClass.substring(0, dot).replace('.', '/'));
        String prefix = groupClass.substring(dot + 1).replaceAll("Group$", "");
        if (!Files.isDirectory(dir)) return List.of();
        List<String> all;
        try (Stream<Path> s = Files.list(dir)) {
            all = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith("Test.java"))
                    .map(n -> n.substring(0, n.length() - ".java".length())).sorted().toList();
        }
        List<String> named = all.stream().filter(n -> n.startsWith(prefix)).toList();
        return named.isEmpty() ? all : named;
    }

    private static String errorCode(String body) {
        try {
            JsonNode n = JSON.readTree(body);
            return n != null && n.has("error_code") ? n.get("error_code").asText() : null;
        } catch (Exception e) {
            return null;
        }
    }

    private static String abbreviate(String s) {
        return s == null ? "" : s.length() > 160 ? s.substring(0, 160) + "..." : s;
    }
}
