package dev.minilake.core;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.ApiGroupRegistry;
import dev.minilake.core.api.SdkOperations;
import dev.minilake.core.auth.AuthFilter;
import dev.minilake.core.auth.ScopedTokens;
import dev.minilake.core.auth.TokenValidator;
import dev.minilake.core.crypto.SecretSeal;
import dev.minilake.core.error.ApiErrorHandler;
import dev.minilake.core.error.ServerPaths;
import dev.minilake.core.json.Json;
import dev.minilake.core.mcp.McpEndpoint;
import io.modelcontextprotocol.json.jackson.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.transport.WebFluxStreamableServerTransportProvider;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;
import dev.minilake.core.store.SqliteStore;
import dev.minilake.core.store.Store;
import dev.minilake.core.web.DecodeFailureResponder;
import dev.minilake.core.web.FaultInjectionFilter;
import dev.minilake.core.web.FaultRules;
import dev.minilake.core.web.OriginPolicy;
import dev.minilake.core.web.OriginPolicyFilter;
import dev.minilake.core.web.RequestLogFilter;
import dev.minilake.core.web.TlsSetup;
import org.springframework.boot.web.embedded.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.server.Shutdown;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.http.client.ReactorResourceFactory;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.http.codec.json.Jackson2JsonDecoder;
import org.springframework.http.codec.json.Jackson2JsonEncoder;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.web.reactive.function.server.HandlerStrategies;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import org.springframework.web.server.WebFilter;
import reactor.core.scheduler.Scheduler;
import reactor.netty.NettyPipeline;
import reactor.core.scheduler.Schedulers;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Wires the core: data dir, store, scheduler, error model, auth and the router built from the groups. */
@Configuration(proxyBeanMethods = false)
public class ServerConfiguration {

    @Bean
    @Primary
    public ObjectMapper objectMapper() {
        return Json.newMapper();
    }

    @Bean(destroyMethod = "deleteIfEphemeral")
    public DataDir dataDir(Settings settings) {
        if (settings.dataDir() != null) return DataDir.persistent(settings.dataDir());
        if (settings.persistent()) {
            return DataDir.persistent(Path.of(System.getProperty("user.home"), ".minilake", "data"));
        }
        return DataDir.ephemeral();
    }

    @Bean(destroyMethod = "close")
    public Store store(DataDir dataDir, ObjectMapper json) {
        return new SqliteStore(dataDir.area("control").resolve("minilake.db"), json);
    }

    /** Encrypts secret values at rest; its key lives in the data dir's keys/ area, apart from the store. */
    @Bean
    public SecretSeal secretSeal(DataDir dataDir) {
        return new SecretSeal(dataDir.area("keys").resolve("secrets.key"));
    }

    /** All blocking work (JDBC, files, processes) runs here, never on the Netty event loop. */
    @Bean(destroyMethod = "dispose")
    public Scheduler blockingScheduler() {
        return Schedulers.newBoundedElastic(Math.max(32, 8 * Runtime.getRuntime().availableProcessors()),
                100_000, "minilake-blocking", 60, true);
    }

    /**
     * Own event loops per server instead of Reactor Netty's global ones, so that closing one
     * MiniLake context (a test's second server) never stops another in the same JVM.
     */
    @Bean
    public ReactorResourceFactory reactorResourceFactory() {
        ReactorResourceFactory f = new ReactorResourceFactory();
        f.setUseGlobalResources(false);
        return f;
    }

    /**
     * The embedded Netty server, configured from Settings directly rather than through Spring
     * Boot's server.* property binding (its auto-configuration cost start-up time for nothing the
     * command line does not already say). Graceful shutdown, as Spring Boot's default.
     */
    static final int MAX_REQUEST_LINE = 64 * 1024;
    static final int MAX_HEADERS = 64 * 1024;

    @Bean
    public NettyReactiveWebServerFactory webServerFactory(Settings settings, ReactorResourceFactory resources) {
        NettyReactiveWebServerFactory factory = new NettyReactiveWebServerFactory(settings.port());
        try {
            factory.setAddress(InetAddress.getByName(settings.host()));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--host " + settings.host() + ": unknown host", e);
        }
        factory.setResourceFactory(resources);
        factory.setShutdown(Shutdown.GRACEFUL);
        factory.setSsl(TlsSetup.ssl(settings));
        factory.addServerCustomizers(server -> server
                // Databricks list calls can carry long query strings; past these, a shaped 414/431
                .httpRequestDecoder(spec -> spec.maxInitialLineLength(MAX_REQUEST_LINE).maxHeaderSize(MAX_HEADERS))
                .doOnChannelInit((observer, channel, address) -> {
                    var pipeline = channel.pipeline();
                    if (pipeline.get(NettyPipeline.HttpCodec) != null) {
                        pipeline.addAfter(NettyPipeline.HttpCodec, "minilake.decodeFailures", new DecodeFailureResponder());
                    }
                }));
        return factory;
    }

    @Bean
    public SdkOperations sdkOperations() {
        return SdkOperations.load();
    }

    @Bean
    public ApiErrorHandler apiErrorHandler(ObjectMapper json, SdkOperations sdk, ServerPaths serverPaths) {
        return new ApiErrorHandler(json, sdk, serverPaths);
    }

    @Bean
    public ServerPaths serverPaths(DataDir dataDir) {
        return new ServerPaths(dataDir.root());
    }

    @Bean
    public ApiGroupRegistry apiGroupRegistry(List<ApiGroup> groups, ObjectMapper json, Scheduler blockingScheduler) {
        return new ApiGroupRegistry(groups, json, blockingScheduler);
    }

    /** The MCP Streamable HTTP transport; the mcp group serves its router function at /mcp. */
    @Bean
    public WebFluxStreamableServerTransportProvider mcpTransport() {
        return WebFluxStreamableServerTransportProvider.builder()
                .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                .messageEndpoint(McpEndpoint.PATH)
                .build();
    }

    /** The MCP server over every group's declared tools, resources and prompts; the mcp group starts it on first use. */
    @Bean(destroyMethod = "close")
    public McpEndpoint mcpEndpoint(ApiGroupRegistry registry, WebFluxStreamableServerTransportProvider mcpTransport,
                                   ObjectMapper json, Scheduler blockingScheduler) {
        String version = java.util.Objects.requireNonNullElse(ServerConfiguration.class.getPackage().getImplementationVersion(), "dev");
        return new McpEndpoint(registry, mcpTransport, json, blockingScheduler, version);
    }

    /**
     * The whole web stack: the groups' router functions, the web filters (in @Order) and the
     * Databricks error handler, with codecs on MiniLake's ObjectMapper.
     */
    @Bean
    public HttpHandler httpHandler(ApiGroupRegistry registry, List<WebFilter> filters, ApiErrorHandler errors, ObjectMapper json) {
        List<WebFilter> ordered = new ArrayList<>(filters);
        AnnotationAwareOrderComparator.sort(ordered);
        HandlerStrategies strategies = HandlerStrategies.builder()
                .codecs(c -> {
                    c.defaultCodecs().jackson2JsonEncoder(new Jackson2JsonEncoder(json));
                    c.defaultCodecs().jackson2JsonDecoder(new Jackson2JsonDecoder(json));
                })
                .build();
        // our handler alone: Spring's default one would answer unrouted paths with an empty 404
        return WebHttpHandlerBuilder.webHandler(RouterFunctions.toWebHandler(registry.router(), strategies))
                .filters(f -> f.addAll(ordered))
                .exceptionHandlers(h -> {
                    h.clear();
                    h.add(errors);
                })
                .build();
    }

    @Bean
    public ScopedTokens scopedTokens() {
        return new ScopedTokens();
    }

    @Bean
    public WebFilter authFilter(Settings settings, java.util.List<TokenValidator> validators, ScopedTokens scoped, ObjectMapper json,
                                Scheduler blockingScheduler) {
        // personal access tokens and OAuth access tokens: a token is valid when any issuer knows it
        TokenValidator tokens = token -> validators.stream().anyMatch(v -> v.isValid(token));
        return new AuthFilter(settings, tokens, scoped, json, blockingScheduler);
    }

    /** Host, Origin, preflight and body-type rules for the whole port; see {@link OriginPolicyFilter}. */
    @Bean
    public WebFilter originPolicyFilter(Settings settings, ObjectMapper json) {
        OriginPolicy policy = new OriginPolicy(settings.host(), settings.allowedHosts(), settings.allowedOrigins());
        return new OriginPolicyFilter(policy, json, settings.scheme());
    }

    @Bean
    public FaultRules faultRules() {
        return new FaultRules();
    }

    @Bean
    public WebFilter faultInjectionFilter(FaultRules rules, ObjectMapper json) {
        return new FaultInjectionFilter(rules, json);
    }

    @Bean
    public WebFilter requestLogFilter(Settings settings) {
        return new RequestLogFilter(settings.verbose());
    }
}
