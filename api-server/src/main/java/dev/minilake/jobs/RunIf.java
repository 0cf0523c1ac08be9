package dev.minilake.jobs;

import java.util.List;
import java.util.Set;

/** The run_if conditions of a task, over the result states of the tasks it depends on. */
public final class RunIf {
    /** Result states that count as a failure of an upstream task. */
    static final Set<String> FAILED = Set.of("FAILED", "TIMEDOUT", "UPSTREAM_FAILED", "INTERNAL_ERROR");
    static final Set<String> CANCELED = Set.of("CANCELED", "UPSTREAM_CANCELED");

    private RunIf() {
    }

    /** Whether a task with this run_if runs, given its dependencies' result states. */
    public static boolean met(String runIf, List<String> upstream) {
        long failed = upstream.stream().filter(FAILED::contains).count();
        long succeeded = upstream.stream().filter("SUCCESS"::equals).count();
        long canceled = upstream.stream().filter(CANCELED::contains).count();
        return switch (runIf == null ? "ALL_SUCCESS" : runIf) {
            case "ALL_SUCCESS" -> succeeded == upstream.size();
            case "ALL_DONE" -> true;
            case "NONE_FAILED" -> failed == 0 && canceled == 0;
            case "AT_LEAST_ONE_SUCCESS" -> upstream.isEmpty() || succeeded > 0;
            case "ALL_FAILED" -> upstream.isEmpty() || failed == upstream.size();
            case "AT_LEAST_ONE_FAILED" -> upstream.isEmpty() || failed > 0;
            default -> throw new IllegalArgumentException("run_if " + runIf);
        };
    }

    /** The result state Databricks reports for a task whose run_if was not met. */
    public static String notMetState(List<String> upstream) {
        if (upstream.stream().anyMatch(CANCELED::contains)) return "UPSTREAM_CANCELED";
        if (upstream.stream().anyMatch(FAILED::contains)) return "UPSTREAM_FAILED";
        return "EXCLUDED";
    }

    static final Set<String> VALUES = Set.of("ALL_SUCCESS", "ALL_DONE", "NONE_FAILED", "AT_LEAST_ONE_SUCCESS",
            "ALL_FAILED", "AT_LEAST_ONE_FAILED");
}
