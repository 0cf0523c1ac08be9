package dev.minilake.core.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Times every request: a {@code Server-Timing: app;dur=<ms>} header (benchmarks read it to split
 * server time from client time) and, with MINILAKE_VERBOSE=1, one log line per request.
 */
@Order(-10)
public final class RequestLogFilter implements WebFilter {
    private static final Logger log = LoggerFactory.getLogger("minilake.requests");
    private final boolean enabled;

    public RequestLogFilter(boolean enabled) {
        this.enabled = enabled;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        long start = System.nanoTime();
        exchange.getResponse().beforeCommit(() -> {
            exchange.getResponse().getHeaders().set("Server-Timing",
                    String.format(java.util.Locale.ROOT, "app;dur=%.3f", (System.nanoTime() - start) / 1e6));
            return Mono.empty();
        });
        if (!enabled) return chain.filter(exchange);
        return chain.filter(exchange).doFinally(signal -> {
            var req = exchange.getRequest();
            Integer status = exchange.getResponse().getRawStatusCode();
            log.info("{} {} -> {} ({} ms)", req.getMethod(), req.getURI().getRawPath()
                            + (req.getURI().getRawQuery() != null ? "?" + req.getURI().getRawQuery() : ""),
                    status, (System.nanoTime() - start) / 1_000_000);
        });
    }
}
