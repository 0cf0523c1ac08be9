package dev.minilake.jobs.exec;

/**
 * How a task run ended.
 *
 * @param exitCode  the process exit code, or -1 if it never ran
 * @param stdout    captured stdout (the executor may truncate very large output)
 * @param stderr    captured stderr
 * @param timedOut  the task exceeded its timeout and was stopped
 * @param cancelled the task was cancelled
 * @param message   a human-readable reason when it did not succeed, else empty
 */
public record TaskOutcome(int exitCode, String stdout, String stderr, boolean timedOut, boolean cancelled,
                          String message) {
    public boolean succeeded() {
        return exitCode == 0 && !timedOut && !cancelled;
    }

    public static TaskOutcome failedToStart(String message) {
        return new TaskOutcome(-1, "", "", false, false, message);
    }
}
