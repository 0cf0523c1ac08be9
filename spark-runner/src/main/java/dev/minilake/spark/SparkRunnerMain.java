package dev.minilake.spark;

import java.util.Arrays;

/**
 * The spark-runner's entry point. {@code warm} is the long-lived Spark MiniLake keeps (Spark
 * Connect, Delta, the UC catalog plugin); {@code sql} runs statements once in a local Spark (the
 * job-pod entrypoint uses the same session set-up); {@code pod-driver} is a Spark task's driver pod:
 * its own Spark, then the task's command against it.
 */
public final class SparkRunnerMain {
    private SparkRunnerMain() {
    }

    public static void main(String[] args) throws Exception {
        // what the launcher's -D flag sets; under `java -jar` only this code can (before Netty loads)
        if (System.getProperty("io.netty.tryReflectionSetAccessible") == null) {
            System.setProperty("io.netty.tryReflectionSetAccessible", "true");
        }
        String cmd = args.length == 0 ? "help" : args[0];
        String[] rest = Arrays.copyOfRange(args, Math.min(1, args.length), args.length);
        switch (cmd) {
            case "warm" -> WarmSparkMain.main(rest);
            case "sql" -> SqlOnceMain.main(rest);
            case "pod-driver" -> PodDriverMain.main(rest);
            default -> {
                System.err.println("usage: spark-runner warm --connect-port N --uri URL [--data-dir D] [--master M]\n"
                        + "       spark-runner sql --uri URL 'SQL' ...\n"
                        + "       spark-runner pod-driver --uri URL [--data-dir D] -- COMMAND ...");
                System.exit(cmd.equals("help") ? 0 : 64);
            }
        }
    }
}
