package dev.minilake.coverage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.api.SdkOperations;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every workspace-level operation of the pinned SDK, sent as a well-formed request with probe
 * values in its path, gets either a real answer (2xx, or a Databricks-shaped 4xx such as
 * RESOURCE_DOES_NOT_EXIST) or an honest 501 NOT_IMPLEMENTED: never a bare 404 and never a 5xx.
 */
class NoBare404Test {
    static final ObjectMapper JSON = new ObjectMapper();
    final MiniLakeServer server = MiniLakeServer.shared();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void everySdkWorkspaceOperationIsServedOrHonestly501() throws Exception {
        List<String> bad = new ArrayList<>();
        int served = 0;
        int notImplemented = 0;
        for (SdkOperations.Operation op : SdkOperations.load().all()) {
            // account APIs live on the accounts host; a bare /api/2.x/{name} template cannot be told
            // apart from an unknown path (see SdkOperations.isSpecific)
            if (op.accountLevel() || !SdkOperations.isSpecific(op)) continue;
            String path = op.pathTemplate()
                    .replaceAll("(?<=/)\\{[^}]*}", "minilake-probe")
                    .replaceAll("\\{[^}]*}", "/minilake-probe");
            boolean hasBody = op.verb().equals("POST") || op.verb().equals("PUT") || op.verb().equals("PATCH");
            HttpResponse<String> r = server.send(op.verb(), path, hasBody ? "{}" : null,
                    java.util.Map.of("Content-Type", "application/json"));
            String code = errorCode(r.body());
            boolean head = op.verb().equals("HEAD"); // a HEAD answer has no body to read the code from
            if (r.statusCode() == 501 && (head || "NOT_IMPLEMENTED".equals(code))) {
                notImplemented++;
            } else if (r.statusCode() >= 500 || (r.statusCode() == 404 && !head && (code == null || code.equals("ENDPOINT_NOT_FOUND")))) {
                bad.add(op.verb() + " " + path + " (" + op.displayName() + ") -> " + r.statusCode() + " " + abbreviate(r.body()));
            } else {
                served++;
            }
        }
        System.out.printf("SDK workspace operations: %d served, %d answer 501%n", served, notImplemented);
        assertThat(bad).as("operations with a bare 404 or a 5xx").isEmpty();
        assertThat(served).isGreaterThan(0);
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
        return s == null ? "" : s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
