package dev.minilake.core.error;

import dev.minilake.core.api.SdkOperations;
import dev.minilake.core.json.Json;
import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import static org.assertj.core.api.Assertions.assertThat;

class ApiErrorHandlerTest {
    final ApiErrorHandler handler = new ApiErrorHandler(Json.newMapper(), SdkOperations.load(), new ServerPaths(java.nio.file.Path.of("/srv/minilake-test-data")));

    @Test
    void unexpectedExceptionIsAShort500WithoutStackTrace() {
        var exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/api/2.0/token/list"));
        ApiException e = handler.toApiException(exchange, new IllegalStateException("boom /srv/data/control\n\tat some.Frame(X.java:1)"));
        assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL_ERROR);
        assertThat(e.getMessage()).contains("IllegalStateException").contains("server log")
                .doesNotContain("\tat ").doesNotContain("X.java").doesNotContain("/srv/data");
    }

    @Test
    void aServicesInternalFailureKeepsItsPathsInTheLog() {
        var exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/api/2.1/unity-catalog/volumes"));
        ApiException e = handler.toApiException(exchange, new ApiException(ErrorCode.INTERNAL_ERROR, "Could not delete /srv/data/volumes/x"));
        assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL_ERROR);
        assertThat(e.getMessage()).doesNotContain("/srv/data");
    }

    @Test
    void apiExceptionsPassThrough() {
        var exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/x"));
        ApiException original = ApiException.notFound("Catalog 'x'");
        assertThat(handler.toApiException(exchange, original)).isSameAs(original);
        assertThat(original.code().httpStatus()).isEqualTo(404);
    }
}
