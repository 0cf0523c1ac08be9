package dev.minilake.core.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;

/** The wire shape of every error. */
public record ErrorBody(String error_code, String message) {

    /** Answers with this body and {@code status}; for web filters and handlers outside the routes. */
    public Mono<Void> writeTo(ServerHttpResponse response, int status, ObjectMapper json) {
        response.setRawStatusCode(status);
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        byte[] bytes;
        try {
            bytes = json.writeValueAsBytes(this);
        } catch (JsonProcessingException e) {
            bytes = "{\"error_code\":\"INTERNAL_ERROR\",\"message\":\"error encoding failed\"}".getBytes(StandardCharsets.UTF_8);
        }
        return response.writeWith(Mono.just(response.bufferFactory().wrap(bytes)));
    }
}
