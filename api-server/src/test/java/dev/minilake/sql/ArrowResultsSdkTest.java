package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.Disposition;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.ExternalLink;
import com.databricks.sdk.service.sql.Format;
import com.databricks.sdk.service.sql.ResultData;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ARROW_STREAM results through the Java SDK, parsed with Arrow's own reader: the DuckDB-export fast
 * path (types, chunking by bytes, row_limit) and the row path for types it does not take.
 */
class ArrowResultsSdkTest {
    static final MiniLakeServer server = MiniLakeServer.shared();
    static final WorkspaceClient w = server.workspace();
    static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void reset() {
        server.reset();
    }

    /** Every batch of every chunk of a result, with the Arrow schema of the first. */
    record Fetched(List<Field> fields, List<List<Object>> rows, long chunks, List<String> contentTypes) {
    }

    static Fetched fetchAll(StatementResponse r) throws Exception {
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        List<List<Object>> rows = new ArrayList<>();
        List<Field> fields = null;
        List<String> types = new ArrayList<>();
        ResultData chunk = r.getResult();
        try (RootAllocator alloc = new RootAllocator()) {
            while (true) {
                for (ExternalLink link : chunk.getExternalLinks()) {
                    HttpResponse<byte[]> resp = http.send(HttpRequest.newBuilder(URI.create(link.getExternalLink())).build(),
                            HttpResponse.BodyHandlers.ofByteArray());
                    assertThat(resp.statusCode()).isEqualTo(200);
                    types.add(resp.headers().firstValue("content-type").orElse(""));
                    long inLink = 0;
                    try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(resp.body()), alloc)) {
                        VectorSchemaRoot root = reader.getVectorSchemaRoot();
                        if (fields == null) fields = root.getSchema().getFields();
                        while (reader.loadNextBatch()) {
                            for (int i = 0; i < root.getRowCount(); i++) {
                                List<Object> row = new ArrayList<>();
                                for (var v : root.getFieldVectors()) {
                                    Object o = v.getObject(i);
                                    row.add(o instanceof org.apache.arrow.vector.util.Text t ? t.toString() : o);
                                }
                                rows.add(row);
                            }
                            inLink += root.getRowCount();
                        }
                    }
                    assertThat(inLink).as("row_count of link %d", link.getChunkIndex()).isEqualTo(link.getRowCount());
                }
                if (chunk.getNextChunkIndex() == null) break;
                chunk = w.statementExecution().getStatementResultChunkN(r.getStatementId(), chunk.getNextChunkIndex());
            }
        }
        return new Fetched(fields, rows, r.getManifest().getTotalChunkCount(), types);
    }

    static StatementResponse arrow(String sql, Long rowLimit) {
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(sql)
                .setDisposition(Disposition.EXTERNAL_LINKS).setFormat(Format.ARROW_STREAM).setRowLimit(rowLimit)
                .setWaitTimeout("50s"));
    }

    @Test
    void scalarTypesKeepTheirArrowTypes() throws Exception {
        Fetched f = fetchAll(arrow("SELECT 1::BIGINT AS l, 2::INT AS i, 3::SMALLINT AS s, 4::TINYINT AS t, 1.5::DOUBLE AS d,"
                + " 2.5::FLOAT AS f, true AS b, 'x' AS str, 12.34::DECIMAL(10,2) AS dec, DATE '2024-01-02' AS dt,"
                + " TIMESTAMP '2024-01-02 03:04:05.123456' AS ts, NULL::BIGINT AS n", null));
        assertThat(f.fields()).extracting(x -> x.getType().getTypeID()).containsExactly(
                ArrowType.ArrowTypeID.Int, ArrowType.ArrowTypeID.Int, ArrowType.ArrowTypeID.Int, ArrowType.ArrowTypeID.Int,
                ArrowType.ArrowTypeID.FloatingPoint, ArrowType.ArrowTypeID.FloatingPoint, ArrowType.ArrowTypeID.Bool,
                ArrowType.ArrowTypeID.Utf8, ArrowType.ArrowTypeID.Decimal, ArrowType.ArrowTypeID.Date,
                ArrowType.ArrowTypeID.Timestamp, ArrowType.ArrowTypeID.Int);
        assertThat(((ArrowType.Int) f.fields().get(0).getType()).getBitWidth()).isEqualTo(64);
        assertThat(((ArrowType.Int) f.fields().get(1).getType()).getBitWidth()).isEqualTo(32);
        assertThat(((ArrowType.Decimal) f.fields().get(8).getType()).getScale()).isEqualTo(2);
        assertThat(((ArrowType.Timestamp) f.fields().get(10).getType()).getTimezone()).isEqualTo("UTC");
        List<Object> row = f.rows().get(0);
        assertThat(row.subList(0, 8)).containsExactly(1L, 2, (short) 3, (byte) 4, 1.5d, 2.5f, true, "x");
        assertThat(row.get(8)).isEqualTo(new BigDecimal("12.34"));
        assertThat(row.get(11)).isNull();
        assertThat(f.contentTypes()).allMatch(t -> t.startsWith("application/vnd.apache.arrow.stream"));
    }

    @Test
    void largeResultsSplitIntoChunksByBytesAndKeepEveryRow() throws Exception {
        long n = 1_500_000;
        Fetched f = fetchAll(arrow("SELECT i AS id, 'label-' || i::VARCHAR AS label FROM range(" + n + ") t(i)", null));
        assertThat(f.chunks()).isGreaterThan(1);
        assertThat(f.rows()).hasSize((int) n);
        assertThat(f.rows().get(0)).containsExactly(0L, "label-0");
        assertThat(f.rows().get((int) n - 1)).containsExactly(n - 1, "label-" + (n - 1));
        for (int i = 0; i < n; i += 99_991) assertThat(f.rows().get(i).get(0)).isEqualTo((long) i);
    }

    @Test
    void rowLimitTruncatesInsideABatch() throws Exception {
        StatementResponse r = arrow("SELECT i FROM range(100000) t(i)", 70_001L);
        assertThat(r.getManifest().getTruncated()).isTrue();
        assertThat(r.getManifest().getTotalRowCount()).isEqualTo(70_001L);
        assertThat(fetchAll(r).rows()).hasSize(70_001);
    }

    @Test
    void nestedTypesTakeTheRowPathAsJsonText() throws Exception {
        Fetched f = fetchAll(arrow("SELECT [1, 2] AS a, {'k': 1} AS st, 7 AS x", null));
        assertThat(f.fields().get(0).getType().getTypeID()).isEqualTo(ArrowType.ArrowTypeID.Utf8);
        assertThat(f.rows().get(0).get(0).toString()).isEqualTo("[1,2]");
        assertThat(f.rows().get(0).get(2)).isEqualTo(7);
    }

    @Test
    void emptyResultHasNoChunks() throws Exception {
        StatementResponse r = arrow("SELECT i FROM range(10) t(i) WHERE i > 100", null);
        assertThat(r.getManifest().getTotalRowCount()).isZero();
        assertThat(fetchAll(r).rows()).isEmpty();
    }
}
