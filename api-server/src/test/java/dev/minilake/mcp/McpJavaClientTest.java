package dev.minilake.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import dev.minilake.support.MiniLakeServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The official Java MCP client drives /mcp on a real server; effects are checked through the Databricks Java SDK. */
class McpJavaClientTest {
    static final ObjectMapper JSON = new ObjectMapper();
    final MiniLakeServer server = MiniLakeServer.shared();
    McpSyncClient client;

    @BeforeEach
    void connect() {
        server.reset();
        client = McpClient.sync(HttpClientStreamableHttpTransport.builder(server.url()).endpoint("/mcp").build())
                .requestTimeout(Duration.ofSeconds(60)).build();
        client.initialize();
    }

    @AfterEach
    void close() {
        client.closeGracefully();
    }

    @Test
    void fixtureSeedAndQueryThroughTheJavaClient() throws Exception {
        assertThat(client.listTools().tools()).hasSizeGreaterThanOrEqualTo(67)
                .allSatisfy(t -> assertThat(t.inputSchema().type()).isEqualTo("object"));
        JsonNode fixture = call("setup_fixture", Map.of("catalog", "jv", "schema", "s"));
        assertThat(fixture.get("warehouse_state").asText()).isEqualTo("RUNNING");
        call("seed_table", Map.of("full_name", "jv.s.t", "columns", List.of(Map.of("name", "n", "type", "BIGINT")),
                "rows", List.of(List.of(1), List.of(2), List.of(3))));
        JsonNode q = call("run_sql", Map.of("statement", "SELECT max(n) AS top FROM jv.s.t"));
        assertThat(q.get("rows").get(0).get(0).asText()).isEqualTo("3");
        assertThat(q.get("columns").get(0).get("type_name").asText()).isEqualTo("LONG");

        var rest = server.workspace().statementExecution().executeStatement(new ExecuteStatementRequest()
                .setWarehouseId(fixture.get("warehouse_id").asText()).setStatement("SELECT count(*) FROM jv.s.t"));
        assertThat(rest.getResult().getDataArray()).containsExactly(List.of("3"));
    }

    @Test
    void badInputIsAToolErrorAndUnknownNamesAreProtocolErrors() throws Exception {
        McpSchema.CallToolResult missing = client.callTool(new McpSchema.CallToolRequest("get_catalog", Map.of()));
        assertThat(missing.isError()).isTrue();
        JsonNode body = JSON.readTree(((McpSchema.TextContent) missing.content().get(0)).text());
        assertThat(body.get("error_code").asText()).isEqualTo("INVALID_PARAMETER_VALUE");
        assertThat(body.get("message").asText()).isEqualTo("Missing required field: name");

        assertThatThrownBy(() -> client.callTool(new McpSchema.CallToolRequest("no_such_tool", Map.of())))
                .isInstanceOf(McpError.class);
        assertThatThrownBy(() -> client.readResource(new McpSchema.ReadResourceRequest("minilake://catalog/nope")))
                .isInstanceOf(McpError.class).hasMessageContaining("RESOURCE_DOES_NOT_EXIST");
    }

    private JsonNode call(String tool, Map<String, Object> args) throws Exception {
        McpSchema.CallToolResult r = client.callTool(new McpSchema.CallToolRequest(tool, args));
        String text = ((McpSchema.TextContent) r.content().get(0)).text();
        assertThat(r.isError()).as(text).isFalse();
        return JSON.readTree(text);
    }
}
