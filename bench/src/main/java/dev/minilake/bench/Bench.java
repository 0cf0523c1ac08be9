package dev.minilake.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark runner every issue reuses: runs a named scenario against one target, or two side by
 * side in the same run, and prints medians and the ratio.
 *
 * <pre>
 *   java -jar bench/target/minilake-bench.jar startup --jar api-server/target/minilake.jar [--compare-jar OTHER.jar]
 *   java -jar bench/target/minilake-bench.jar reset --url http://127.0.0.1:8000 [--compare URL2]
 * </pre>
 */
public final class Bench {

    /** A named measurement. Each call of {@link #measure} returns one sample in milliseconds. */
    public interface Scenario {
        String name();

        String describe();

        /** Called once per target before the samples (creating fixtures, warming up). */
        default void prepare(Target target) throws Exception {
        }

        double measure(Target target) throws Exception;
    }

    /** What a scenario runs against: a running server's URL, or a jar to start. */
    public record Target(String label, String url, String jar) {
    }

    static final Map<String, Scenario> SCENARIOS = new LinkedHashMap<>();

    static {
        register(new StartupScenario());
        register(new ResetScenario());
        register(new Select42Scenario());
        register(new MetadataScenario());
        register(new ArrowBulkScenario());
        register(new JobSubmitScenario(false));
        register(new JobSubmitScenario(true));
        register(new SparkColdScenario());
        register(new SparkTaskScenario());
        register(new SparkSqlScenario());
        register(new DeltaScenarios.Insert(false));
        register(new DeltaScenarios.Scan(false));
        register(new DeltaScenarios.Insert(true));
        register(new DeltaScenarios.Scan(true));
        register(new FilesThroughputScenario());
        register(new McpScenarios.FixtureVsRest());
        register(new McpScenarios.ToolsList());
    }

    static void register(Scenario s) {
        SCENARIOS.put(s.name(), s);
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !SCENARIOS.containsKey(args[0])) {
            System.err.println("usage: minilake-bench <scenario> [--url URL] [--compare URL] [--jar JAR] [--compare-jar JAR] [--runs N]");
            SCENARIOS.values().forEach(s -> System.err.printf("  %-10s %s%n", s.name(), s.describe()));
            System.exit(2);
        }
        Scenario scenario = SCENARIOS.get(args[0]);
        Map<String, String> opts = new LinkedHashMap<>();
        for (int i = 1; i + 1 < args.length; i += 2) opts.put(args[i], args[i + 1]);
        int runs = Integer.parseInt(opts.getOrDefault("--runs", "7"));
        List<Target> targets = new ArrayList<>();
        targets.add(new Target("A", opts.get("--url"), opts.get("--jar")));
        if (opts.containsKey("--compare") || opts.containsKey("--compare-jar")) {
            targets.add(new Target("B", opts.get("--compare"), opts.get("--compare-jar")));
        }
        System.out.printf("scenario %s: %s (%d runs per target)%n", scenario.name(), scenario.describe(), runs);
        Map<Target, double[]> results = new LinkedHashMap<>();
        for (Target t : targets) {
            scenario.prepare(t);
            results.put(t, new double[runs]);
        }
        // interleave targets run by run, so machine noise hits both alike
        for (int r = 0; r < runs; r++) {
            for (Target t : targets) {
                double ms = scenario.measure(t);
                results.get(t)[r] = ms;
                System.out.printf("  run %d %s: %.1f ms%n", r + 1, t.label(), ms);
            }
        }
        double first = Double.NaN;
        for (var e : results.entrySet()) {
            double[] s = e.getValue().clone();
            Arrays.sort(s);
            double median = median(s);
            System.out.printf("RESULT %s %s median=%.1f ms min=%.1f ms max=%.1f ms (%s)%n", scenario.name(), e.getKey().label(),
                    median, s[0], s[s.length - 1], e.getKey().url() != null ? e.getKey().url() : e.getKey().jar());
            if (Double.isNaN(first)) first = median;
            else System.out.printf("RESULT %s ratio B/A = %.2f%n", scenario.name(), median / first);
        }
    }

    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
