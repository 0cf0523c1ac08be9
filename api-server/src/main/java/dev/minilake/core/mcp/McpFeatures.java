package dev.minilake.core.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an API group offers MCP agents, declared next to its routes (see
 * {@link dev.minilake.core.api.ApiGroup#mcp}): tools whose handlers call the group's public service
 * methods, resources an agent can read, and prompts. The MCP server and docs/mcp.md derive from it.
 */
public final class McpFeatures {

    @FunctionalInterface
    public interface ToolHandler<A> {
        /** Runs on the blocking scheduler; the result is returned to the agent as JSON. */
        Object call(A args) throws Exception;
    }

    @FunctionalInterface
    public interface ResourceReader {
        /** The resource's text, given the URI template's variables (empty for a fixed URI). */
        String read(Map<String, String> vars) throws Exception;
    }

    @FunctionalInterface
    public interface PromptRenderer {
        String render(Map<String, String> args) throws Exception;
    }

    public record Tool(String group, String name, String description, Class<? extends Record> args,
                       ToolHandler<Object> handler) {
    }

    /** A resource; {@code uri} is a template when it holds {@code {var}} or {@code {+var}} (slashes allowed). */
    public record Resource(String group, String uri, String name, String description, String mimeType,
                           ResourceReader reader) {
        public boolean isTemplate() {
            return uri.contains("{");
        }
    }

    public record PromptArg(String name, String description, boolean required) {
    }

    public record Prompt(String group, String name, String description, List<PromptArg> args, PromptRenderer renderer) {
    }

    private final String group;
    private final List<Tool> tools = new ArrayList<>();
    private final List<Resource> resources = new ArrayList<>();
    private final List<Prompt> prompts = new ArrayList<>();

    public McpFeatures(String group) {
        this.group = group;
    }

    @SuppressWarnings("unchecked")
    public <A extends Record> McpFeatures tool(String name, String description, Class<A> args, ToolHandler<A> handler) {
        tools.add(new Tool(group, name, description, args, a -> handler.call((A) a)));
        return this;
    }

    public McpFeatures tool(String name, String description, ToolHandler<NoArgs> handler) {
        return tool(name, description, NoArgs.class, handler);
    }

    public McpFeatures resource(String uri, String name, String description, String mimeType, ResourceReader reader) {
        resources.add(new Resource(group, uri, name, description, mimeType, reader));
        return this;
    }

    public McpFeatures prompt(String name, String description, List<PromptArg> args, PromptRenderer renderer) {
        prompts.add(new Prompt(group, name, description, List.copyOf(args), renderer));
        return this;
    }

    public List<Tool> tools() {
        return tools;
    }

    public List<Resource> resources() {
        return resources;
    }

    public List<Prompt> prompts() {
        return prompts;
    }
}
