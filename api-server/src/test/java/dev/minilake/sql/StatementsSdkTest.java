package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.service.sql.ColumnInfo;
import com.databricks.sdk.service.sql.ColumnInfoTypeName;
import com.databricks.sdk.service.sql.Disposition;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.ExecuteStatementRequestOnWaitTimeout;
import com.databricks.sdk.service.sql.ExternalLink;
import com.databricks.sdk.service.sql.Format;
import com.databricks.sdk.service.sql.ListQueryHistoryRequest;
import com.databricks.sdk.service.sql.QueryFilter;
import com.databricks.sdk.service.sql.QueryInfo;
import com.databricks.sdk.service.sql.QueryStatus;
import com.databricks.sdk.service.sql.ResultData;
import com.databricks.sdk.service.sql.StatementParameterListItem;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Statement execution through the real Java SDK; external-link bytes fetched and parsed for real. */
class StatementsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void reset() {
        server.reset();
    }

    StatementResponse run(String sql) {
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(sql));
    }

    List<List<String>> rows(StatementResponse r) {
        assertThat(r.getStatus().getState()).as(String.valueOf(r.getStatus().getError() == null ? "" : r.getStatus().getError().getMessage()))
                .isEqualTo(StatementState.SUCCEEDED);
        List<List<String>> out = new ArrayList<>();
        if (r.getResult().getDataArray() != null) r.getResult().getDataArray().forEach(row -> out.add(new ArrayList<>(row)));
        return out;
    }

    @Test
    void select42Inline() {
        StatementResponse r = run("SELECT 42 AS answer");
        assertThat(rows(r)).containsExactly(List.of("42"));
        ColumnInfo c = r.getManifest().getSchema().getColumns().iterator().next();
        assertThat(c.getName()).isEqualTo("answer");
        assertThat(c.getTypeName()).isEqualTo(ColumnInfoTypeName.INT);
    }

    @Test
    void complexColumnTypesAreRecordedAsWritten() {
        rows(run("CREATE TABLE main.default.events (at ARRAY<TIMESTAMP>, m MAP<STRING, DECIMAL>, s STRUCT<a: INT, b: TIMESTAMP_NTZ>)"));
        assertThat(w.tables().get("main.default.events").getColumns()).extracting(c -> c.getTypeText())
                .containsExactly("array<timestamp>", "map<string,decimal(10,0)>", "struct<a:int,b:timestamp_ntz>");
    }

    @Test
    void columnCommentsAndAddColumnsAsOnDatabricks() {
        rows(run("CREATE OR REPLACE TABLE main.default.people (id BIGINT COMMENT 'the key', name STRING)"));
        rows(run("ALTER TABLE main.default.people ADD COLUMNS (age INT, city STRING COMMENT 'where')"));
        assertThat(rows(run("INSERT INTO main.default.people VALUES (1, 'Ana', 30, 'Porto')"))).containsExactly(List.of("1"));
        assertThat(rows(run("SELECT name, age, city FROM main.default.people"))).containsExactly(List.of("Ana", "30", "Porto"));
        // the comments reach Unity Catalog, which reads columns from the engine
        var columns = w.tables().get("main.default.people").getColumns();
        assertThat(columns).extracting(c -> c.getName(), c -> c.getComment()).containsExactly(
                org.assertj.core.groups.Tuple.tuple("id", "the key"), org.assertj.core.groups.Tuple.tuple("name", null),
                org.assertj.core.groups.Tuple.tuple("age", null), org.assertj.core.groups.Tuple.tuple("city", "where"));
    }

    @Test
    void lateralViewsAndJoinsWithoutOnAnswerAsSparkDoes() {
        rows(run("CREATE TABLE main.default.lv (id INT, arr ARRAY<INT>, m MAP<STRING, INT>)"));
        rows(run("INSERT INTO main.default.lv VALUES (1, array(10, 20), map('a', 1)), (2, array(), map('b', 2))"));
        assertThat(rows(run("SELECT id, e FROM main.default.lv LATERAL VIEW explode(arr) x AS e ORDER BY id, e")))
                .containsExactly(List.of("1", "10"), List.of("1", "20"));
        // OUTER keeps the row whose array is empty, with a NULL
        List<List<String>> outer = rows(run("SELECT id, e FROM main.default.lv LATERAL VIEW OUTER explode(arr) x AS e ORDER BY id, e"));
        assertThat(outer).hasSize(3);
        assertThat(outer.get(2)).containsExactly("2", null);
        assertThat(rows(run("SELECT id, p, e FROM main.default.lv LATERAL VIEW posexplode(arr) x AS p, e ORDER BY id, p")))
                .containsExactly(List.of("1", "0", "10"), List.of("1", "1", "20"));
        assertThat(rows(run("SELECT id, k, v FROM main.default.lv LATERAL VIEW explode(m) x AS k, v ORDER BY id")))
                .containsExactly(List.of("1", "a", "1"), List.of("2", "b", "2"));
        // JOIN with no condition is Spark's cross join
        assertThat(rows(run("SELECT count(*) FROM main.default.lv a JOIN main.default.lv b"))).containsExactly(List.of("4"));
    }

    @Test
    void createInsertSelectReturnsStrings() {
        rows(run("CREATE TABLE sales (id INT, name STRING, amount DECIMAL(10,2)) USING DELTA"));
        assertThat(rows(run("INSERT INTO sales VALUES (1, 'Ana', 459.90)"))).containsExactly(List.of("1"));
        assertThat(rows(run("SELECT name, amount FROM main.default.sales"))).containsExactly(List.of("Ana", "459.90"));
        assertThat(rows(run("SELECT `name` FROM `main`.`default`.`sales` WHERE nvl(id, 0) = 1"))).containsExactly(List.of("Ana"));
    }

    @Test
    void typeRoundTrip() {
        StatementResponse r = run("SELECT CAST('s' AS STRING) a, CAST(1 AS BIGINT) b, CAST(2 AS INT) c, CAST(1.5 AS DOUBLE) d,"
                + " true e, CAST(459.9 AS DECIMAL(10,2)) f, DATE '2024-01-02' g, TIMESTAMP '2024-01-02 03:04:05' h,"
                + " array(1, 2) i, map('k', 1) j, named_struct('x', 1, 'y', 'z') k");
        List<ColumnInfo> cols = new ArrayList<>(r.getManifest().getSchema().getColumns());
        assertThat(cols).extracting(ColumnInfo::getTypeName).containsExactly(ColumnInfoTypeName.STRING, ColumnInfoTypeName.LONG,
                ColumnInfoTypeName.INT, ColumnInfoTypeName.DOUBLE, ColumnInfoTypeName.BOOLEAN, ColumnInfoTypeName.DECIMAL,
                ColumnInfoTypeName.DATE, ColumnInfoTypeName.TIMESTAMP, ColumnInfoTypeName.ARRAY, ColumnInfoTypeName.MAP,
                ColumnInfoTypeName.STRUCT);
        assertThat(cols).extracting(ColumnInfo::getTypeText).containsExactly("string", "bigint", "int", "double", "boolean",
                "decimal(10,2)", "date", "timestamp", "array<int>", "map<string,int>", "struct<x:int,y:string>");
        assertThat(cols.get(5).getTypePrecision()).isEqualTo(10L);
        assertThat(cols.get(5).getTypeScale()).isEqualTo(2L);
        assertThat(rows(r)).containsExactly(List.of("s", "1", "2", "1.5", "true", "459.90", "2024-01-02",
                "2024-01-02T03:04:05.000Z", "[1,2]", "{\"k\":1}", "{\"x\":1,\"y\":\"z\"}"));
    }

    @Test
    void createTableWithComplexSparkTypes() {
        rows(run("CREATE TABLE t (a ARRAY<INT>, m MAP<STRING,INT>, s STRUCT<x:INT,y:STRING>) USING DELTA"));
        List<List<String>> d = rows(run("DESCRIBE TABLE t"));
        assertThat(d).containsExactly(java.util.Arrays.asList("a", "array<int>", null),
                java.util.Arrays.asList("m", "map<string,int>", null), java.util.Arrays.asList("s", "struct<x:int,y:string>", null));
    }

    @Test
    void multiChunkInlineWithRowLimit() {
        StatementResponse r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT id AS n FROM range(25000)"));
        assertThat(r.getManifest().getTotalChunkCount()).isEqualTo(3L);
        assertThat(r.getResult().getNextChunkIndex()).isEqualTo(1L);
        assertThat(r.getResult().getNextChunkInternalLink()).isEqualTo("/api/2.0/sql/statements/" + r.getStatementId() + "/result/chunks/1");
        ResultData c2 = w.statementExecution().getStatementResultChunkN(r.getStatementId(), 2L);
        assertThat(c2.getRowOffset()).isEqualTo(20000L);
        assertThat(c2.getDataArray()).hasSize(5000);
        assertThat(c2.getNextChunkIndex()).isNull();

        StatementResponse limited = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT id AS n FROM range(100)").setRowLimit(7L));
        assertThat(limited.getManifest().getTruncated()).isTrue();
        assertThat(limited.getManifest().getTotalRowCount()).isEqualTo(7L);
    }

    @Test
    void externalLinksInEveryFormat() throws Exception {
        String sql = "SELECT id AS n, 'v' || id AS s, CAST(id AS DECIMAL(10,2)) d FROM range(15000)";
        StatementResponse json = external(sql, Format.JSON_ARRAY);
        assertThat(json.getManifest().getTotalChunkCount()).isEqualTo(2L);
        ExternalLink l0 = json.getResult().getExternalLinks().iterator().next();
        assertThat(l0.getExpiration()).isNotBlank();
        assertThat(l0.getNextChunkIndex()).isEqualTo(1L);
        JsonNode arr = new ObjectMapper().readTree(fetch(l0.getExternalLink()));
        assertThat(arr.size()).isEqualTo(10000);
        assertThat(arr.get(1).get(1).asText()).isEqualTo("v1");
        ExternalLink l1 = w.statementExecution().getStatementResultChunkN(json.getStatementId(), 1L).getExternalLinks().iterator().next();
        assertThat(new ObjectMapper().readTree(fetch(l1.getExternalLink())).size()).isEqualTo(5000);

        StatementResponse csv = external(sql, Format.CSV);
        String text = new String(fetch(csv.getResult().getExternalLinks().iterator().next().getExternalLink()));
        assertThat(text.split("\r\n")[0]).isEqualTo("n,s,d");
        assertThat(text.split("\r\n")[2]).isEqualTo("1,v1,1.00");

        StatementResponse arrow = external(sql, Format.ARROW_STREAM);
        byte[] bytes = fetch(arrow.getResult().getExternalLinks().iterator().next().getExternalLink());
        try (RootAllocator alloc = new RootAllocator(); ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(bytes), alloc)) {
            assertThat(reader.loadNextBatch()).isTrue();
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            // Arrow chunks are cut by bytes, not rows: 15000 narrow rows fit one batch
            assertThat(root.getRowCount()).isEqualTo(15000);
            assertThat(arrow.getManifest().getTotalChunkCount()).isEqualTo(1L);
            assertThat(root.getVector("n").getObject(3)).isEqualTo(3L);
            assertThat(root.getVector("s").getObject(3).toString()).isEqualTo("v3");
            assertThat(root.getVector("d").getObject(3)).isEqualTo(new java.math.BigDecimal("3.00"));
        }
        HttpResponse<String> bad = http.send(HttpRequest.newBuilder(URI.create(server.url() + "/_minilake/results/"
                + arrow.getStatementId() + "/0?token=wrong")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(bad.statusCode()).isEqualTo(404);
    }

    @Test
    void waitTimeoutZeroThenPoll() throws Exception {
        StatementResponse r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT count(*) FROM range(300000000)").setWaitTimeout("0s"));
        assertThat(r.getStatus().getState()).isIn(StatementState.PENDING, StatementState.RUNNING);
        long deadline = System.currentTimeMillis() + 60_000;
        while (!r.getStatus().getState().equals(StatementState.SUCCEEDED) && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
            r = w.statementExecution().getStatement(r.getStatementId());
        }
        assertThat(rows(r)).containsExactly(List.of("300000000"));
    }

    @Test
    void onWaitTimeoutCancelAndExplicitCancel() throws Exception {
        String slow = "SELECT sum(a.id * b.id) FROM range(10000000) a, range(10000000) b";
        StatementResponse r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement(slow).setWaitTimeout("5s").setOnWaitTimeout(ExecuteStatementRequestOnWaitTimeout.CANCEL));
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.CANCELED);

        StatementResponse running = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement(slow).setWaitTimeout("0s"));
        Thread.sleep(200);
        long t0 = System.currentTimeMillis();
        w.statementExecution().cancelExecution(new com.databricks.sdk.service.sql.CancelExecutionRequest().setStatementId(running.getStatementId()));
        assertThat(w.statementExecution().getStatement(running.getStatementId()).getStatus().getState()).isEqualTo(StatementState.CANCELED);
        assertThat(System.currentTimeMillis() - t0).isLessThan(3000);
        // the API stays responsive and DuckDB is free again
        assertThat(rows(run("SELECT 1"))).containsExactly(List.of("1"));
    }

    @Test
    void invalidWaitTimeoutIsInvalidParameterValue() {
        assertThatThrownBy(() -> w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT 1").setWaitTimeout("3s"))).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("wait_timeout");
    }

    @Test
    void failedStatementNamesTheMissingTable() {
        StatementResponse r = run("SELECT * FROM no_such_table");
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.FAILED);
        assertThat(r.getStatus().getError().getMessage()).contains("TABLE_OR_VIEW_NOT_FOUND").contains("no_such_table");
        assertThat(run("SELEC 1").getStatus().getError().getMessage()).startsWith("[PARSE_SYNTAX_ERROR]").contains("Syntax error").contains("LINE 1");
    }

    @Test
    void namedParameters() {
        StatementResponse r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT :a + 1 AS x, :b AS y").setParameters(List.of(
                        new StatementParameterListItem().setName("a").setValue("41").setType("INT"),
                        new StatementParameterListItem().setName("b").setValue("it's"))));
        assertThat(rows(r)).containsExactly(List.of("42", "it's"));
        StatementResponse unbound = run("SELECT :missing");
        assertThat(unbound.getStatus().getError().getMessage()).contains("UNBOUND_SQL_PARAMETER").contains("missing");
    }

    StatementResponse runWith(String sql, String... nameValues) {
        List<StatementParameterListItem> params = new ArrayList<>();
        for (int i = 0; i < nameValues.length; i += 2) params.add(new StatementParameterListItem().setName(nameValues[i]).setValue(nameValues[i + 1]));
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(sql).setParameters(params));
    }

    @Test
    void identifierClauseTakesNamesAsBoundParameters() {
        rows(runWith("CREATE TABLE IDENTIFIER(:t) (id BIGINT, `odd-name` STRING)", "t", "main.default.ids"));
        rows(runWith("INSERT INTO IDENTIFIER(:t) VALUES (:v, 'a'), (2, NULL)", "t", "main.default.ids", "v", "1"));
        assertThat(rows(runWith("SELECT count(IDENTIFIER(:c)) AS n FROM IDENTIFIER(:cat || '.default.' || :tbl)",
                "c", "`odd-name`", "cat", "main", "tbl", "ids"))).containsExactly(List.of("1"));
        assertThat(rows(runWith("DESCRIBE HISTORY IDENTIFIER(:t)", "t", "main.default.ids"))).hasSize(2);
        assertThat(w.tables().get("main.default.ids").getColumns()).extracting(c -> c.getName()).containsExactly("id", "odd-name");
        // the name is data, never SQL: a name that tries to end the statement is one (missing) table's name
        StatementResponse injected = runWith("SELECT * FROM IDENTIFIER(:t)", "t", "main.default.ids; DROP TABLE main.default.ids");
        assertThat(injected.getStatus().getState()).isEqualTo(StatementState.FAILED);
        assertThat(rows(run("SELECT count(*) FROM main.default.ids"))).containsExactly(List.of("2"));
        StatementResponse unbound = run("SELECT * FROM IDENTIFIER(:nothing)");
        assertThat(unbound.getStatus().getError().getMessage()).contains("UNBOUND_SQL_PARAMETER").contains("nothing");
        StatementResponse notConstant = run("SELECT * FROM IDENTIFIER(upper('x'))");
        assertThat(notConstant.getStatus().getError().getMessage()).startsWith("[NOT_A_CONSTANT_STRING");
    }

    @Test
    void useCatalogAndSchemaAndShow() {
        rows(run("CREATE SCHEMA main.sales"));
        rows(run("CREATE TABLE main.sales.orders (id INT)"));
        StatementResponse r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT count(*) FROM orders").setCatalog("main").setSchema("sales"));
        assertThat(rows(r)).containsExactly(List.of("0"));
        assertThat(rows(run("SHOW CATALOGS"))).contains(List.of("main"));
        assertThat(rows(run("SHOW SCHEMAS IN main"))).contains(List.of("default"), List.of("sales"));
        assertThat(rows(run("SHOW TABLES IN main.sales"))).containsExactly(List.of("sales", "orders", "false"));
        assertThat(rows(run("USE SCHEMA sales"))).isEmpty();
    }

    @Test
    void sessionsKeepTheirContext() throws Exception {
        rows(run("CREATE SCHEMA main.s2"));
        rows(run("CREATE TABLE main.s2.t AS SELECT 7 AS v"));
        HttpResponse<String> created = server.send("POST", "/api/2.0/sql/sessions", "{\"warehouse_id\":\"dev\"}");
        String session = new ObjectMapper().readTree(created.body()).get("session_id").asText();
        HttpResponse<String> use = server.send("POST", "/api/2.0/sql/statements",
                "{\"statement\":\"USE SCHEMA s2\",\"session_id\":\"" + session + "\",\"warehouse_id\":\"dev\"}");
        assertThat(use.body()).contains("SUCCEEDED");
        HttpResponse<String> sel = server.send("POST", "/api/2.0/sql/statements",
                "{\"statement\":\"SELECT v FROM t\",\"session_id\":\"" + session + "\",\"warehouse_id\":\"dev\"}");
        assertThat(new ObjectMapper().readTree(sel.body()).at("/result/data_array/0/0").asText()).isEqualTo("7");
        assertThat(server.send("DELETE", "/api/2.0/sql/sessions/" + session, null).statusCode()).isEqualTo(200);
    }

    @Test
    void queryHistoryRecordsStatementsWithFilters() {
        String ok = run("SELECT 1").getStatementId();
        String failed = run("SELECT * FROM missing_t").getStatementId();
        List<QueryInfo> all = new ArrayList<>(w.queryHistory().list(new ListQueryHistoryRequest()).getRes());
        assertThat(all).extracting(QueryInfo::getQueryId).containsExactly(failed, ok);
        QueryInfo f = all.get(0);
        assertThat(f.getStatus()).isEqualTo(QueryStatus.FAILED);
        assertThat(f.getErrorMessage()).contains("missing_t");
        assertThat(f.getWarehouseId()).isEqualTo("dev");
        assertThat(all.get(1).getRowsProduced()).isEqualTo(1L);
        assertThat(w.queryHistory().list(new ListQueryHistoryRequest().setFilterBy(new QueryFilter()
                .setStatuses(List.of(QueryStatus.FINISHED)))).getRes()).extracting(QueryInfo::getQueryId).containsExactly(ok);
        var page = w.queryHistory().list(new ListQueryHistoryRequest().setMaxResults(1L));
        assertThat(page.getHasNextPage()).isTrue();
        assertThat(w.queryHistory().list(new ListQueryHistoryRequest().setMaxResults(1L).setPageToken(page.getNextPageToken()))
                .getRes()).extracting(QueryInfo::getQueryId).containsExactly(ok);
    }

    @Test
    void colonPathReadsJsonStringsAsDatabricksDoes() {
        assertThat(rows(run("SELECT raw:store.bike AS bike, raw:items[1].name AS second, raw:['a b'] AS spaced, raw:missing AS gone "
                + "FROM VALUES ('{\"store\":{\"bike\":\"red\"},\"items\":[{\"name\":\"x\"},{\"name\":\"y\"}],\"a b\":1}') AS t(raw)")))
                .containsExactly(java.util.Arrays.asList("red", "y", "1", null));
    }

    @Test
    void insertOverwriteAndMerge() {
        rows(run("CREATE TABLE t (id INT, v STRING)"));
        rows(run("INSERT INTO t VALUES (1, 'a'), (2, 'b')"));
        rows(run("INSERT OVERWRITE TABLE t VALUES (3, 'c')"));
        assertThat(rows(run("SELECT id, v FROM t"))).containsExactly(List.of("3", "c"));
        rows(run("CREATE TABLE s AS SELECT 3 AS id, 'z' AS v UNION ALL SELECT 4, 'y'"));
        rows(run("MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *"));
        assertThat(rows(run("SELECT id, v FROM t ORDER BY id"))).containsExactly(List.of("3", "z"), List.of("4", "y"));
    }

    private StatementResponse external(String sql, Format format) {
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(sql)
                .setDisposition(Disposition.EXTERNAL_LINKS).setFormat(format));
    }

    private byte[] fetch(String url) throws Exception {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(r.statusCode()).isEqualTo(200);
        return r.body();
    }
}
