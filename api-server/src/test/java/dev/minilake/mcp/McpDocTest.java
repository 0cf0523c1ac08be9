package dev.minilake.mcp;

import dev.minilake.core.mcp.McpDocs;
import dev.minilake.core.mcp.McpEndpoint;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/mcp.md must equal what the declarations say (fails when stale; MINILAKE_WRITE_MCP_DOCS=1
 * rewrites it), and the declarations must keep the promised minimum: 67 tools, 8 resources, 4 prompts.
 */
class McpDocTest {
    static final Path DOC = Path.of("..", "docs", "mcp.md");
    final MiniLakeServer server = MiniLakeServer.shared();

    @Test
    void docsMcpMdIsUpToDate() throws Exception {
        var declarations = server.bean(McpEndpoint.class).declarations();
        String md = McpDocs.markdown(declarations);
        if ("1".equals(System.getenv("MINILAKE_WRITE_MCP_DOCS"))) Files.writeString(DOC, md, StandardCharsets.UTF_8);
        assertThat(Files.exists(DOC)).as("docs/mcp.md exists (regenerate with MINILAKE_WRITE_MCP_DOCS=1)").isTrue();
        assertThat(Files.readString(DOC, StandardCharsets.UTF_8))
                .as("docs/mcp.md is stale: regenerate with MINILAKE_WRITE_MCP_DOCS=1 mvn -pl api-server -am test -Dtest=McpDocTest")
                .isEqualTo(md);
        assertThat(declarations.tools()).hasSizeGreaterThanOrEqualTo(67);
        assertThat(declarations.resources()).hasSize(8);
        assertThat(declarations.prompts()).hasSize(4);
    }
}
