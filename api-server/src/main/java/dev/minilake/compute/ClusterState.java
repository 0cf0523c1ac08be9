package dev.minilake.compute;

/** Cluster states as the SDK's compute.State names them; a transitional state always ends in a timer. */
public enum ClusterState {
    PENDING("Starting Spark"), RUNNING(""), RESTARTING("Restarting Spark"), RESIZING("Resizing cluster"),
    TERMINATING("Terminating cluster"), TERMINATED("Terminated"), ERROR("Error"), UNKNOWN("");

    private final String message;

    ClusterState(String message) {
        this.message = message;
    }

    /** The state_message shown while in this state. */
    public String message() {
        return message;
    }

    public boolean transitional() {
        return this == PENDING || this == RESTARTING || this == RESIZING || this == TERMINATING;
    }

    /** Where a transitional state ends. */
    public ClusterState next() {
        return this == TERMINATING ? TERMINATED : RUNNING;
    }

    /** "Running", the way Databricks words states in its messages. */
    public String display() {
        return name().charAt(0) + name().substring(1).toLowerCase();
    }
}
