package dev.minilake.engines.spark;

import java.time.Duration;
import java.util.Optional;

/**
 * A Spark that is kept warm in a separate JVM (the spark-runner module), started lazily on first
 * use so that MiniLake itself starts in about a second. Jobs and command execution ask it for a
 * Spark Connect endpoint instead of starting Spark per task.
 */
public interface WarmSpark {
    enum State { COLD, STARTING, WARM, FAILED }

    /** Starts Spark if it is cold; returns without waiting. */
    void ensureStarted();

    State state();

    /** The Spark Connect URL ({@code sc://localhost:PORT/;token=T}) once warm: a client needs the token in it. */
    Optional<String> connectUrl();

    /**
     * Starts Spark if it is cold and waits until it is warm: the URL, or empty if it failed or the
     * timeout passed. (Added for tasks that need Spark: they wait instead of running without it.)
     */
    default Optional<String> awaitConnectUrl(Duration timeout) throws InterruptedException {
        ensureStarted();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (state() == State.STARTING && System.nanoTime() < deadline) Thread.sleep(50);
        return state() == State.WARM ? connectUrl() : Optional.empty();
    }
}
