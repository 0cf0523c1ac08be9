package dev.minilake.sql;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.sql.StatementDtos.CreateSessionRequest;
import dev.minilake.sql.StatementDtos.ExecuteStatementRequest;
import org.springframework.core.io.FileSystemResource;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Map;

/** SQL statement execution on DuckDB, SQL sessions, and the result links MiniLake serves itself. */
@Component
public class StatementsGroup implements ApiGroup {
    private final StatementsService service;
    private final SqlSessionsService sessions;

    public StatementsGroup(StatementsService service, SqlSessionsService sessions) {
        this.service = service;
        this.sessions = sessions;
    }

    @Override
    public String name() {
        return "sql-statements";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "Databricks SQL translated to DuckDB, which reaches only the lake (engine settings locked); INLINE/EXTERNAL_LINKS, JSON_ARRAY/ARROW_STREAM/CSV; sessions";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("StatementExecutionAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post("/api/2.0/sql/statements", ExecuteStatementRequest.class, (req, body) -> service.execute(body, req.baseUrl()));
        r.post("/api/2.0/sql/statements/", ExecuteStatementRequest.class, (req, body) -> service.execute(body, req.baseUrl()));
        r.get("/api/2.0/sql/statements/{id}", req -> service.get(req.pathVar("id"), req.baseUrl()));
        r.post("/api/2.0/sql/statements/{id}/cancel", req -> {
            service.cancel(req.pathVar("id"));
            return Map.of();
        });
        r.delete("/api/2.0/sql/statements/{id}", req -> {
            service.closeStatement(req.pathVar("id"));
            return Map.of();
        });
        r.get("/api/2.0/sql/statements/{id}/result/chunks/{chunk}",
                req -> service.chunk(req.pathVar("id"), chunkIndex(req.pathVar("chunk")), req.baseUrl()));
        r.post("/api/2.0/sql/sessions", CreateSessionRequest.class, (req, body) -> sessions.create(body));
        r.post("/api/2.0/sql/sessions/", CreateSessionRequest.class, (req, body) -> sessions.create(body));
        r.delete("/api/2.0/sql/sessions/{id}", req -> {
            sessions.delete(req.pathVar("id"));
            return Map.of();
        });
        r.raw(RouterFunctions.route(RequestPredicates.GET("/_minilake/results/{id}/{chunk}"), req ->
                Mono.fromCallable(() -> service.download(req.pathVariable("id"), chunkIndex(req.pathVariable("chunk")),
                                req.queryParam("token").orElse("")))
                        .subscribeOn(r.blocking())
                        .flatMap(b -> b.file() != null
                                ? ServerResponse.ok().contentType(MediaType.parseMediaType(b.contentType()))
                                        .body(BodyInserters.fromResource(new FileSystemResource(b.file())))
                                : ServerResponse.ok().contentType(MediaType.parseMediaType(b.contentType())).bodyValue(b.bytes()))));
    }

    @Override
    public void quiesce() throws Exception {
        service.quiesce();
    }

    @Override
    public void reset() throws Exception {
        service.reset();
    }

    private static int chunkIndex(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw ApiException.invalid("chunk_index must be a number, got '" + s + "'");
        }
    }
}
