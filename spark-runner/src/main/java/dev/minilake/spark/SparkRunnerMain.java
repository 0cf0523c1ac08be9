package dev.minilake.spark;

/**
 * The spark-runner's entry point (warm Spark, Spark Connect, the UC catalog plugin and the job-pod
 * entrypoint). Filled in by the Delta/Spark issue; until then it only compiles, and says so when run.
 */
public final class SparkRunnerMain {
    private SparkRunnerMain() {
    }

    public static void main(String[] args) {
        System.err.println("minilake-spark-runner: not built yet (see the Delta/Spark issue)");
        System.exit(64);
    }
}
