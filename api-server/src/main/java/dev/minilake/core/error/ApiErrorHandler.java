package dev.minilake.core.error;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.api.SdkOperations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.core.codec.DecodingException;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;


/**
 * Turns every failure into {"error_code", "message"} with the matching status. Unknown routes
 * become 501 when the pinned SDK knows the operation, otherwise 404 ENDPOINT_NOT_FOUND. Unexpected
 * exceptions are logged in full and reach the client as a short 500, never a stack trace.
 */
@Order(-2)
public final class ApiErrorHandler implements WebExceptionHandler {
    private static final Logger log = LoggerFactory.getLogger(ApiErrorHandler.class);

    private final ObjectMapper json;
    private final SdkOperations sdk;
    private final ServerPaths paths;

    public ApiErrorHandler(ObjectMapper json, SdkOperations sdk, ServerPaths paths) {
        this.json = json;
        this.sdk = sdk;
        this.paths = paths;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable ex) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            log.warn("error after the response was committed: {}", ex.toString());
            return Mono.error(ex);
        }
        ApiException api = toApiException(exchange, ex);
        // a message may embed a path under the data dir (a file that could not be read): never the server's layout
        return new ErrorBody(api.code().name(), paths.scrub(api.getMessage())).writeTo(response, api.code().httpStatus(), json);
    }

    ApiException toApiException(ServerWebExchange exchange, Throwable ex) {
        if (ex instanceof ApiException a) {
            if (a.code() != ErrorCode.INTERNAL_ERROR) return a;
            // a service's internal failure may name server paths: its text goes to the log only
            log.error("internal error on {} {}: {}", exchange.getRequest().getMethod(), exchange.getRequest().getPath(), a.getMessage(), a);
            return new ApiException(ErrorCode.INTERNAL_ERROR, "Internal error; the details are in the server log.");
        }
        if (ex instanceof org.springframework.http.InvalidMediaTypeException || ex instanceof org.springframework.util.InvalidMimeTypeException) {
            return new ApiException(ErrorCode.MALFORMED_REQUEST, "Malformed request: the Content-Type header is not a valid media type");
        }
        // a body a codec reads into memory (byte[], a form) passed its in-memory cap: the client's fault, nothing was written
        if (ex instanceof org.springframework.core.io.buffer.DataBufferLimitException
                || ex.getCause() instanceof org.springframework.core.io.buffer.DataBufferLimitException) {
            return new ApiException(ErrorCode.INVALID_PARAMETER_VALUE, "Request body too large for this API");
        }
        if (ex instanceof ServerWebInputException in) {
            Throwable cause = in.getCause() instanceof DecodingException d && d.getCause() != null ? d.getCause() : in.getCause();
            return new ApiException(ErrorCode.MALFORMED_REQUEST,
                    "Malformed request: " + (cause != null ? cause.getMessage() : in.getReason()));
        }
        if (ex instanceof ResponseStatusException rse) {
            HttpStatus status = HttpStatus.resolve(rse.getStatusCode().value());
            if (status == HttpStatus.NOT_FOUND || status == HttpStatus.METHOD_NOT_ALLOWED) {
                return unrouted(exchange);
            }
            if (status == HttpStatus.UNSUPPORTED_MEDIA_TYPE || status == HttpStatus.BAD_REQUEST) {
                return new ApiException(ErrorCode.MALFORMED_REQUEST, "Malformed request: " + rse.getReason());
            }
            if (status == HttpStatus.PAYLOAD_TOO_LARGE) {
                return new ApiException(ErrorCode.INVALID_PARAMETER_VALUE, "Request body too large");
            }
        }
        log.error("unexpected error on {} {}", exchange.getRequest().getMethod(), exchange.getRequest().getPath(), ex);
        // the exception's own message may name server paths or internals: it goes to the log only
        return new ApiException(ErrorCode.INTERNAL_ERROR, "Internal error (" + ex.getClass().getSimpleName()
                + "); the details are in the server log.");
    }

    private ApiException unrouted(ServerWebExchange exchange) {
        String verb = exchange.getRequest().getMethod().name();
        String path = exchange.getRequest().getPath().value();
        return sdk.match(verb, path)
                .map(op -> new ApiException(ErrorCode.NOT_IMPLEMENTED,
                        "MiniLake does not implement " + op.module() + " " + op.displayName()
                                + ". See /_minilake/services for what is served."))
                .orElseGet(() -> new ApiException(ErrorCode.ENDPOINT_NOT_FOUND,
                        "No API found for '" + verb + " " + path + "'"));
    }
}
