package dev.minilake.compute;

import dev.minilake.core.settings.Settings;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The one scheduler behind every compute lifecycle timer (cluster transitions, auto-termination,
 * library installs). Timers are keyed, so scheduling a key again replaces the old timer, and reset
 * or shutdown cancels them all: no transition fires into a cleared store.
 */
@Component
public class ComputeTimers {
    private static final Logger log = LoggerFactory.getLogger(ComputeTimers.class);

    /** How long a simulated transition (PENDING → RUNNING, ...) takes. The one place to change it. */
    public static final long TRANSITION_MILLIS = 300;

    /** Milliseconds per "minute" of auto-termination (MINILAKE_COMPUTE_MINUTE_MS; tests shrink time). */
    private final long minuteMillis;

    private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "minilake-compute-timers");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, ScheduledFuture<?>> timers = new ConcurrentHashMap<>();

    public ComputeTimers(Settings settings) {
        if (settings.computeMinuteMillis() <= 0) {
            throw new IllegalArgumentException("MINILAKE_COMPUTE_MINUTE_MS must be positive, got " + settings.computeMinuteMillis());
        }
        this.minuteMillis = settings.computeMinuteMillis();
    }

    public long minuteMillis() {
        return minuteMillis;
    }

    /** Runs {@code work} after {@code delayMillis}, replacing any timer under the same key. */
    public void schedule(String key, long delayMillis, Runnable work) {
        ScheduledFuture<?>[] self = new ScheduledFuture<?>[1];
        self[0] = executor.schedule(() -> {
            timers.remove(key, self[0]);
            try {
                work.run();
            } catch (RuntimeException e) {
                log.error("compute timer {} failed", key, e);
            }
        }, delayMillis, TimeUnit.MILLISECONDS);
        ScheduledFuture<?> old = timers.put(key, self[0]);
        if (old != null) old.cancel(false);
    }

    public void cancel(String key) {
        ScheduledFuture<?> f = timers.remove(key);
        if (f != null) f.cancel(false);
    }

    /** Cancels every timer whose key starts with {@code prefix}. */
    public void cancelPrefix(String prefix) {
        timers.keySet().stream().filter(k -> k.startsWith(prefix)).toList().forEach(this::cancel);
    }

    public boolean isScheduled(String key) {
        return timers.containsKey(key);
    }

    public void cancelAll() {
        timers.keySet().stream().toList().forEach(this::cancel);
    }

    @PreDestroy
    void shutdown() {
        cancelAll();
        executor.shutdownNow();
    }
}
