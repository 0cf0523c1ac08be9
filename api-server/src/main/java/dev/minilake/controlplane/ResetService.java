package dev.minilake.controlplane;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.ApiGroupRegistry;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.Store;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Returns every store to a clean workspace without a restart: first each group quiesces its
 * background work, then the control-plane store is cleared, then each group resets its own files
 * and engines and re-seeds its defaults, and the init hooks seed the workspace again. Any failure
 * is reported, never hidden.
 */
@Service
public class ResetService {
    private static final Logger log = LoggerFactory.getLogger("minilake.reset");

    private final ObjectProvider<ApiGroupRegistry> registry;
    private final Store store;
    private final InitHooks initHooks;

    public ResetService(ObjectProvider<ApiGroupRegistry> registry, Store store, InitHooks initHooks) {
        this.registry = registry;
        this.store = store;
        this.initHooks = initHooks;
    }

    /** True while the init hooks run (at start or after a reset): the server is not ready yet. */
    boolean initHooksRunning() {
        return initHooks.running();
    }

    public synchronized Map<String, Object> reset() {
        long start = System.nanoTime();
        List<ApiGroup> groups = registry.getObject().inResetOrder();
        List<String> failures = new ArrayList<>();
        for (ApiGroup g : groups) {
            try {
                g.quiesce();
            } catch (Exception e) {
                failures.add(g.name() + " (quiesce): " + e.getMessage());
                log.error("reset: group {} failed to quiesce", g.name(), e);
            }
        }
        store.clear();
        for (ApiGroup g : groups) {
            try {
                g.reset();
            } catch (Exception e) {
                failures.add(g.name() + ": " + e.getMessage());
                log.error("reset: group {} failed to reset", g.name(), e);
            }
        }
        if (!failures.isEmpty()) {
            throw new ApiException(ErrorCode.INTERNAL_ERROR, "Reset failed in " + String.join("; ", failures));
        }
        int hooks;
        try {
            hooks = initHooks.runAll();
        } catch (InitHooks.HookFailure e) {
            // the user's own seed failed, not MiniLake: say which file and why
            throw new ApiException(ErrorCode.INVALID_STATE, "Reset done, but " + e.getMessage());
        }
        return Map.of("status", "reset", "groups", groups.size(), "init_hooks", hooks,
                "duration_ms", (System.nanoTime() - start) / 1_000_000.0);
    }
}
