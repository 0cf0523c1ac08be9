package dev.minilake.jobs.exec;

/**
 * Runs one task run of a job somewhere: as a local process (single node, {@code java -jar}, docker
 * run) or as a MiniLakeJob custom resource reconciled into pods (Kubernetes). The jobs scheduler
 * only ever talks to this interface, so the DAG, retries and run state are identical in both modes.
 */
public interface TaskExecutor {
    /** A short name for logs and {@code /_minilake/services}: "local" or "kubernetes". */
    String name();

    /**
     * Whether a Spark task brings its own Spark where it runs (a driver pod starts one) rather than
     * connecting to the api-server's warm Spark, which only this machine's processes can reach.
     */
    default boolean sparkRunsWithTheTask() {
        return false;
    }

    /** Starts the task and returns at once; the handle reports completion and can cancel it. */
    TaskHandle launch(TaskLaunch launch);
}
