package dev.minilake.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.jobs.RunRecords.StoredJob;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Fires UNPAUSED cron schedules while MiniLake is up (missed fire times while it was down are not
 * replayed, as Databricks does not replay them either). Checks twice a second.
 */
@Component
public class JobScheduler implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger("minilake.jobs");

    private final JobsService jobs;
    private final RunsService runs;
    private final ScheduledExecutorService timer;
    /** Next fire time per job, keyed with the schedule it was computed from (an edit recomputes it). */
    private final Map<Long, Next> next = new ConcurrentHashMap<>();

    private record Next(String scheduleJson, Instant at) {
    }

    public JobScheduler(JobsService jobs, RunsService runs) {
        this.jobs = jobs;
        this.runs = runs;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "minilake-job-scheduler");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::tick, 500, 500, TimeUnit.MILLISECONDS);
    }

    void tick() {
        try {
            Instant now = Instant.now();
            for (StoredJob j : jobs.list()) {
                JsonNode schedule = j.settings.get("schedule");
                if (schedule == null) {
                    next.remove(j.job_id);
                    continue;
                }
                CronSchedule cron = CronSchedule.parse(schedule);
                if (cron.paused()) {
                    next.remove(j.job_id);
                    continue;
                }
                Next n = next.get(j.job_id);
                if (n == null || !n.scheduleJson().equals(schedule.toString())) {
                    next.put(j.job_id, new Next(schedule.toString(), cron.nextAfter(now)));
                    continue;
                }
                if (n.at() != null && !now.isBefore(n.at())) {
                    next.put(j.job_id, new Next(schedule.toString(), cron.nextAfter(now)));
                    runs.runNow(j.job_id, Map.of(), null, "PERIODIC");
                }
            }
            next.keySet().removeIf(id -> jobs.list().stream().noneMatch(j -> j.job_id == id));
        } catch (RuntimeException e) {
            log.warn("job scheduler: {}", e.toString());
        }
    }

    void reset() {
        next.clear();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
