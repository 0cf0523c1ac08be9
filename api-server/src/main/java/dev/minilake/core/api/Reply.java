package dev.minilake.core.api;

import java.util.Map;

/** A handler result that needs a status or headers other than 200 + JSON body. */
public record Reply(int status, Map<String, String> headers, Object body) {
    public static Reply of(int status, Object body) {
        return new Reply(status, Map.of(), body);
    }

    public static Reply withHeaders(Map<String, String> headers, Object body) {
        return new Reply(200, headers, body);
    }
}
