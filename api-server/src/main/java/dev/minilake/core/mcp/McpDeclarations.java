package dev.minilake.core.mcp;

import dev.minilake.core.api.ApiGroup;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Every group's MCP features, collected once from the declarations, in group order. A name
 * declared twice fails the start, as a duplicate group name does.
 */
public record McpDeclarations(List<McpFeatures.Tool> tools, List<McpFeatures.Resource> resources,
                              List<McpFeatures.Prompt> prompts) {

    public static McpDeclarations collect(List<ApiGroup> groups) {
        List<McpFeatures.Tool> tools = new ArrayList<>();
        List<McpFeatures.Resource> resources = new ArrayList<>();
        List<McpFeatures.Prompt> prompts = new ArrayList<>();
        for (ApiGroup g : groups) {
            McpFeatures f = new McpFeatures(g.name());
            try {
                g.mcp(f);
            } catch (RuntimeException e) {
                throw new IllegalStateException("API group " + g.name() + " failed to declare its MCP features: " + e.getMessage(), e);
            }
            tools.addAll(f.tools());
            resources.addAll(f.resources());
            prompts.addAll(f.prompts());
        }
        unique("tool", tools.stream().map(McpFeatures.Tool::name).toList());
        unique("resource", resources.stream().map(McpFeatures.Resource::uri).toList());
        unique("prompt", prompts.stream().map(McpFeatures.Prompt::name).toList());
        tools.forEach(t -> ToolSchemas.of(t.args())); // every argument described, every type mapped
        return new McpDeclarations(List.copyOf(tools), List.copyOf(resources), List.copyOf(prompts));
    }

    private static void unique(String kind, List<String> names) {
        Set<String> seen = new HashSet<>();
        for (String n : names) if (!seen.add(n)) throw new IllegalStateException("two MCP " + kind + "s are named " + n);
    }
}
