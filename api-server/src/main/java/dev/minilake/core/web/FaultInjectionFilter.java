package dev.minilake.core.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.error.ErrorBody;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

import java.time.Duration;

/** Answers requests that a {@link FaultRules} rule matches with the rule's error (after auth, so strict mode still refuses first). */
@Order(1)
public final class FaultInjectionFilter implements WebFilter {
    private final FaultRules rules;
    private final ObjectMapper json;

    public FaultInjectionFilter(FaultRules rules, ObjectMapper json) {
        this.rules = rules;
        this.json = json;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        var request = exchange.getRequest();
        return rules.match(request.getMethod().name(), request.getPath().value())
                .map(rule -> {
                    Mono<Void> answer = Mono.defer(() -> answer(exchange, rule));
                    return rule.delayMillis() > 0 ? Mono.delay(Duration.ofMillis(rule.delayMillis())).then(answer) : answer;
                })
                .orElseGet(() -> chain.filter(exchange));
    }

    private Mono<Void> answer(ServerWebExchange exchange, FaultRules.Rule rule) {
        var response = exchange.getResponse();
        if (rule.retryAfterSeconds() != null) response.getHeaders().set(HttpHeaders.RETRY_AFTER, Integer.toString(rule.retryAfterSeconds()));
        return new ErrorBody(rule.code().name(), rule.message()).writeTo(response, rule.status(), json);
    }
}
