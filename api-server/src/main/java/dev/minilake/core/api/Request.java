package dev.minilake.core.api;

import dev.minilake.core.error.ApiException;
import org.springframework.web.reactive.function.server.ServerRequest;

import java.util.List;
import java.util.Optional;

/** What a handler may read of a request: path variables, query parameters and headers, with typed getters. */
public final class Request {
    private final ServerRequest raw;

    Request(ServerRequest raw) {
        this.raw = raw;
    }

    public String path() {
        return raw.path();
    }

    public String pathVar(String name) {
        return raw.pathVariable(name);
    }

    public Optional<String> query(String name) {
        return raw.queryParam(name).filter(v -> !v.isEmpty());
    }

    public List<String> queryAll(String name) {
        return raw.queryParams().getOrDefault(name, List.of());
    }

    public String requiredQuery(String name) {
        return query(name).orElseThrow(() -> ApiException.missingField(name));
    }

    public Optional<Long> queryLong(String name) {
        return query(name).map(v -> {
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw ApiException.invalid("Invalid value for " + name + ": '" + v + "' is not a number");
            }
        });
    }

    public Optional<Boolean> queryBool(String name) {
        return query(name).map(v -> switch (v.toLowerCase()) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw ApiException.invalid("Invalid value for " + name + ": '" + v + "' is not a boolean");
        });
    }

    public Optional<String> header(String name) {
        return Optional.ofNullable(raw.headers().firstHeader(name));
    }

    /** The request's own base URL (scheme://host:port), for links MiniLake hands out. */
    public String baseUrl() {
        var uri = raw.uri();
        return uri.getScheme() + "://" + uri.getRawAuthority();
    }

    public ServerRequest raw() {
        return raw;
    }
}
