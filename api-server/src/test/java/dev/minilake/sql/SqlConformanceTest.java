package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksException;
import com.databricks.sdk.service.catalog.CreateCatalog;
import com.databricks.sdk.service.sql.ColumnInfo;
import com.databricks.sdk.service.sql.CreateWarehouseRequest;
import com.databricks.sdk.service.sql.EndpointTagPair;
import com.databricks.sdk.service.sql.EndpointTags;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.ResultData;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.engines.sqltranslate.SqlToken;
import dev.minilake.engines.sqltranslate.SqlTokenizer;
import dev.minilake.sql.ConformanceCorpus.Answer;
import dev.minilake.sql.ConformanceCorpus.Column;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The differential conformance suite against real Spark (issue 18): every statement of the corpus
 * ({@link ConformanceCorpus}) runs through an {@code auto} warehouse and through a
 * {@code duckdb}-pinned one, and each answer is compared with what Spark 4 (the spark-runner's,
 * ANSI mode) answered: column names and rows, or the error class when Spark failed the statement.
 * Prints one line per category, a total, and the first failures of each category; the full list is
 * written to {@code target/conformance-failures.txt}.
 *
 * <p>Re-record Spark's answers (runs every statement on a {@code spark}-pinned warehouse and
 * rewrites {@code src/test/resources/conformance/expected/*.json}):
 * <pre>
 * mvn -o -q -pl api-server -am test -Dtest=SqlConformanceTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dminilake.ui.skip -Dminilake.taskenv.skip -Dminilake.conformance.record=true
 * </pre>
 * A recording run ends there (reported as skipped); run again without the flag to compare.
 * {@code -Dminilake.conformance.only=string,math} limits a run (and a recording) to some categories.
 * Skips, as the other Spark tests do, when {@code spark-runner.jar} is missing.
 *
 * <p>Comparison: cells as strings, exactly, except DOUBLE/FLOAT columns (relative tolerance 1e-9);
 * row order counts only when the statement has a top-level ORDER BY; an error matches on its
 * top-level class ({@code UNRESOLVED_COLUMN} for {@code UNRESOLVED_COLUMN.WITH_SUGGESTION}); a
 * statement Spark answered with no result set (INSERT, CREATE, ALTER) matches any success, as the
 * statements after it check its effect.
 */
class SqlConformanceTest {
    /** The goal is 95% (issue 18). */
    static final double AUTO_FLOOR = 95.0;
    static final boolean RECORD = Boolean.getBoolean("minilake.conformance.record");
    static final Set<String> ONLY = System.getProperty("minilake.conformance.only", "").isBlank() ? Set.of()
            : Set.of(System.getProperty("minilake.conformance.only").split(","));
    static final int SHOWN_FAILURES = 5;

    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeAll
    static void needsSparkRunner() {
        MiniLakeServer.assumeSparkRunner();
    }

    @Test
    void autoAnswersLikeSpark() throws Exception {
        long started = System.nanoTime();
        List<String> categories = ConformanceCorpus.categories().stream().filter(c -> ONLY.isEmpty() || ONLY.contains(c)).toList();
        if (RECORD) record(categories);
        Map<String, List<Answer>> answers = runEverything(categories, List.of("auto", "duckdb", "spark"));

        int total = 0, autoPass = 0, duckPass = 0, sparkPass = 0;
        StringBuilder sparkFailures = new StringBuilder();
        List<String> stale = new ArrayList<>();
        StringBuilder report = new StringBuilder();
        StringBuilder failures = new StringBuilder();
        for (String category : categories) {
            List<String> statements = ConformanceCorpus.statements(category);
            // by text, in order: a statement may occur more than once (a SELECT after each DML step)
            Map<String, Deque<Answer>> recorded = new HashMap<>();
            for (Answer x : ConformanceCorpus.expected(category)) recorded.computeIfAbsent(x.sql(), k -> new ArrayDeque<>()).add(x);
            List<Answer> expected = new ArrayList<>();
            for (String sql : statements) expected.add(recorded.getOrDefault(sql, new ArrayDeque<>()).poll());
            long unrecorded = expected.stream().filter(Objects::isNull).count();
            if (unrecorded > 0) stale.add(category + " (" + unrecorded + ")");
            List<Answer> auto = answers.get(category + "/auto");
            List<Answer> duck = answers.get(category + "/duckdb");
            List<Answer> spark = answers.get(category + "/spark");
            int a = 0, d = 0, sp = 0, shown = 0;
            for (int i = 0; i < statements.size(); i++) {
                String autoWhy = mismatch(expected.get(i), auto.get(i));
                if (autoWhy == null) a++;
                if (mismatch(expected.get(i), duck.get(i)) == null) d++;
                String sparkWhy = mismatch(expected.get(i), spark.get(i));
                if (sparkWhy == null) sp++;
                else sparkFailures.append("  [" + category + " #" + (i + 1) + "] " + oneLine(statements.get(i)) + "\n      " + sparkWhy + "\n");
                if (autoWhy != null) {
                    String line = "  [" + category + " #" + (i + 1) + "] " + oneLine(statements.get(i)) + "\n      " + autoWhy + "\n";
                    failures.append(line);
                    if (shown++ < SHOWN_FAILURES) report.append(line);
                }
            }
            int m = statements.size();
            System.out.println(category + ": auto " + a + "/" + m + " (" + pct(a, m) + "), duckdb-only " + d + "/" + m + " (" + pct(d, m)
                    + "), spark-pinned " + sp + "/" + m + " (" + pct(sp, m) + ")");
            total += m;
            sparkPass += sp;
            autoPass += a;
            duckPass += d;
        }
        double autoRate = 100.0 * autoPass / Math.max(1, total);
        System.out.println("TOTAL: auto " + autoPass + "/" + total + " (" + pct(autoPass, total) + "), duckdb-only " + duckPass + "/" + total
                + " (" + pct(duckPass, total) + "), spark-pinned " + sparkPass + "/" + total + " (" + pct(sparkPass, total) + ")");
        System.out.println("spark-pinned failures (MiniLake's plumbing: that warehouse runs the Spark the answers come from):");
        System.out.print(sparkFailures);
        System.out.println("auto failures (first " + SHOWN_FAILURES + " per category; all in target/conformance-failures.txt):");
        System.out.print(report);
        Files.writeString(Path.of("target/conformance-failures.txt"), failures.toString());
        System.out.printf(Locale.ROOT, "conformance run took %.1f s%n", (System.nanoTime() - started) / 1e9);
        assertThat(stale).as("statements without a recorded Spark answer, per category: re-record (see this class's javadoc)").isEmpty();
        assertThat(autoRate).as("auto pass rate (%)").isGreaterThanOrEqualTo(ONLY.isEmpty() ? AUTO_FLOOR : 0);
        assertThat(100.0 * sparkPass / Math.max(1, total)).as("spark-pinned pass rate (%)").isGreaterThanOrEqualTo(ONLY.isEmpty() ? SPARK_FLOOR : 0);
    }

    /** A Spark-pinned warehouse is Spark: anything it answers differently from Spark is MiniLake's plumbing (issue 30). */
    static final double SPARK_FLOOR = 99.5;

    /** Runs every statement on a spark-pinned warehouse and writes what Spark answered. */
    void record(List<String> categories) throws Exception {
        Map<String, List<Answer>> all = runEverything(categories, List.of("spark"));
        for (String category : categories) {
            List<Answer> answers = all.get(category + "/spark");
            Path file = ConformanceCorpus.writeExpected(category, answers);
            long failed = answers.stream().filter(x -> !"SUCCEEDED".equals(x.state())).count();
            System.out.println("recorded " + category + ": " + answers.size() + " statements (" + failed + " fail on Spark) -> " + file);
        }
        // the comparison below reads the class path's copy, which Maven made before the recording
        throw new org.opentest4j.TestAbortedException("recorded; run again without -Dminilake.conformance.record to compare");
    }

    /**
     * Every category's answers per engine, keyed {@code category/engine}, a few runs at a time to
     * keep the suite short. Each run of a category has its own catalog and directory for the DDL
     * it makes, so runs never see each other's tables.
     */
    Map<String, List<Answer>> runEverything(List<String> categories, List<String> engines) throws Exception {
        Map<String, List<Answer>> out = new java.util.concurrent.ConcurrentHashMap<>();
        long started = System.nanoTime();
        server.reset();
        Map<String, String> warehouses = new HashMap<>();
        for (String engine : engines) warehouses.put(engine, warehouse(engine));
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(PARALLEL);
        try {
            List<java.util.concurrent.Future<?>> running = new ArrayList<>();
            // the longest (Delta writes) first
            List<String> order = new ArrayList<>(categories);
            order.sort(Comparator.comparing(c -> !c.equals("ddl_dml")));
            for (String category : order) {
                for (String engine : engines) {
                    running.add(pool.submit(() -> out.put(category + "/" + engine,
                            runAll(ConformanceCorpus.statements(category), warehouses.get(engine), category + "_" + engine))));
                }
            }
            for (var f : running) f.get();
        } finally {
            pool.shutdownNow();
        }
        System.out.printf(Locale.ROOT, "ran %s in %.1f s (%d runs at a time)%n", engines, (System.nanoTime() - started) / 1e9, PARALLEL);
        return out;
    }

    static final int PARALLEL = 3;

    String warehouse(String engine) {
        return w.warehouses().create(new CreateWarehouseRequest().setName("conformance-" + engine)
                .setTags(new EndpointTags().setCustomTags(List.of(new EndpointTagPair().setKey("minilake.engine").setValue(engine)))))
                .getResponse().getId();
    }

    List<Answer> runAll(List<String> statements, String warehouse, String run) {
        String location = server.dataDir().resolve("external").resolve("conformance-" + UUID.randomUUID()).toString();
        String catalog = "conformance_" + run;
        if (statements.stream().anyMatch(s -> s.contains("${CATALOG}"))) w.catalogs().create(new CreateCatalog().setName(catalog));
        List<Answer> out = new ArrayList<>();
        for (String sql : statements) out.add(run(warehouse, sql, sql.replace("${LOCATION}", location).replace("${CATALOG}", catalog)));
        return out;
    }

    Answer run(String warehouse, String sql, String text) {
        StatementResponse r;
        try {
            r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId(warehouse).setStatement(text)
                    .setWaitTimeout("50s"));
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (r.getStatus().getState() == StatementState.PENDING || r.getStatus().getState() == StatementState.RUNNING) {
                if (System.nanoTime() > deadline) return new Answer(sql, "TIMEOUT", List.of(), List.of(), null, "no answer in 120 s");
                Thread.sleep(50);
                r = w.statementExecution().getStatement(r.getStatementId());
            }
        } catch (DatabricksException e) {
            return new Answer(sql, "FAILED", List.of(), List.of(), errorClass(e.getMessage()), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (r.getStatus().getState() != StatementState.SUCCEEDED) {
            String message = r.getStatus().getError() == null ? r.getStatus().getState().name() : r.getStatus().getError().getMessage();
            return new Answer(sql, r.getStatus().getState().name(), List.of(), List.of(), errorClass(message), firstLine(message));
        }
        List<Column> columns = new ArrayList<>();
        if (r.getManifest() != null && r.getManifest().getSchema() != null && r.getManifest().getSchema().getColumns() != null) {
            for (ColumnInfo c : r.getManifest().getSchema().getColumns()) columns.add(new Column(c.getName(), c.getTypeText()));
        }
        List<List<String>> rows = new ArrayList<>();
        addRows(rows, r.getResult());
        long chunks = r.getManifest() == null || r.getManifest().getTotalChunkCount() == null ? 1 : r.getManifest().getTotalChunkCount();
        for (long chunk = 1; chunk < chunks; chunk++) addRows(rows, w.statementExecution().getStatementResultChunkN(r.getStatementId(), chunk));
        return new Answer(sql, "SUCCEEDED", columns, rows, null, null);
    }

    static void addRows(List<List<String>> rows, ResultData data) {
        if (data == null || data.getDataArray() == null) return;
        for (Collection<String> row : data.getDataArray()) rows.add(new ArrayList<>(row));
    }

    /** Why {@code actual} is not Spark's answer, or null when it is. */
    static String mismatch(Answer expected, Answer actual) {
        if (expected == null) return "no recorded Spark answer";
        if (!"SUCCEEDED".equals(expected.state())) {
            if ("SUCCEEDED".equals(actual.state())) return "Spark fails it with [" + expected.errorClass() + "], but it succeeded: " + actual.rows();
            if (Objects.equals(topClass(expected.errorClass()), topClass(actual.errorClass()))) return null;
            return "Spark fails it with [" + expected.errorClass() + "], but got: " + actual.error();
        }
        if (!"SUCCEEDED".equals(actual.state())) return "failed: " + actual.error();
        // Spark gave no result set (an INSERT, CREATE, ALTER): success is the answer; Databricks itself
        // reports INSERT's row counts, so extra metric columns are no difference
        if (expected.columns().isEmpty()) return null;
        List<String> names = expected.columns().stream().map(Column::name).toList();
        List<String> actualNames = actual.columns().stream().map(Column::name).toList();
        if (!names.equals(actualNames)) return "column names " + actualNames + ", Spark's " + names;
        List<List<String>> want = expected.rows(), got = actual.rows();
        if (want.size() != got.size()) return got.size() + " rows, Spark's " + want.size() + ": " + abbreviate(got) + " vs " + abbreviate(want);
        if (!ordered(expected.sql())) {
            want = sorted(want);
            got = sorted(got);
        }
        for (int i = 0; i < want.size(); i++) {
            for (int c = 0; c < names.size(); c++) {
                String e = want.get(i).get(c), g = got.get(i).get(c);
                if (!cellEquals(expected.columns().get(c).type(), e, g)) {
                    return "row " + (i + 1) + " column " + names.get(c) + ": " + quote(g) + ", Spark's " + quote(e);
                }
            }
        }
        return null;
    }

    static boolean cellEquals(String type, String expected, String actual) {
        if (Objects.equals(expected, actual)) return true;
        if (expected == null || actual == null || type == null) return false;
        String t = type.toLowerCase(Locale.ROOT);
        if (!t.equals("double") && !t.equals("float")) return false;
        try {
            double e = Double.parseDouble(expected), a = Double.parseDouble(actual);
            return Math.abs(e - a) <= 1e-9 * Math.max(Math.abs(e), Math.abs(a));
        } catch (NumberFormatException ex) {
            return false;
        }
    }

    /** Whether the statement orders its result: an ORDER BY outside every parenthesis. */
    static boolean ordered(String sql) {
        List<SqlToken> t = SqlTokenizer.significant(sql);
        int depth = 0;
        for (int i = 0; i + 1 < t.size(); i++) {
            SqlToken tok = t.get(i);
            if (tok.isSymbol("(")) depth++;
            else if (tok.isSymbol(")")) depth--;
            else if (depth == 0 && tok.kind() == SqlToken.Kind.WORD && tok.text().equalsIgnoreCase("ORDER")
                    && t.get(i + 1).text().equalsIgnoreCase("BY")) return true;
        }
        return false;
    }

    static List<List<String>> sorted(List<List<String>> rows) {
        return rows.stream().sorted(Comparator.comparing(r -> Arrays.toString(r.toArray()))).toList();
    }

    /** The error class a message starts with: {@code [DIVIDE_BY_ZERO] ...} gives DIVIDE_BY_ZERO. */
    static String errorClass(String message) {
        if (message == null || !message.startsWith("[")) return null;
        int end = message.indexOf(']');
        return end > 1 ? message.substring(1, end) : null;
    }

    static String topClass(String errorClass) {
        return errorClass == null ? null : errorClass.split("\\.")[0];
    }

    static String firstLine(String s) {
        if (s == null) return null;
        String line = s.lines().findFirst().orElse("");
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }

    static String oneLine(String sql) {
        String s = sql.replaceAll("\\s+", " ");
        return s.length() > 160 ? s.substring(0, 160) + "..." : s;
    }

    static String abbreviate(List<List<String>> rows) {
        String s = rows.toString();
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    static String quote(String s) {
        return s == null ? "NULL" : "'" + s + "'";
    }

    static String pct(int n, int m) {
        return String.format(Locale.ROOT, "%.1f%%", 100.0 * n / Math.max(1, m));
    }
}
