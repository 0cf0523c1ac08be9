package dev.minilake.compute;

/** What other compute services (libraries) need to hear about a cluster's lifecycle. */
interface ClusterListener {
    /** The cluster reached RUNNING; {@code restarted} when its Spark context was replaced. */
    void running(String clusterId, boolean restarted);

    /** The cluster was permanently deleted. */
    void deleted(String clusterId);
}
