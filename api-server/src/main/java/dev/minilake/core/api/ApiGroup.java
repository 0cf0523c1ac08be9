package dev.minilake.core.api;

import java.util.List;

/**
 * One API group's declaration: who it is, how real it is, which SDK APIs it serves, its routes and
 * how it resets. The banner, /_minilake/services, reset, coverage and the MCP tools all derive from
 * these declarations, so a group is declared exactly once, by implementing this as a Spring bean.
 */
public interface ApiGroup {

    /** Short stable name, e.g. "tokens". */
    String name();

    ServiceStatus status();

    /** One line saying what is real and what is not. */
    String note();

    /**
     * What the group is doing right now (e.g. the warm Spark's state), shown after the note in
     * {@code /_minilake/services}; kept apart from {@link #note()} so generated docs stay stable.
     */
    default java.util.Optional<String> liveState() {
        return java.util.Optional.empty();
    }

    /** The SDK API classes this group serves, as the Python SDK names them (e.g. "TokensAPI"). */
    List<String> sdkApis();

    /** Registers this group's routes. */
    void routes(Routes routes);

    /**
     * Declares this group's MCP tools, resources and prompts, next to its routes. Tool handlers call
     * the same public service methods the routes call (never HTTP, never another group's state).
     */
    default void mcp(dev.minilake.core.mcp.McpFeatures mcp) {
    }

    /** Stops this group's background work (runs, timers) before the store is cleared. */
    default void quiesce() throws Exception {
    }

    /**
     * Returns this group's own non-store state (files, engines, timers) to a clean workspace.
     * Runs after the store was cleared, so a group may re-seed its defaults here. Throwing fails the reset.
     */
    default void reset() throws Exception {
    }

    /** Reset order: lower runs first (e.g. jobs stop before files vanish). */
    default int resetOrder() {
        return 0;
    }
}
