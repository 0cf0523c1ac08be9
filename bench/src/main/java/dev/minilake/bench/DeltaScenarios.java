package dev.minilake.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;

/**
 * Delta tables. {@code delta-insert} / {@code managed-insert}: one-row INSERT (snapshot, DuckDB
 * Parquet write, Kernel commit) per sample into an EXTERNAL / a MANAGED table. {@code delta-scan} /
 * {@code managed-scan}: count(*), sum(x) over a 10-million-row Delta table through MiniLake, beside
 * an in-process DuckDB read_parquet of the same files. The EXTERNAL ones need {@code --url} of a
 * server whose storage roots include {@code -Dbench.delta.root} (default /tmp): start it with
 * {@code MINILAKE_STORAGE_ROOTS=/tmp} and a {@code --data-dir} outside /tmp (a storage root may not contain the data dir).
 */
final class DeltaScenarios {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final Path ROOT = Path.of(System.getProperty("bench.delta.root", "/tmp"));
    static final long ROWS = Long.getLong("bench.delta.rows", 10_000_000L);

    private DeltaScenarios() {
    }

    static JsonNode sql(String url, String statement) throws Exception {
        String body = JSON.writeValueAsString(Map.of("warehouse_id", "bench", "statement", statement, "wait_timeout", "50s"));
        JsonNode r = JSON.readTree(Http.post(url + "/api/2.0/sql/statements", body).body());
        String id = r.path("statement_id").asText();
        while (!"SUCCEEDED".equals(r.path("status").path("state").asText())) {
            String state = r.path("status").path("state").asText();
            if (!state.equals("PENDING") && !state.equals("RUNNING")) throw new IllegalStateException(statement + ": " + r);
            Thread.sleep(20);
            r = JSON.readTree(Http.get(url + "/api/2.0/sql/statements/" + id).body());
        }
        return r;
    }

    /** The CREATE TABLE text: at a location under the root (EXTERNAL), or without one (MANAGED). */
    static String create(boolean managed, String name, String columns) {
        String sql = "CREATE TABLE main.default." + name + " (" + columns + ") USING DELTA";
        return managed ? sql : sql + " LOCATION '" + ROOT.resolve("minilake-bench-" + name) + "'";
    }

    /** The table's directory, as Unity Catalog reports it. */
    static Path location(String url, String name) throws Exception {
        JsonNode t = JSON.readTree(Http.get(url + "/api/2.1/unity-catalog/tables/main.default." + name).body());
        return Path.of(t.path("storage_location").asText());
    }

    static final class Insert implements Bench.Scenario {
        private final Map<Bench.Target, String> tables = new java.util.HashMap<>();
        private final boolean managed;
        private int n;

        Insert(boolean managed) {
            this.managed = managed;
        }

        @Override
        public String name() {
            return managed ? "managed-insert" : "delta-insert";
        }

        @Override
        public String describe() {
            if (managed) return "one-row INSERT into a MANAGED (Delta) table = one Kernel commit and DuckDB's view of it rebuilt (needs --url)";
            return "one-row INSERT into an EXTERNAL Delta table = one Kernel commit (needs --url, MINILAKE_STORAGE_ROOTS incl. " + ROOT + " and a --data-dir outside it"
                    + "); --compare URL --compare-jar spark-runner/target/spark-runner.jar runs the same INSERT in a fresh Spark per statement";
        }

        @Override
        public void prepare(Bench.Target t) throws Exception {
            String name = "bench_ins_" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
            sql(t.url(), create(managed, name, "id BIGINT, label STRING"));
            for (int i = 0; i < 3; i++) sql(t.url(), "INSERT INTO main.default." + name + " VALUES (" + (n++) + ", 'warm')");
            tables.put(t, name);
        }

        @Override
        public double measure(Bench.Target t) throws Exception {
            String insert = "INSERT INTO main.default." + tables.get(t) + " VALUES (" + (n++) + ", 'x')";
            long start = System.nanoTime();
            if (t.jar() == null) sql(t.url(), insert);
            else sparkSubmit(t, insert);
            return (System.nanoTime() - start) / 1e6;
        }

        /**
         * The seed's way: a fresh Spark per statement. {@code java -jar spark-runner.jar sql} is what
         * spark-submit would start (a driver JVM with Delta and MiniLake's UC catalog plugin), minus
         * the launcher script. The table resolves through the server's UC API, so both ways write the
         * same kind of commit.
         */
        private static void sparkSubmit(Bench.Target t, String statement) throws Exception {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process p = new ProcessBuilder(java, "-Xmx1g", "-jar", t.jar(), "sql", "--uri", t.url(), statement)
                    .redirectErrorStream(true).redirectOutput(new java.io.File("/dev/null")).start();
            if (p.waitFor() != 0) throw new IllegalStateException("spark-runner sql exited with " + p.exitValue() + ": " + statement);
        }
    }

    static final class Scan implements Bench.Scenario {
        private final Map<Bench.Target, String> tables = new java.util.HashMap<>();
        private final Map<Bench.Target, Path> dirs = new java.util.HashMap<>();
        private final boolean managed;

        Scan(boolean managed) {
            this.managed = managed;
        }

        @Override
        public String name() {
            return managed ? "managed-scan" : "delta-scan";
        }

        @Override
        public String describe() {
            if (managed) return "count(*), sum(x) over a " + ROWS + "-row MANAGED (Delta) table via MiniLake, beside in-process DuckDB "
                    + "read_parquet of the same files (needs --url)";
            return "count(*), sum(x) over a " + ROWS + "-row EXTERNAL Delta table via MiniLake, beside in-process DuckDB "
                    + "read_parquet of the same files (needs --url, MINILAKE_STORAGE_ROOTS incl. " + ROOT + " and a --data-dir outside it)";
        }

        @Override
        public void prepare(Bench.Target t) throws Exception {
            String name = "bench_scan_" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
            sql(t.url(), create(managed, name, "id BIGINT, x BIGINT"));
            Path dir = location(t.url(), name);
            long start = System.nanoTime();
            sql(t.url(), "INSERT INTO main.default." + name + " SELECT i, i % 1000 FROM range(" + ROWS + ") t(i)");
            System.out.printf("    loaded %d rows in one commit: %.0f ms%n", ROWS, (System.nanoTime() - start) / 1e6);
            tables.put(t, name);
            dirs.put(t, dir);
        }

        @Override
        public double measure(Bench.Target t) throws Exception {
            double baseline = inProcess(dirs.get(t));
            long start = System.nanoTime();
            JsonNode r = sql(t.url(), "SELECT count(*), sum(x) FROM main.default." + tables.get(t));
            double ms = (System.nanoTime() - start) / 1e6;
            String count = r.path("result").path("data_array").path(0).path(0).asText();
            if (!count.equals(Long.toString(ROWS))) throw new IllegalStateException("count " + count);
            System.out.printf("    MiniLake %.1f ms; DuckDB in-process read_parquet %.1f ms; overhead x%.2f%n", ms, baseline, ms / baseline);
            return ms;
        }

        private static double inProcess(Path dir) throws Exception {
            StringBuilder files = new StringBuilder();
            try (var s = Files.list(dir)) {
                for (Path p : s.filter(p -> p.toString().endsWith(".parquet")).toList()) {
                    files.append(files.length() == 0 ? "" : ", ").append('\'').append(p).append('\'');
                }
            }
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
                long start = System.nanoTime();
                try (ResultSet rs = st.executeQuery("SELECT count(*), sum(x) FROM read_parquet([" + files + "])")) {
                    rs.next();
                }
                return (System.nanoTime() - start) / 1e6;
            }
        }
    }
}
