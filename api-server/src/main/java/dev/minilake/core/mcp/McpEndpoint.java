package dev.minilake.core.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroupRegistry;
import dev.minilake.core.api.JsonBinding;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorBody;
import dev.minilake.core.error.ErrorCode;
import io.modelcontextprotocol.json.jackson.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.transport.WebFluxStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * The MCP server behind /mcp, built with the official MCP Java SDK over its WebFlux Streamable HTTP
 * transport, from the groups' {@link McpFeatures} declarations. Every handler runs on the blocking
 * scheduler. A failing tool answers a tool error ({@code isError}) carrying the Databricks error
 * code and message; arguments are checked before the handler runs, so bad input changes nothing.
 */
public final class McpEndpoint implements AutoCloseable {
    public static final String PATH = "/mcp";
    private static final Logger log = LoggerFactory.getLogger(McpEndpoint.class);
    static final String INSTRUCTIONS = "MiniLake is a local Databricks workspace with real engines (DuckDB SQL, Delta, "
            + "Spark jobs). Start with setup_fixture (catalog, schema and warehouse), seed_table for data, run_sql for "
            + "queries (read minilake://sql-dialect first), run_python_script for PySpark. Errors carry Databricks error codes.";

    private final ApiGroupRegistry registry;
    private final WebFluxStreamableServerTransportProvider transport;
    private final ObjectMapper json;
    private final Scheduler blocking;
    private final String version;
    private volatile McpDeclarations declarations;
    private volatile McpAsyncServer server;

    public McpEndpoint(ApiGroupRegistry registry, WebFluxStreamableServerTransportProvider transport,
                       ObjectMapper json, Scheduler blocking, String version) {
        this.registry = registry;
        this.transport = transport;
        this.json = json;
        this.blocking = blocking;
        this.version = version;
    }

    public McpDeclarations declarations() {
        McpDeclarations d = declarations;
        if (d == null) {
            synchronized (this) {
                if (declarations == null) declarations = McpDeclarations.collect(registry.groups());
                d = declarations;
            }
        }
        return d;
    }

    /**
     * Builds the MCP server on first use (the first request to /mcp), off the event loop: the SDK's
     * classes then cost nothing at start-up for the many runs that never speak MCP.
     */
    public Mono<Void> ensureStarted() {
        if (server != null) return Mono.empty();
        return Mono.fromRunnable(this::start).subscribeOn(blocking).then();
    }

    private synchronized void start() {
        if (server == null) server = build(transport, version);
    }

    private McpAsyncServer build(WebFluxStreamableServerTransportProvider transport, String version) {
        JacksonMcpJsonMapper protocol = new JacksonMcpJsonMapper(new ObjectMapper());
        return McpServer.async(transport)
                .serverInfo("minilake", version)
                .instructions(INSTRUCTIONS)
                .jsonMapper(protocol)
                .uriTemplateManagerFactory(new UriTemplates())
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(false, false).prompts(false).build())
                .tools(declarations().tools().stream().map(this::toolSpec).toList())
                .resources(declarations().resources().stream().filter(r -> !r.isTemplate()).map(this::resourceSpec).toList())
                .resourceTemplates(declarations().resources().stream().filter(McpFeatures.Resource::isTemplate).map(this::templateSpec).toList())
                .prompts(declarations().prompts().stream().map(this::promptSpec).toList())
                .build();
    }

    private McpServerFeatures.AsyncToolSpecification toolSpec(McpFeatures.Tool t) {
        McpSchema.Tool tool = McpSchema.Tool.builder().name(t.name()).description(t.description())
                .inputSchema(json.convertValue(ToolSchemas.of(t.args()), McpSchema.JsonSchema.class)).build();
        return McpServerFeatures.AsyncToolSpecification.builder().tool(tool)
                .callHandler((exchange, request) -> onBlocking(() -> call(t, request.arguments())))
                .build();
    }

    /** Runs one tool: bind and check the arguments, call the handler, answer its JSON or its error. */
    McpSchema.CallToolResult call(McpFeatures.Tool t, Map<String, Object> arguments) {
        try {
            Object args = bind(t, arguments);
            Object result = t.handler().call(args);
            return new McpSchema.CallToolResult(List.of(new McpSchema.TextContent(
                    json.writeValueAsString(result == null ? Map.of() : result))), false);
        } catch (Exception e) {
            ApiException api = asApiException("tool " + t.name(), e);
            return new McpSchema.CallToolResult(List.of(new McpSchema.TextContent(errorJson(api))), true);
        }
    }

    private Object bind(McpFeatures.Tool t, Map<String, Object> arguments) {
        ObjectNode tree = json.valueToTree(arguments == null ? Map.of() : arguments);
        Set<String> known = new HashSet<>();
        for (var c : t.args().getRecordComponents()) known.add(c.getName());
        for (Iterator<String> it = tree.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!known.contains(name)) {
                throw ApiException.invalid("Unknown argument '" + name + "' for tool " + t.name()
                        + (known.isEmpty() ? "; it takes none" : "; it takes " + String.join(", ", known.stream().sorted().toList())));
            }
        }
        for (String required : ToolSchemas.required(t.args())) {
            JsonNode v = tree.get(required);
            if (v == null || v.isNull()) throw ApiException.missingField(required);
        }
        return JsonBinding.bind(json, tree, t.args());
    }

    private McpServerFeatures.AsyncResourceSpecification resourceSpec(McpFeatures.Resource r) {
        McpSchema.Resource resource = McpSchema.Resource.builder().uri(r.uri()).name(r.name()).description(r.description())
                .mimeType(r.mimeType()).build();
        return new McpServerFeatures.AsyncResourceSpecification(resource,
                (exchange, request) -> onBlocking(() -> read(r, request.uri(), Map.of())));
    }

    private McpServerFeatures.AsyncResourceTemplateSpecification templateSpec(McpFeatures.Resource r) {
        McpSchema.ResourceTemplate template = new McpSchema.ResourceTemplate(r.uri(), r.name(), r.description(), r.mimeType(), null);
        return new McpServerFeatures.AsyncResourceTemplateSpecification(template,
                (exchange, request) -> onBlocking(() -> read(r, request.uri(), UriTemplates.match(r.uri(), request.uri()))));
    }

    /** A resource that cannot be read (no such table, run, ...) is the protocol's resource-not-found error. */
    private McpSchema.ReadResourceResult read(McpFeatures.Resource r, String uri, Map<String, String> vars) {
        try {
            String text = r.reader().read(vars);
            return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(uri, r.mimeType(), text)));
        } catch (Exception e) {
            ApiException api = asApiException("resource " + uri, e);
            int code = api.code().httpStatus() == 404 ? McpSchema.ErrorCodes.RESOURCE_NOT_FOUND : McpSchema.ErrorCodes.INVALID_PARAMS;
            throw McpError.builder(code).message(api.code().name() + ": " + api.getMessage())
                    .data(new ErrorBody(api.code().name(), api.getMessage())).build();
        }
    }

    private McpServerFeatures.AsyncPromptSpecification promptSpec(McpFeatures.Prompt p) {
        McpSchema.Prompt prompt = new McpSchema.Prompt(p.name(), p.description(), p.args().stream()
                .map(a -> new McpSchema.PromptArgument(a.name(), a.description(), a.required())).toList());
        return new McpServerFeatures.AsyncPromptSpecification(prompt, (exchange, request) -> onBlocking(() -> render(p, request.arguments())));
    }

    private McpSchema.GetPromptResult render(McpFeatures.Prompt p, Map<String, Object> arguments) {
        Map<String, String> args = new LinkedHashMap<>();
        if (arguments != null) arguments.forEach((k, v) -> args.put(k, v == null ? null : v.toString()));
        for (McpFeatures.PromptArg a : p.args()) {
            if (a.required() && (args.get(a.name()) == null || args.get(a.name()).isBlank())) {
                throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                        .message("Missing required argument '" + a.name() + "' for prompt " + p.name()).build();
            }
        }
        try {
            String text = p.renderer().render(args);
            return new McpSchema.GetPromptResult(p.description(),
                    List.of(new McpSchema.PromptMessage(McpSchema.Role.USER, new McpSchema.TextContent(text))));
        } catch (Exception e) {
            ApiException api = asApiException("prompt " + p.name(), e);
            throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS).message(api.code().name() + ": " + api.getMessage()).build();
        }
    }

    private <T> Mono<T> onBlocking(Callable<T> work) {
        return Mono.fromCallable(work).subscribeOn(blocking);
    }

    private static ApiException asApiException(String what, Exception e) {
        if (e instanceof ApiException a) return a;
        log.error("unexpected error in MCP {}", what, e);
        String m = e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("");
        return new ApiException(ErrorCode.INTERNAL_ERROR, "Internal error: " + e.getClass().getSimpleName() + m);
    }

    private String errorJson(ApiException e) {
        try {
            return json.writeValueAsString(new ErrorBody(e.code().name(), e.getMessage()));
        } catch (Exception encoding) {
            return "{\"error_code\":\"INTERNAL_ERROR\",\"message\":\"error encoding failed\"}";
        }
    }

    @Override
    public void close() {
        McpAsyncServer s = server;
        if (s != null) s.closeGracefully().block(java.time.Duration.ofSeconds(5));
    }
}
