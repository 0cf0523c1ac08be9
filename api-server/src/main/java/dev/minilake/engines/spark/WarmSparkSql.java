package dev.minilake.engines.spark;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@link SparkSql} on the warm Spark (shared with jobs): the statement goes as JSON to the warm
 * Spark's loopback {@code /sql} endpoint, and the rows stream back and are read one at a time.
 */
@Component
public class WarmSparkSql implements SparkSql {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A cold start takes about ten seconds here; the statement's own wait_timeout is the API's business. */
    private static final Duration START_WAIT = Duration.ofMinutes(5);

    private final LocalWarmSpark spark;

    public WarmSparkSql(LocalWarmSpark spark) {
        this.spark = spark;
    }

    @Override
    public SparkResult execute(SparkStatement st) throws SparkSqlException {
        HttpResponse<InputStream> r;
        try {
            if (spark.awaitConnectUrl(START_WAIT).isEmpty()) {
                throw SparkSqlException.unavailable(spark.failure().orElse("it is " + spark.state()));
            }
            r = spark.post("/sql", JSON.writeValueAsBytes(request(st)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SparkSqlException("OPERATION_CANCELED", "HY008", "[OPERATION_CANCELED] The statement was canceled.");
        } catch (IOException e) {
            throw SparkSqlException.unavailable("it did not answer (" + e.getMessage() + ")");
        }
        JsonParser p = null;
        try {
            p = JSON.getFactory().createParser(r.body());
            if (r.statusCode() != 200) {
                JsonNode body = JSON.readTree(p);
                p.close();
                if (body.has("error")) throw error(body.get("error"));
                throw new SparkSqlException("INTERNAL_ERROR", "XX000", "[INTERNAL_ERROR] The warm Spark answered HTTP " + r.statusCode()
                        + ": " + body.path("message").asText());
            }
            return new Rows(p);
        } catch (IOException e) {
            close(p);
            throw SparkSqlException.unavailable("its answer broke off (" + e.getMessage() + ")");
        }
    }

    @Override
    public void cancel(String statementId) {
        if (statementId == null || spark.state() != WarmSpark.State.WARM) return;
        try {
            spark.post("/cancel", JSON.writeValueAsBytes(JSON.createObjectNode().put("statement_id", statementId))).body().close();
        } catch (IOException e) {
            // the warm Spark is gone, and its jobs with it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ObjectNode request(SparkStatement st) {
        ObjectNode o = JSON.createObjectNode();
        o.put("statement", st.sql());
        if (st.statementId() != null) o.put("statement_id", st.statementId());
        if (st.session() != null) o.put("session", st.session());
        if (st.catalog() != null) o.put("catalog", st.catalog());
        if (st.schema() != null) o.put("schema", st.schema());
        ObjectNode conf = o.putObject("conf");
        for (Map.Entry<String, String> e : st.conf().entrySet()) conf.put(e.getKey(), e.getValue());
        ArrayNode params = o.putArray("parameters");
        for (SparkStatement.Parameter p : st.parameters()) params.addObject().put("name", p.name()).put("type", p.type()).put("value", p.value());
        o.put("max_rows", st.maxRows());
        return o;
    }

    private static SparkSqlException error(JsonNode e) {
        return new SparkSqlException(e.path("error_class").asText("INTERNAL_ERROR"), e.path("sql_state").asText(null),
                e.path("message").asText("Spark failed without a message"));
    }

    private static void close(JsonParser p) {
        if (p == null) return;
        try {
            p.close();
        } catch (IOException ignored) {
            // the connection is gone anyway
        }
    }

    /** {"columns":[...], "rows":[[...]...], "error"?: {...}} read as it arrives. */
    private static final class Rows implements SparkResult {
        private final JsonParser p;
        private final List<Column> columns = new ArrayList<>();
        private boolean done;

        Rows(JsonParser p) throws IOException, SparkSqlException {
            this.p = p;
            expect(JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "columns" -> {
                        for (JsonNode c : (JsonNode) JSON.readTree(p)) {
                            columns.add(new Column(c.path("name").asText(), c.path("type_name").asText(), c.path("type_text").asText(),
                                    c.has("precision") ? c.get("precision").asInt() : null, c.has("scale") ? c.get("scale").asInt() : null));
                        }
                    }
                    case "error" -> throw error(JSON.readTree(p));
                    case "rows" -> {
                        if (p.currentToken() != JsonToken.START_ARRAY) throw new IOException("rows is not an array");
                        return; // positioned before the first row
                    }
                    default -> p.skipChildren();
                }
            }
            done = true;
        }

        @Override
        public List<Column> columns() {
            return columns;
        }

        @Override
        public String[] next() throws SparkSqlException {
            if (done) return null;
            try {
                JsonToken t = p.nextToken();
                if (t == JsonToken.START_ARRAY) {
                    String[] row = new String[columns.size()];
                    int i = 0;
                    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (i < row.length) row[i] = t == JsonToken.VALUE_NULL ? null : p.getText();
                        i++;
                    }
                    return row;
                }
                done = true; // the end of rows: an error may follow (Spark failed while producing them)
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    p.nextToken();
                    if (field.equals("error")) throw error(JSON.readTree(p));
                    p.skipChildren();
                }
                return null;
            } catch (IOException e) {
                done = true;
                throw SparkSqlException.unavailable("its answer broke off (" + e.getMessage() + ")");
            }
        }

        private void expect(JsonToken t) throws IOException {
            if (p.nextToken() != t) throw new IOException("unexpected answer from the warm Spark");
        }

        @Override
        public void close() {
            WarmSparkSql.close(p);
        }
    }
}
