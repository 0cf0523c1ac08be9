package dev.minilake.compute;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the store keeps of a cluster: the client's spec exactly as given (so Terraform reads back what
 * it wrote) and the fields MiniLake computes. Immutable; every change makes a new value that is
 * written back to the store.
 */
public record StoredCluster(String cluster_id, ObjectNode spec, ClusterState state, String state_message,
                            long start_time, Long terminated_time, Long last_state_loss_time,
                            Long last_restarted_time, String creator_user_name, String cluster_source,
                            long spark_context_id, boolean pinned, ObjectNode termination_reason) {

    public StoredCluster withState(ClusterState s, String message) {
        return new StoredCluster(cluster_id, spec, s, message, start_time, terminated_time, last_state_loss_time,
                last_restarted_time, creator_user_name, cluster_source, spark_context_id, pinned, termination_reason);
    }

    public StoredCluster withSpec(ObjectNode newSpec) {
        return new StoredCluster(cluster_id, newSpec, state, state_message, start_time, terminated_time,
                last_state_loss_time, last_restarted_time, creator_user_name, cluster_source, spark_context_id,
                pinned, termination_reason);
    }

    public StoredCluster withPinned(boolean p) {
        return new StoredCluster(cluster_id, spec, state, state_message, start_time, terminated_time,
                last_state_loss_time, last_restarted_time, creator_user_name, cluster_source, spark_context_id, p,
                termination_reason);
    }

    public StoredCluster withOwner(String owner) {
        return new StoredCluster(cluster_id, spec, state, state_message, start_time, terminated_time,
                last_state_loss_time, last_restarted_time, owner, cluster_source, spark_context_id, pinned,
                termination_reason);
    }

    /** A (re)start: new Spark context, no termination. */
    public StoredCluster started(long now, long sparkContextId, boolean restart) {
        Long at = now; // boxed, so the ternaries below never unbox a null
        return new StoredCluster(cluster_id, spec, state, state_message, restart ? start_time : now, null,
                restart ? at : last_state_loss_time, restart ? at : last_restarted_time, creator_user_name,
                cluster_source, sparkContextId, pinned, null);
    }

    public StoredCluster withTermination(ObjectNode reason) {
        return new StoredCluster(cluster_id, spec, state, state_message, start_time, terminated_time,
                last_state_loss_time, last_restarted_time, creator_user_name, cluster_source, spark_context_id, pinned,
                reason);
    }

    /** The end of TERMINATING: keeps the reason recorded when termination began. */
    public StoredCluster terminated(long now) {
        return new StoredCluster(cluster_id, spec, ClusterState.TERMINATED, ClusterState.TERMINATED.message(),
                start_time, now, now, last_restarted_time, creator_user_name, cluster_source, spark_context_id, pinned,
                termination_reason);
    }

    public String policyId() {
        return spec.path("policy_id").asText(null);
    }
}
