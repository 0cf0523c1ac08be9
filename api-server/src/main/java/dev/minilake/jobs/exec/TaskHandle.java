package dev.minilake.jobs.exec;

import java.util.concurrent.CompletableFuture;

/** A running task. Completion never fails exceptionally: failures are outcomes. */
public interface TaskHandle {
    CompletableFuture<TaskOutcome> completion();

    /** Asks the task to stop; completion then reports {@code cancelled=true}. Idempotent. */
    void cancel();
}
