package dev.minilake.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.duckdb.DuckDBResultSet;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

/**
 * Bulk results: a 5-million-row, 3-column query fetched through EXTERNAL_LINKS + ARROW_STREAM by
 * a client that parses every Arrow batch, beside DuckDB's own in-process export of the same result
 * to an Arrow IPC stream (JDBC arrowExportStream), measured in the same run. Prints rows/s for both.
 */
final class ArrowBulkScenario implements Bench.Scenario {
    static final long ROWS = Long.getLong("bench.rows", 5_000_000L);
    static final String QUERY = "SELECT i AS id, i * 2 AS doubled, 'row-' || i::VARCHAR AS label FROM range(" + ROWS + ") t(i)";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public String name() {
        return "arrow-bulk";
    }

    @Override
    public String describe() {
        return ROWS + " rows x 3 columns via EXTERNAL_LINKS ARROW_STREAM, beside DuckDB's in-process Arrow export (needs --url)";
    }

    @Override
    public double measure(Bench.Target t) throws Exception {
        double baseline = inProcessMillis();
        long start = System.nanoTime();
        long rows = throughMiniLake(t.url());
        double ms = (System.nanoTime() - start) / 1e6;
        if (rows != ROWS) throw new IllegalStateException("fetched " + rows + " rows, expected " + ROWS);
        System.out.printf("    MiniLake %.0f rows/s (%.0f ms); DuckDB in-process Arrow export %.0f rows/s (%.0f ms); ratio %.2f%n",
                ROWS / (ms / 1000), ms, ROWS / (baseline / 1000), baseline, baseline / ms);
        return ms;
    }

    private static double inProcessMillis() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             BufferAllocator alloc = new RootAllocator()) {
            long start = System.nanoTime();
            try (DuckDBResultSet rs = (DuckDBResultSet) st.executeQuery(QUERY);
                 ArrowReader reader = (ArrowReader) rs.arrowExportStream(alloc, 64 * 1024);
                 ArrowStreamWriter w = new ArrowStreamWriter(reader.getVectorSchemaRoot(), null, OutputStream.nullOutputStream())) {
                w.start();
                while (reader.loadNextBatch()) w.writeBatch();
                w.end();
            }
            return (System.nanoTime() - start) / 1e6;
        }
    }

    private static long throughMiniLake(String url) throws Exception {
        String body = JSON.writeValueAsString(java.util.Map.of("warehouse_id", "bench", "statement", QUERY,
                "disposition", "EXTERNAL_LINKS", "format", "ARROW_STREAM", "wait_timeout", "50s"));
        JsonNode r = JSON.readTree(Http.post(url + "/api/2.0/sql/statements", body).body());
        String id = r.get("statement_id").asText();
        while (!"SUCCEEDED".equals(r.path("status").path("state").asText())) {
            String state = r.path("status").path("state").asText();
            if (!state.equals("PENDING") && !state.equals("RUNNING")) throw new IllegalStateException("statement " + state + ": " + r);
            Thread.sleep(50);
            r = JSON.readTree(Http.get(url + "/api/2.0/sql/statements/" + id).body());
        }
        long rows = 0;
        JsonNode chunk = r.get("result");
        try (BufferAllocator alloc = new RootAllocator()) {
            while (true) {
                for (JsonNode link : chunk.path("external_links")) {
                    HttpResponse<byte[]> bytes = Http.CLIENT.send(HttpRequest.newBuilder(URI.create(link.get("external_link").asText())).build(),
                            HttpResponse.BodyHandlers.ofByteArray());
                    try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(bytes.body()), alloc)) {
                        VectorSchemaRoot root = reader.getVectorSchemaRoot();
                        while (reader.loadNextBatch()) rows += root.getRowCount();
                    }
                }
                JsonNode next = chunk.path("next_chunk_index");
                if (next.isMissingNode() || next.isNull()) break;
                chunk = JSON.readTree(Http.get(url + "/api/2.0/sql/statements/" + id + "/result/chunks/" + next.asInt()).body());
            }
        }
        return rows;
    }
}
