package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.catalog.CreateCatalog;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.DeleteCatalogRequest;
import com.databricks.sdk.service.sql.CreateWarehouseRequest;
import com.databricks.sdk.service.sql.EndpointTagPair;
import com.databricks.sdk.service.sql.EndpointTags;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A statement outside a session runs on a DuckDB connection that a plain query before it may have
 * used (see IdleConnections), and skips USE when that connection is already in its catalog and
 * schema. None of that may show: nothing one statement creates reaches the next, and a catalog
 * dropped and created again under the same name is found.
 */
class StatementConnectionsSdkTest {
    static final ObjectMapper JSON = new ObjectMapper();
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    String warehouse;

    @BeforeEach
    void reset() {
        server.reset();
        // pinned to DuckDB, so a failure is DuckDB's and never handed to Spark
        warehouse = w.warehouses().create(new CreateWarehouseRequest().setName("wh-" + UUID.randomUUID())
                .setTags(new EndpointTags().setCustomTags(List.of(new EndpointTagPair().setKey("minilake.engine").setValue("duckdb")))))
                .getResponse().getId();
    }

    StatementResponse run(String sql, String catalog, String schema) {
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId(warehouse)
                .setCatalog(catalog).setSchema(schema).setStatement(sql));
    }

    List<List<String>> rows(StatementResponse r) {
        assertThat(r.getStatus().getState()).as(r.getStatus().getError() == null ? "" : r.getStatus().getError().getMessage())
                .isEqualTo(StatementState.SUCCEEDED);
        return r.getResult().getDataArray() == null ? List.of() : r.getResult().getDataArray().stream().map(row -> List.copyOf(row)).toList();
    }

    @Test
    void aTempViewOutsideASessionEndsWithItsStatement() {
        for (int i = 0; i < 20; i++) rows(run("SELECT 42", null, null)); // fill the idle connections
        rows(run("CREATE TEMPORARY VIEW leaked AS SELECT 1 AS v", null, null));
        for (int i = 0; i < 20; i++) {
            StatementResponse r = run("SELECT v FROM leaked", null, null);
            assertThat(r.getStatus().getState()).isEqualTo(StatementState.FAILED);
            assertThat(r.getStatus().getError().getMessage()).startsWith("[TABLE_OR_VIEW_NOT_FOUND]");
        }
    }

    @Test
    void aCatalogDroppedAndCreatedAgainIsFoundByItsName() {
        w.catalogs().create(new CreateCatalog().setName("again"));
        w.schemas().create(new CreateSchema().setCatalogName("again").setName("s"));
        rows(run("CREATE TABLE t AS SELECT 1 AS v", "again", "s"));
        for (int i = 0; i < 20; i++) assertThat(rows(run("SELECT v FROM t", "again", "s"))).containsExactly(List.of("1"));

        w.catalogs().delete(new DeleteCatalogRequest().setName("again").setForce(true));
        w.catalogs().create(new CreateCatalog().setName("again"));
        w.schemas().create(new CreateSchema().setCatalogName("again").setName("s"));
        rows(run("CREATE TABLE t AS SELECT 2 AS v", "again", "s"));
        // unqualified: found only if every statement is really in again.s, not where an idle connection last was
        for (int i = 0; i < 20; i++) assertThat(rows(run("SELECT v FROM t", "again", "s"))).containsExactly(List.of("2"));
        assertThat(rows(run("SELECT 42", "main", "default"))).containsExactly(List.of("42"));
    }

    @Test
    void eachStatementResolvesNamesInItsOwnSchema() {
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("one"));
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("two"));
        rows(run("CREATE TABLE t AS SELECT 'one' AS v", "main", "one"));
        rows(run("CREATE TABLE t AS SELECT 'two' AS v", "main", "two"));
        for (int i = 0; i < 10; i++) {
            assertThat(rows(run("SELECT v FROM t", "main", "one"))).containsExactly(List.of("one"));
            assertThat(rows(run("SELECT v FROM t", "main", "two"))).containsExactly(List.of("two"));
        }
    }

    @Test
    void aSessionCommitsWhatItWritesAfterAMultiStepStatement() throws Exception {
        rows(run("CREATE TABLE kept (id INT)", null, null));
        String session = JSON.readTree(server.send("POST", "/api/2.0/sql/sessions", "{\"warehouse_id\":\"" + warehouse + "\"}").body())
                .get("session_id").asText();
        // INSERT OVERWRITE runs as DELETE + INSERT in one transaction
        JsonNode overwrite = inSession(session, "INSERT OVERWRITE kept VALUES (1)");
        assertThat(overwrite.at("/status/state").asText()).as(overwrite.toString()).isEqualTo("SUCCEEDED");
        JsonNode insert = inSession(session, "INSERT INTO kept VALUES (2)");
        assertThat(insert.at("/status/state").asText()).as(insert.toString()).isEqualTo("SUCCEEDED");
        // another client sees both rows: the session's second INSERT committed on its own
        assertThat(rows(run("SELECT id FROM kept ORDER BY id", null, null))).containsExactly(List.of("1"), List.of("2"));
    }

    JsonNode inSession(String session, String sql) throws Exception {
        String body = JSON.createObjectNode().put("statement", sql).put("session_id", session).put("warehouse_id", warehouse)
                .put("wait_timeout", "50s").toString();
        return JSON.readTree(server.send("POST", "/api/2.0/sql/statements", body).body());
    }
}
