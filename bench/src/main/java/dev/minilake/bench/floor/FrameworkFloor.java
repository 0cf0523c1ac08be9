package dev.minilake.bench.floor;

import com.fasterxml.jackson.databind.json.JsonMapper;
import org.springframework.boot.web.embedded.netty.NettyReactiveWebServerFactory;
import org.springframework.boot.web.reactive.context.ReactiveWebServerApplicationContext;
import org.springframework.http.codec.json.Jackson2JsonEncoder;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.web.reactive.function.server.HandlerStrategies;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

import java.util.Map;

/**
 * The start-up floor of MiniLake's framework: Spring Boot's reactive web-server context on
 * Reactor Netty, one Jackson ObjectMapper and one functional route, {@code GET /_minilake/ready}.
 * Nothing of MiniLake. The startup scenario runs it on MiniLake's own class path (--floor), so the
 * difference between the two is what MiniLake itself costs. Run with
 * {@code -Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider}: no logging at all.
 */
public final class FrameworkFloor {
    private FrameworkFloor() {
    }

    public static void main(String[] args) {
        int port = Integer.parseInt(args[0]);
        ReactiveWebServerApplicationContext context = new ReactiveWebServerApplicationContext();
        context.registerBean(NettyReactiveWebServerFactory.class, () -> new NettyReactiveWebServerFactory(port));
        context.registerBean(HttpHandler.class, () -> {
            HandlerStrategies strategies = HandlerStrategies.builder()
                    .codecs(c -> c.defaultCodecs().jackson2JsonEncoder(new Jackson2JsonEncoder(JsonMapper.builder().build())))
                    .build();
            return RouterFunctions.toHttpHandler(RouterFunctions.route(RequestPredicates.GET("/_minilake/ready"),
                    request -> ServerResponse.ok().bodyValue(Map.of("ready", true))), strategies);
        });
        context.refresh();
        context.registerShutdownHook();
    }
}
