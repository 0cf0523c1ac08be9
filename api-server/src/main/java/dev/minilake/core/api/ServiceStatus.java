package dev.minilake.core.api;

/** How honestly a group is served. Shown in /_minilake/services, the banner and the coverage report. */
public enum ServiceStatus {
    /** Really executed by an engine: rows, files, processes. */
    REAL("real"),
    /** Stored and read back faithfully, but nothing is enforced or executed. */
    CRUD("CRUD (not enforced)"),
    /** A lifecycle of timed state transitions with no compute behind it. */
    STATE_MACHINE("state machine"),
    /** Answers 501 NOT_IMPLEMENTED. */
    NOT_IMPLEMENTED("not implemented");

    private final String label;

    ServiceStatus(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
