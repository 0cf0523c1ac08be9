package dev.minilake.core.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** docs/mcp.md, rendered from the declarations: every tool with its arguments, every resource and prompt. */
public final class McpDocs {
    private McpDocs() {
    }

    public static String markdown(McpDeclarations d) {
        StringBuilder b = new StringBuilder();
        b.append("# MCP tools, resources and prompts\n\n")
                .append("<!-- generated from the API groups' MCP declarations; McpDocTest fails when it is stale. ")
                .append("Regenerate: MINILAKE_WRITE_MCP_DOCS=1 mvn -pl api-server -am test -Dtest=McpDocTest -->\n\n")
                .append("MiniLake serves MCP over Streamable HTTP at `/mcp`: ").append(d.tools().size()).append(" tools, ")
                .append(d.resources().size()).append(" resources and ").append(d.prompts().size()).append(" prompts. ")
                .append("Each API group declares its tools beside its routes, and the tools call the same services. ")
                .append("A failing tool answers `isError: true` with `{\"error_code\", \"message\"}`.\n\n");
        b.append("## Tools\n\n| tool | group | what it does |\n|---|---|---|\n");
        for (McpFeatures.Tool t : d.tools()) {
            b.append("| [`").append(t.name()).append("`](#").append(t.name()).append(") | ").append(t.group()).append(" | ")
                    .append(cell(t.description())).append(" |\n");
        }
        for (McpFeatures.Tool t : d.tools()) {
            b.append("\n### ").append(t.name()).append("\n\n").append(t.description()).append("\n\n");
            ObjectNode schema = ToolSchemas.of(t.args());
            JsonNode props = schema.get("properties");
            if (props.isEmpty()) {
                b.append("No arguments.\n");
                continue;
            }
            List<String> required = ToolSchemas.required(t.args());
            b.append("| argument | type | required | description |\n|---|---|---|---|\n");
            for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                b.append("| `").append(e.getKey()).append("` | ").append(type(e.getValue())).append(" | ")
                        .append(required.contains(e.getKey()) ? "yes" : "no").append(" | ")
                        .append(cell(e.getValue().path("description").asText())).append(" |\n");
            }
        }
        b.append("\n## Resources\n\n| URI | group | what it holds |\n|---|---|---|\n");
        for (McpFeatures.Resource r : d.resources()) {
            b.append("| `").append(r.uri()).append("` | ").append(r.group()).append(" | ").append(cell(r.description())).append(" |\n");
        }
        b.append("\n## Prompts\n\n| prompt | arguments | what it is for |\n|---|---|---|\n");
        for (McpFeatures.Prompt p : d.prompts()) {
            String args = p.args().stream().map(a -> "`" + a.name() + "`" + (a.required() ? "" : " (optional)"))
                    .collect(Collectors.joining(", "));
            b.append("| `").append(p.name()).append("` | ").append(args).append(" | ").append(cell(p.description())).append(" |\n");
        }
        return b.toString();
    }

    /** Tool counts per group, for the README. */
    public static Map<String, Long> toolsPerGroup(McpDeclarations d) {
        return d.tools().stream().collect(Collectors.groupingBy(McpFeatures.Tool::group, LinkedHashMap::new, Collectors.counting()));
    }

    private static String type(JsonNode schema) {
        String t = schema.path("type").asText("any");
        if (t.equals("array")) return "array of " + type(schema.path("items"));
        return t;
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
