package dev.minilake.compute;

/** What other services (libraries, command execution) need to hear about a cluster's lifecycle. */
public interface ClusterListener {
    /** The cluster reached RUNNING; {@code restarted} when its Spark context was replaced. */
    void running(String clusterId, boolean restarted);

    /** The cluster was permanently deleted. */
    void deleted(String clusterId);

    /** The cluster began to terminate or restart: whatever ran on its driver is gone. */
    default void driverStopped(String clusterId) {
    }
}
