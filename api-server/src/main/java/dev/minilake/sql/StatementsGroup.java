package dev.minilake.sql;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.mcp.McpFeatures;
import dev.minilake.core.web.ServerAddress;
import dev.minilake.engines.sqltranslate.SqlDialect;
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
    private final ServerAddress address;
    private final StagingEndpoint staging;

    public StatementsGroup(StatementsService service, SqlSessionsService sessions, ServerAddress address, StagingEndpoint staging) {
        this.staging = staging;
        this.service = service;
        this.sessions = sessions;
        this.address = address;
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
        // no thread waits for a statement: its answer is sent when it ends or its wait_timeout runs out
        r.postAsync("/api/2.0/sql/statements", ExecuteStatementRequest.class, (req, body) -> service.submit(body, req.baseUrl(), r.blocking()));
        r.postAsync("/api/2.0/sql/statements/", ExecuteStatementRequest.class, (req, body) -> service.submit(body, req.baseUrl(), r.blocking()));
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
        // the presigned URLs that PUT, GET and REMOVE answer (the connector's staging ingestion)
        r.raw(staging.routes(r.blocking()));
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
    public void mcp(McpFeatures mcp) {
        mcp.tool("run_sql", "Run one Databricks SQL statement and return its rows (capped by max_rows) with the column "
                        + "names and Databricks types, and the engine that answered (duckdb, or spark where DuckDB cannot give Spark's answer). DDL and DML return no rows. A SQL error is a tool error with its error code.",
                SqlToolArgs.RunSql.class, a -> SqlTools.answer(service.runToCompletion(a.statement(), a.warehouse_id(), a.catalog(), a.schema(),
                        SqlTools.parameters(a.parameters()), SqlTools.cap(a.max_rows()), SqlTools.SQL_TIMEOUT_MS)));
        mcp.tool("get_statement", "Get a statement's status, manifest and first result rows by id (as the REST API shows it).",
                SqlToolArgs.StatementId.class, a -> service.get(a.statement_id(), address.baseUrl()));
        mcp.tool("cancel_statement", "Cancel a running statement (DuckDB is interrupted); a finished one is left as it is.",
                SqlToolArgs.StatementId.class, a -> {
                    service.cancel(a.statement_id());
                    return Map.of("statement_id", a.statement_id(), "canceled", true);
                });
        mcp.tool("explain_sql", "Explain how a Databricks statement will run here without running it: its kind, the engine "
                + "that runs it in auto mode (duckdb or spark, and why), and the translated DuckDB SQL, or the construct DuckDB does not support.", SqlToolArgs.Sql.class, a -> SqlTools.explain(a.statement()));
        mcp.tool("table_history", "The Delta history of a table (DESCRIBE HISTORY): one row per version with its operation.",
                SqlToolArgs.TableName.class, a -> SqlTools.answer(service.runToCompletion("DESCRIBE HISTORY IDENTIFIER(:table)",
                        null, null, null, SqlTools.tableParameter(a.full_name()), SqlTools.MAX_ROWS, SqlTools.SQL_TIMEOUT_MS)));
        mcp.tool("read_table_version", "Time travel: read a Delta table as it was at a version (SELECT ... VERSION AS OF n).",
                SqlToolArgs.TableVersion.class, a -> SqlTools.answer(service.runToCompletion("SELECT * FROM IDENTIFIER(:table) VERSION AS OF " + SqlTools.version(a.version()),
                        null, null, null, SqlTools.tableParameter(a.full_name()), SqlTools.cap(a.max_rows()), SqlTools.SQL_TIMEOUT_MS)));
        mcp.resource("minilake://sql-dialect", "sql-dialect", "How Databricks SQL runs here: types, renamed, rewritten and unsupported "
                + "functions, generated from the SQL translator's own tables.", "text/markdown", vars -> SqlDialect.markdown());
    }

    @Override
    public void quiesce() throws Exception {
        service.quiesce();
        staging.clear(); // a ticket issued before the reset names a file of a volume that is gone
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
