package dev.minilake.spark;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import dev.minilake.spark.catalog.CatalogRegistrar;
import dev.minilake.spark.sandbox.EngineWideConf;
import dev.minilake.spark.sandbox.LakeRoots;
import dev.minilake.spark.sandbox.SqlSandbox;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.VarcharType;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code POST /sql} on the warm Spark's loopback port: runs one Spark SQL statement for the
 * api-server and streams back its schema and rows, each value as the string the Statement
 * Execution API sends (complex types as Spark's own JSON, timestamps as ISO-8601 UTC, decimals with
 * their scale). Request: {@code {statement, statement_id?, session?, catalog?, schema?, conf?, max_rows?}}; a
 * failure is {@code {"error": {error_class, sql_state, message}}}, either instead of the rows or
 * after them when Spark fails while producing them.
 *
 * <p>Each MiniLake SQL session gets its own Spark session (newSession), so one client's SET or temp
 * view is invisible to another; a statement outside a session gets a fresh one.
 */
final class SqlEndpoint {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter TS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'");
    private static final int MAX_SESSIONS = 256;

    private final SparkSession root;
    private final byte[] secret;
    /** MiniLake session id → its Spark session; the least recently used goes when there are too many. */
    private final Map<String, Session> sessions = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Session> eldest) {
            return size() > MAX_SESSIONS;
        }
    };

    private final LakeRoots lake;
    /** Statements cancelled before or while they ran; a late-starting job of one is cancelled again on start. */
    private final Map<String, Long> cancelled = new ConcurrentHashMap<>();

    SqlEndpoint(SparkSession root, String secret, LakeRoots lake) {
        this.root = root;
        this.lake = lake;
        this.secret = secret == null || secret.isEmpty() ? null : secret.getBytes(StandardCharsets.UTF_8);
    }

    /** One Spark session and what was last applied to it, so unchanged settings cost nothing. */
    private static final class Session {
        final SparkSession spark;
        final CatalogRegistrar catalogs;
        final Map<String, String> conf = new HashMap<>();
        String catalog;
        String schema;

        Session(SparkSession spark, LakeRoots lake) {
            this.spark = spark;
            // every statement from the api-server is confined to the lake, checked on Spark's plan
            SqlSandbox.confine(spark, lake);
            this.catalogs = new CatalogRegistrar(spark);
            // ANSI as on Databricks SQL; a session's own SET may still turn it off
            spark.conf().set("spark.sql.ansi.enabled", "true");
            spark.conf().set("spark.sql.datetime.java8API.enabled", "true");
        }
    }

    /** Whether the request carries the parent's secret and is a POST; answers it otherwise. */
    private boolean admitted(HttpExchange ex) throws IOException {
        String given = ex.getRequestHeaders().getFirst("X-MiniLake-Spark-Secret");
        // without a secret from the parent nobody may run SQL: the port is loopback, but not private
        if (secret == null || given == null || !MessageDigest.isEqual(secret, given.getBytes(StandardCharsets.UTF_8))) {
            plain(ex, 403, "forbidden");
            return false;
        }
        if (!"POST".equals(ex.getRequestMethod())) {
            plain(ex, 405, "POST a statement");
            return false;
        }
        return true;
    }

    /**
     * {@code POST /cancel {"statement_id"}}: cancels the statement's Spark job group, so its running
     * tasks are interrupted and a write it was doing never commits. A statement still being planned
     * is cancelled when its first job starts.
     */
    void cancel(HttpExchange ex) throws IOException {
        try (ex) {
            if (!admitted(ex)) return;
            String id = JSON.readTree(ex.getRequestBody()).path("statement_id").asText("");
            if (id.isEmpty()) {
                plain(ex, 400, "statement_id is required");
                return;
            }
            long now = System.currentTimeMillis();
            cancelled.values().removeIf(at -> now - at > 600_000);
            cancelled.put(id, now);
            root.sparkContext().cancelJobGroup(id);
            plain(ex, 200, "cancelled");
        }
    }

    void handle(HttpExchange ex) throws IOException {
        try (ex) {
            if (!admitted(ex)) return;
            JsonNode req = JSON.readTree(ex.getRequestBody());
            Session session = session(req.path("session").asText(null));
            // one statement at a time per session, as the api-server sends them
            synchronized (session) {
                run(ex, session, req);
            }
        }
    }

    private Session session(String id) {
        if (id == null) return new Session(root.newSession(), lake);
        synchronized (sessions) {
            return sessions.computeIfAbsent(id, k -> new Session(root.newSession(), lake));
        }
    }

    private void run(HttpExchange ex, Session s, JsonNode req) throws IOException {
        Iterator<Row> rows;
        StructType schema;
        try {
            // Spark reads configuration (catalog plugins among it) from the thread's active session
            SparkSession.setActiveSession(s.spark);
            jobGroup(s.spark, req.path("statement_id").asText(null));
            applyConf(s, req.path("conf"));
            use(s, req.path("catalog").asText(null), req.path("schema").asText(null));
            String sql = req.path("statement").asText("");
            // CREATE and DROP VIEW of a Unity Catalog catalog, which Spark's analyzer leaves to its session catalog
            Dataset<Row> df = dev.minilake.spark.catalog.UcViews.runIfViewStatement(s.spark, sql)
                    .orElseGet(() -> bound(s.spark, sql, req.path("parameters")));
            schema = df.schema();
            long max = req.path("max_rows").asLong(0);
            Dataset<Row> out = printable(df);
            if (max > 0) out = out.limit((int) Math.min(max, Integer.MAX_VALUE));
            rows = out.toLocalIterator();
            rows.hasNext(); // runs the first job now, so most runtime errors come back before any row
        } catch (Throwable e) {
            reply(ex, 400, g -> error(g, e));
            return;
        }
        reply(ex, 200, g -> {
            g.writeArrayFieldStart("columns");
            for (StructField f : schema.fields()) column(g, f);
            g.writeEndArray();
            g.writeArrayFieldStart("rows");
            try {
                while (rows.hasNext()) {
                    Row r = rows.next();
                    g.writeStartArray();
                    for (int i = 0; i < r.length(); i++) g.writeString(format(r.get(i)));
                    g.writeEndArray();
                }
                g.writeEndArray();
            } catch (IOException closed) {
                throw closed; // the api-server stopped reading (row or byte limit reached)
            } catch (Throwable e) {
                g.writeEndArray();
                error(g, e);
            }
        });
    }

    /**
     * The statement's jobs run in a job group named by its id, so {@link #cancel} can stop them. A
     * listener cancels the group again when a job of an already-cancelled statement starts.
     */
    private void jobGroup(SparkSession spark, String statementId) {
        var sc = spark.sparkContext();
        if (statementId == null || statementId.isEmpty()) {
            sc.clearJobGroup();
            return;
        }
        if (cancelled.containsKey(statementId)) throw new IllegalStateException("the statement was cancelled");
        sc.setJobGroup(statementId, "MiniLake statement " + statementId, true);
    }

    /** Cancels, again, any job that starts in a group already cancelled (it was still being planned at cancel time). */
    void cancelLateJobs() {
        root.sparkContext().addSparkListener(new org.apache.spark.scheduler.SparkListener() {
            @Override
            public void onJobStart(org.apache.spark.scheduler.SparkListenerJobStart start) {
                String group = start.properties() == null ? null : start.properties().getProperty("spark.jobGroup.id");
                if (group != null && cancelled.containsKey(group)) root.sparkContext().cancelJob(start.jobId());
            }
        });
    }

    /**
     * Runs the statement with its parameters bound by Spark itself: named ones to {@code :name}
     * markers, unnamed ones, in order, to {@code ?} markers. Spark refuses a mix, as Databricks does.
     */
    private static Dataset<Row> bound(SparkSession spark, String sql, JsonNode params) {
        if (params.isEmpty()) return spark.sql(sql);
        Map<String, Object> named = new HashMap<>();
        java.util.List<Object> positional = new java.util.ArrayList<>();
        for (JsonNode p : params) {
            String name = p.path("name").asText("");
            Object value = value(p);
            if (name.isEmpty()) positional.add(value);
            else named.put(name, value);
        }
        if (named.isEmpty()) return spark.sql(sql, positional.toArray());
        if (positional.isEmpty()) return spark.sql(sql, named);
        throw new IllegalArgumentException("[INVALID_QUERY_MIXED_QUERY_PARAMETERS] Parameterized query must either use positional, or named parameters, but not both.");
    }

    /** A parameter as the Java value Spark makes a literal of, typed as the request declares it. */
    private static Object value(JsonNode p) {
        String v = p.path("value").isNull() ? null : p.path("value").asText(null);
        String type = p.path("type").asText("STRING").toUpperCase(java.util.Locale.ROOT);
        if (v == null) return null;
        return switch (type.replaceAll("\\(.*", "")) {
            case "INT", "INTEGER" -> Integer.parseInt(v);
            case "BIGINT", "LONG" -> Long.parseLong(v);
            case "SMALLINT", "SHORT" -> Short.parseShort(v);
            case "TINYINT", "BYTE" -> Byte.parseByte(v);
            case "DOUBLE" -> Double.parseDouble(v);
            case "FLOAT", "REAL" -> Float.parseFloat(v);
            case "DECIMAL", "DEC", "NUMERIC" -> new BigDecimal(v);
            case "BOOLEAN" -> Boolean.parseBoolean(v);
            case "DATE" -> java.time.LocalDate.parse(v);
            case "TIMESTAMP" -> instant(v);
            case "TIMESTAMP_NTZ" -> LocalDateTime.parse(v.replace(' ', 'T').replace("Z", ""));
            case "BINARY" -> java.util.HexFormat.of().parseHex(v.replaceFirst("^(?i)0x", ""));
            case "VOID" -> null;
            default -> v;
        };
    }

    /** An ISO timestamp with {@code Z}, an offset ({@code +00:00}, as the connector sends it) or none (UTC). */
    private static Instant instant(String v) {
        String iso = v.trim().replace(' ', 'T');
        var withOptionalOffset = new java.time.format.DateTimeFormatterBuilder()
                .append(java.time.format.DateTimeFormatter.ISO_LOCAL_DATE_TIME).optionalStart().appendOffsetId().optionalEnd().toFormatter();
        var parsed = withOptionalOffset.parseBest(iso, java.time.OffsetDateTime::from, LocalDateTime::from);
        return parsed instanceof java.time.OffsetDateTime odt ? odt.toInstant() : ((LocalDateTime) parsed).toInstant(java.time.ZoneOffset.UTC);
    }

    /** The session's SET configurations, as the api-server holds them: set what changed, unset what went. */
    private void applyConf(Session s, JsonNode conf) {
        Map<String, String> wanted = new HashMap<>();
        conf.fields().forEachRemaining(e -> wanted.put(e.getKey(), e.getValue().asText()));
        for (String k : Map.copyOf(s.conf).keySet()) {
            if (!wanted.containsKey(k)) {
                unset(s.spark, k, root);
                s.conf.remove(k);
            }
        }
        for (Map.Entry<String, String> e : wanted.entrySet()) {
            if (e.getValue().equals(s.conf.get(e.getKey()))) continue;
            // the api-server refuses these in SET already; a session never gets them from here either
            if (EngineWideConf.isEngineWide(e.getKey())) continue;
            try {
                s.spark.conf().set(e.getKey(), e.getValue());
            } catch (RuntimeException staticOrUnknown) {
                // a static or engine-wide configuration: accepted by SET, meaningless per session
            }
            s.conf.put(e.getKey(), e.getValue());
        }
    }

    /** Back to what the warm Spark starts sessions with (e.g. UTC, ANSI), not to Spark's built-in default. */
    private static void unset(SparkSession spark, String key, SparkSession root) {
        try {
            scala.Option<String> start = root.conf().getOption(key);
            if (key.equals("spark.sql.ansi.enabled")) spark.conf().set(key, "true");
            else if (start.isDefined()) spark.conf().set(key, start.get());
            else spark.conf().unset(key);
        } catch (RuntimeException ignored) {
            // was never applied
        }
    }

    /** The statement's current catalog and schema; resolving them asks MiniLake's Unity Catalog, so only on change. */
    private static void use(Session s, String catalog, String schema) {
        if (catalog != null && !catalog.equals(s.catalog)) {
            s.catalogs.refreshIfStale();
            s.spark.catalog().setCurrentCatalog(catalog);
            s.catalog = catalog;
            s.schema = null;
        }
        if (schema != null && !schema.equals(s.schema)) {
            s.spark.sessionState().catalogManager().setCurrentNamespace(new String[]{schema});
            s.schema = schema;
        }
    }

    /** Columns Spark should render itself: complex types as its JSON, intervals and the rest as its string cast. */
    private static Dataset<Row> printable(Dataset<Row> df) {
        StructField[] fields = df.schema().fields();
        boolean plain = true;
        for (StructField f : fields) plain &= javaFormatted(f.dataType());
        if (plain) return df;
        String[] names = new String[fields.length];
        for (int i = 0; i < fields.length; i++) names[i] = "c" + i;
        Dataset<Row> renamed = df.toDF(names); // result names may repeat or need quoting
        Column[] cols = new Column[fields.length];
        for (int i = 0; i < fields.length; i++) {
            Column c = renamed.col(names[i]);
            DataType t = fields[i].dataType();
            cols[i] = javaFormatted(t) ? c
                    : t instanceof ArrayType || t instanceof MapType || t instanceof StructType ? functions.to_json(c) : c.cast("string");
        }
        return renamed.select(cols);
    }

    private static boolean javaFormatted(DataType t) {
        return t instanceof StringType || t instanceof VarcharType || t instanceof CharType || t instanceof BooleanType
                || t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType || t instanceof LongType
                || t instanceof FloatType || t instanceof DoubleType || t instanceof DecimalType || t instanceof DateType
                || t instanceof TimestampType || t instanceof TimestampNTZType || t instanceof BinaryType || t instanceof NullType;
    }

    /** A value as the API's JSON_ARRAY string, the same as MiniLake's DuckDB path formats it. */
    private static String format(Object v) {
        if (v == null) return null;
        if (v instanceof BigDecimal d) return d.toPlainString();
        if (v instanceof Instant t) return TS.format(t.atOffset(ZoneOffset.UTC).toLocalDateTime());
        if (v instanceof LocalDateTime t) return TS.format(t);
        if (v instanceof byte[] b) return Base64.getEncoder().encodeToString(b);
        return v.toString();
    }

    /** Name, Spark type text and the Statement Execution API's type_name (the SDK's ColumnInfoTypeName). */
    private static void column(JsonGenerator g, StructField f) throws IOException {
        DataType t = f.dataType();
        g.writeStartObject();
        g.writeStringField("name", f.name());
        g.writeStringField("type_name", typeName(t));
        g.writeStringField("type_text", t.catalogString());
        if (t instanceof DecimalType d) {
            g.writeNumberField("precision", d.precision());
            g.writeNumberField("scale", d.scale());
        }
        g.writeEndObject();
    }

    static String typeName(DataType t) {
        if (t instanceof StringType || t instanceof VarcharType) return "STRING";
        if (t instanceof CharType) return "CHAR";
        if (t instanceof BooleanType) return "BOOLEAN";
        if (t instanceof ByteType) return "BYTE";
        if (t instanceof ShortType) return "SHORT";
        if (t instanceof IntegerType) return "INT";
        if (t instanceof LongType) return "LONG";
        if (t instanceof FloatType) return "FLOAT";
        if (t instanceof DoubleType) return "DOUBLE";
        if (t instanceof DecimalType) return "DECIMAL";
        if (t instanceof DateType) return "DATE";
        if (t instanceof TimestampType || t instanceof TimestampNTZType) return "TIMESTAMP";
        if (t instanceof BinaryType) return "BINARY";
        if (t instanceof NullType) return "NULL";
        if (t instanceof ArrayType) return "ARRAY";
        if (t instanceof MapType) return "MAP";
        if (t instanceof StructType) return "STRUCT";
        // VARIANT as Databricks names it (its values travel as JSON text), so the SQL connector describes a "variant"
        if (t instanceof org.apache.spark.sql.types.VariantType) return "VARIANT";
        String name = t.typeName();
        if (name.startsWith("interval")) return "INTERVAL";
        return "USER_DEFINED_TYPE";
    }

    /** Spark's error class, SQL state and message (which leads with the class); never a stack trace. */
    private static void error(JsonGenerator g, Throwable e) throws IOException {
        Throwable cause = e;
        while (!(cause instanceof SparkThrowable) && cause.getCause() != null && cause.getCause() != cause) cause = cause.getCause();
        g.writeObjectFieldStart("error");
        if (cause instanceof SparkThrowable st && st.getCondition() != null) {
            g.writeStringField("error_class", st.getCondition());
            g.writeStringField("sql_state", st.getSqlState());
            // an analysis error's getMessage() appends the logical plan, which is Spark's internals
            String m = cause instanceof AnalysisException ae ? ae.getSimpleMessage() : cause.getMessage();
            g.writeStringField("message", m.startsWith("[") ? m : "[" + st.getCondition() + "] " + m);
        } else if (cause instanceof UnsupportedOperationException) {
            // what MiniLake's catalog does not do (a rename, a purge, ...) is no internal error: the message says what to do
            String m = cause.getMessage() == null ? "This operation is not implemented." : cause.getMessage();
            g.writeStringField("error_class", "NOT_IMPLEMENTED");
            g.writeStringField("sql_state", "0A000");
            g.writeStringField("message", "[NOT_IMPLEMENTED] " + m);
        } else {
            String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            g.writeStringField("error_class", "INTERNAL_ERROR");
            g.writeStringField("sql_state", "XX000");
            g.writeStringField("message", "[INTERNAL_ERROR] " + m);
        }
        g.writeEndObject();
    }

    private interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    private static void reply(HttpExchange ex, int status, Body body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, 0); // chunked: rows are streamed as Spark produces them
        try (OutputStream os = ex.getResponseBody(); JsonGenerator g = JSON.getFactory().createGenerator(os, JsonEncoding.UTF8)) {
            g.writeStartObject();
            body.write(g);
            g.writeEndObject();
        }
    }

    private static void plain(HttpExchange ex, int status, String message) throws IOException {
        reply(ex, status, g -> g.writeStringField("message", message));
    }
}
