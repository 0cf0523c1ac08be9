package dev.minilake.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.auth.ScopedTokens;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.DataDir;
import dev.minilake.core.store.Store;
import dev.minilake.core.web.ServerAddress;
import dev.minilake.engines.python.TaskPython;
import dev.minilake.engines.spark.WarmSpark;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.jobs.RunRecords.StoredJob;
import dev.minilake.jobs.RunRecords.StoredRun;
import dev.minilake.jobs.RunRecords.StoredTaskRun;
import dev.minilake.jobs.exec.TaskExecutor;
import dev.minilake.jobs.exec.TaskHandle;
import dev.minilake.secrets.SecretsService;
import dev.minilake.sql.StatementsService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Job runs, named like the SDK's runs operations: each run is a DAG of task runs executed for real
 * (see {@link TaskRunner}); state is written to the store at every transition, so a run survives a
 * restart as a record, and a run that was in flight when MiniLake died is marked failed at start.
 */
@Service
public class RunsService implements AutoCloseable {
    static final Set<String> DONE = Set.of("TERMINATED", "SKIPPED", "INTERNAL_ERROR");

    private final Store store;
    private final JobsService jobs;
    private final Collection<StoredRun> runs;
    private final Collection<StoredTaskRun> taskRuns;
    private final CurrentUserService users;
    private final ObjectMapper json;
    private final Path runsDir;
    private final TaskRunner runner;
    private final ExecutorService coordinators;
    private final ExecutorService tasks;
    private final Map<Long, ActiveRun> active = new ConcurrentHashMap<>();
    private final ServerAddress address;

    public RunsService(Store store, JobsService jobs, CurrentUserService users, ObjectMapper json, DataDir dataDir,
                       TaskExecutor executor, TaskFiles files, StatementsService statements, SecretsService secrets,
                       Settings settings, ServerAddress address, ObjectProvider<WarmSpark> spark, ScopedTokens scopedTokens) throws IOException {
        this.store = store;
        this.jobs = jobs;
        this.users = users;
        this.json = json;
        this.address = address;
        this.runs = store.collection("job_run", StoredRun.class);
        this.taskRuns = store.collection("job_task_run", StoredTaskRun.class);
        this.runsDir = dataDir.area("jobs");
        Path pythonDir = dataDir.area("jobs-python");
        installPython(pythonDir);
        TaskPython taskPython = TaskPython.resolve(settings);
        // off the start-up path: one log line shortly after start if tasks have no Python or no pyspark
        taskPython.probeInBackground(json);
        this.runner = new TaskRunner(executor, files, statements, secrets, settings, address,
                Optional.ofNullable(spark.getIfAvailable()), pythonDir, json, scopedTokens, taskPython);
        AtomicInteger n = new AtomicInteger();
        this.coordinators = Executors.newCachedThreadPool(r -> daemon(r, "minilake-run-" + n.incrementAndGet()));
        this.tasks = Executors.newCachedThreadPool(r -> daemon(r, "minilake-task-" + n.incrementAndGet()));
        markInterruptedRuns();
    }

    // ---- starting runs ----

    /** run-now: a run of a saved job with its parameters. */
    public StoredRun runNow(long jobId, Map<String, String> jobParameters, ObjectNode overrides, String trigger) {
        StoredJob job = jobs.get(jobId);
        Map<String, String> params = new LinkedHashMap<>();
        job.settings.path("parameters").forEach(p -> params.put(p.path("name").asText(), p.path("default").asText("")));
        for (var e : jobParameters.entrySet()) {
            if (!params.containsKey(e.getKey()) && job.settings.has("parameters")) {
                throw ApiException.invalid("Job " + jobId + " has no parameter named " + e.getKey());
            }
            params.put(e.getKey(), e.getValue());
        }
        StoredRun run = newRun(job.settings, "JOB_RUN", trigger);
        run.job_id = jobId;
        run.run_name = job.settings.path("name").asText();
        run.job_parameters = params;
        run.overrides = overrides;
        run.number_in_job = run.run_id;
        return start(run, job.settings);
    }

    /** runs/submit: a one-time run of the given tasks, not tied to a saved job. */
    public StoredRun submit(ObjectNode body) {
        ObjectNode settings = body.deepCopy();
        JobsService.validateTasks(JobsService.tasksOf(settings), "tasks");
        if (JobsService.tasksOf(settings).isEmpty()) throw ApiException.missingField("tasks");
        StoredRun run = newRun(settings, "SUBMIT_RUN", "ONE_TIME");
        run.run_name = body.path("run_name").asText("Untitled");
        return start(run, settings);
    }

    private StoredRun newRun(ObjectNode settings, String type, String trigger) {
        StoredRun run = new StoredRun();
        run.run_id = store.nextId("run");
        run.run_type = type;
        run.trigger = trigger;
        run.creator_user_name = users.userName();
        run.start_time = System.currentTimeMillis();
        run.life_cycle_state = "PENDING";
        run.settings = settings.deepCopy();
        return run;
    }

    private StoredRun start(StoredRun run, ObjectNode settings) {
        ActiveRun a = new ActiveRun(run);
        store.inTransaction(() -> {
            runs.insert(Long.toString(run.run_id), run.job_id == null ? null : Long.toString(run.job_id), run);
            for (ObjectNode t : JobsService.tasksOf(settings)) {
                StoredTaskRun tr = new StoredTaskRun();
                tr.run_id = store.nextId("run");
                tr.job_run_id = run.run_id;
                tr.task_key = t.get("task_key").asText();
                tr.spec = t;
                List<String> deps = new ArrayList<>();
                t.path("depends_on").forEach(d -> deps.add(d.path("task_key").asText()));
                tr.depends_on = deps;
                taskRuns.insert(Long.toString(tr.run_id), Long.toString(run.run_id), tr);
                a.latest.put(tr.task_key, tr);
            }
        });
        active.put(run.run_id, a);
        coordinators.submit(() -> coordinate(a));
        return run;
    }

    // ---- the DAG ----

    private final class ActiveRun {
        final StoredRun run;
        final Map<String, StoredTaskRun> latest = new LinkedHashMap<>();
        final List<TaskHandle> handles = new CopyOnWriteArrayList<>();
        final LinkedBlockingQueue<String> finished = new LinkedBlockingQueue<>();
        volatile boolean cancelled;
        volatile boolean timedOut;
        final List<Long> childRuns = new CopyOnWriteArrayList<>();

        ActiveRun(StoredRun run) {
            this.run = run;
        }
    }

    private void coordinate(ActiveRun a) {
        try {
            waitForSlot(a);
            if (DONE.contains(a.run.life_cycle_state)) return;
            synchronized (a) {
                a.run.life_cycle_state = "RUNNING";
                a.run.execution_start = System.currentTimeMillis();
                save(a.run);
            }
            long timeoutMs = a.run.settings.path("timeout_seconds").asLong(0) * 1000;
            long deadline = timeoutMs > 0 ? System.currentTimeMillis() + timeoutMs : Long.MAX_VALUE;
            int running = 0;
            while (true) {
                running += launchReady(a);
                if (running == 0 && allDone(a)) break;
                String done = a.finished.poll(200, TimeUnit.MILLISECONDS);
                if (done != null) running--;
                if (!a.timedOut && System.currentTimeMillis() > deadline) {
                    a.timedOut = true;
                    cancelTasks(a, "Run timed out after " + (timeoutMs / 1000) + " seconds");
                }
            }
            finish(a);
        } catch (Throwable e) {
            synchronized (a) {
                a.run.life_cycle_state = "INTERNAL_ERROR";
                a.run.result_state = "FAILED";
                a.run.state_message = "MiniLake failed to run this job: " + e;
                a.run.end_time = System.currentTimeMillis();
                a.run.termination_code = "INTERNAL_ERROR";
                a.run.termination_type = "INTERNAL_ERROR";
                save(a.run);
            }
        } finally {
            active.remove(a.run.run_id);
            synchronized (RunsService.this) {
                RunsService.this.notifyAll();
            }
        }
    }

    /** max_concurrent_runs: wait in the queue (queue.enabled) or skip, as Databricks does. */
    private void waitForSlot(ActiveRun a) throws InterruptedException {
        if (a.run.job_id == null) return;
        int max = a.run.settings.path("max_concurrent_runs").asInt(1);
        boolean queue = a.run.settings.path("queue").path("enabled").asBoolean(false);
        synchronized (this) {
            while (runningOf(a.run.job_id, a.run.run_id) >= max) {
                if (!queue) {
                    synchronized (a) {
                        a.run.life_cycle_state = "SKIPPED";
                        a.run.result_state = "MAXIMUM_CONCURRENT_RUNS_REACHED";
                        a.run.state_message = "Skipped: the job already has " + max + " active run(s), its max_concurrent_runs";
                        a.run.termination_code = "MAX_CONCURRENT_RUNS_EXCEEDED";
                        a.run.termination_type = "CLIENT_ERROR";
                        a.run.end_time = System.currentTimeMillis();
                        for (StoredTaskRun t : a.latest.values()) {
                            t.life_cycle_state = "SKIPPED";
                            t.result_state = "EXCLUDED";
                            saveTask(t);
                        }
                        save(a.run);
                    }
                    return;
                }
                if (!"QUEUED".equals(a.run.life_cycle_state)) {
                    a.run.life_cycle_state = "QUEUED";
                    a.run.state_message = "Queued: waiting for an earlier run of this job to finish (max_concurrent_runs " + max + ")";
                    save(a.run);
                }
                if (a.cancelled) return;
                wait(500);
            }
        }
        if ("QUEUED".equals(a.run.life_cycle_state)) a.run.state_message = "";
    }

    /** Active runs of a job that started before this one (so older queued runs go first). */
    private long runningOf(long jobId, long runId) {
        return active.values().stream().filter(x -> x.run.job_id != null && x.run.job_id == jobId && x.run.run_id < runId
                && !DONE.contains(x.run.life_cycle_state)).count();
    }

    /** Launches every task whose dependencies are done; marks the ones whose run_if is not met. Returns how many started. */
    private int launchReady(ActiveRun a) {
        int started = 0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (StoredTaskRun t : List.copyOf(a.latest.values())) {
                if (!"BLOCKED".equals(t.life_cycle_state)) continue;
                List<String> upstream = new ArrayList<>();
                boolean ready = true;
                for (JsonNode dep : t.spec.path("depends_on")) {
                    StoredTaskRun d = a.latest.get(dep.path("task_key").asText());
                    if (!DONE.contains(d.life_cycle_state)) {
                        ready = false;
                        break;
                    }
                    String state = d.result_state;
                    // a condition's branches: depending on outcome "true" excludes the task when it was false
                    if (dep.has("outcome") && "SUCCESS".equals(state) && !dep.get("outcome").asText().equals(d.outcome)) state = "EXCLUDED";
                    upstream.add(state);
                }
                if (!ready) continue;
                if (a.cancelled) {
                    endTask(t, "TERMINATED", a.timedOut ? "TIMEDOUT" : "CANCELED", a.timedOut ? "Run timed out" : "Run was cancelled");
                    changed = true;
                } else if (!RunIf.met(t.spec.path("run_if").asText("ALL_SUCCESS"), upstream)) {
                    String state = RunIf.notMetState(upstream);
                    endTask(t, state.equals("EXCLUDED") ? "SKIPPED" : "TERMINATED", state,
                            state.equals("EXCLUDED") ? "Excluded: run_if " + t.spec.path("run_if").asText("ALL_SUCCESS") + " was not met"
                                    : "Upstream task(s) failed or were cancelled");
                    changed = true;
                } else {
                    t.life_cycle_state = "PENDING";
                    saveTask(t);
                    tasks.submit(() -> runTask(a, t));
                    started++;
                }
            }
        }
        return started;
    }

    private boolean allDone(ActiveRun a) {
        return a.latest.values().stream().allMatch(t -> DONE.contains(t.life_cycle_state));
    }

    /** One task with its retries; each retry is a new task run with the next attempt_number. */
    private void runTask(ActiveRun a, StoredTaskRun first) {
        StoredTaskRun t = first;
        try {
            int maxRetries = t.spec.path("max_retries").asInt(0);
            long interval = t.spec.path("min_retry_interval_millis").asLong(0);
            boolean retryOnTimeout = t.spec.path("retry_on_timeout").asBoolean(false);
            while (true) {
                TaskRunner.Result r = attempt(a, t);
                boolean retry = !a.cancelled && (maxRetries < 0 || t.attempt_number < maxRetries)
                        && (r.resultState().equals("FAILED") || (retryOnTimeout && r.resultState().equals("TIMEDOUT")));
                if (!retry) break;
                Thread.sleep(interval);
                StoredTaskRun next = new StoredTaskRun();
                next.run_id = store.nextId("run");
                next.job_run_id = t.job_run_id;
                next.task_key = t.task_key;
                next.spec = t.spec;
                next.depends_on = t.depends_on;
                next.attempt_number = t.attempt_number + 1;
                next.life_cycle_state = "PENDING";
                taskRuns.insert(Long.toString(next.run_id), Long.toString(a.run.run_id), next);
                synchronized (a) {
                    a.latest.put(next.task_key, next);
                }
                t = next;
            }
        } catch (Throwable e) {
            endTask(t, "INTERNAL_ERROR", "FAILED", "MiniLake failed to run the task: " + e);
        } finally {
            a.finished.add(t.task_key);
        }
    }

    private TaskRunner.Result attempt(ActiveRun a, StoredTaskRun t) throws Exception {
        Path dir = runsDir.resolve(Long.toString(a.run.run_id)).resolve(Long.toString(t.run_id));
        Files.createDirectories(dir);
        t.life_cycle_state = "RUNNING";
        t.start_time = System.currentTimeMillis();
        saveTask(t);
        TaskRunner.Result r;
        try {
            r = runner.run(t.spec, context(a, t, dir));
        } catch (ApiException e) {
            r = TaskRunner.Result.failed(e.getMessage());
        }
        if (a.cancelled && r.resultState().equals("FAILED")) {
            r = new TaskRunner.Result(a.timedOut ? "TIMEDOUT" : "CANCELED", a.timedOut ? "Run timed out" : "Task was cancelled",
                    r.logs(), r.error(), r.errorTrace(), r.notebookResult(), r.taskValues(), r.outcome(), r.forEachStats());
        }
        t.logs = r.logs();
        t.logs_truncated = r.logs() != null && r.logs().length() >= 5 * 1024 * 1024;
        t.error = r.error();
        t.error_trace = r.errorTrace();
        t.notebook_result = r.notebookResult();
        t.task_values = new LinkedHashMap<>(r.taskValues());
        t.outcome = r.outcome();
        t.for_each_stats = r.forEachStats();
        endTask(t, "TERMINATED", r.resultState(), r.message() == null ? "" : r.message());
        return r;
    }

    private TaskRunner.Context context(ActiveRun a, StoredTaskRun t, Path dir) {
        Map<String, Map<String, Object>> upstream = new HashMap<>();
        a.latest.forEach((k, v) -> {
            if (!v.task_values.isEmpty()) upstream.put(k, v.task_values);
        });
        Function<String, String> refs = name -> reference(a, t, name);
        return new TaskRunner.Context() {
            public long jobRunId() { return a.run.run_id; }
            public long taskRunId() { return t.run_id; }
            public Function<String, String> references() { return refs; }
            public Map<String, Map<String, Object>> upstreamValues() { return upstream; }
            public ObjectNode settings() { return a.run.settings; }
            public ObjectNode overrides() { return a.run.overrides; }
            public void running(TaskHandle handle) {
                a.handles.add(handle);
                if (a.cancelled) handle.cancel();
            }
            public boolean cancelled() { return a.cancelled; }
            public Path workDir() { return dir; }
            public String runJob(long jobId, Map<String, String> params) throws InterruptedException {
                StoredRun child = runNow(jobId, params, null, "RUN_JOB_TASK");
                a.childRuns.add(child.run_id);
                t.child_run_id = child.run_id;
                while (true) {
                    StoredRun c = runs.get(Long.toString(child.run_id)).orElseThrow();
                    if (DONE.contains(c.life_cycle_state)) return c.result_state;
                    if (a.cancelled) cancel(child.run_id);
                    Thread.sleep(200);
                }
            }
        };
    }

    /** The value of one dynamic value reference, or null when MiniLake does not know it. */
    private String reference(ActiveRun a, StoredTaskRun t, String name) {
        StoredRun run = a.run;
        if (name.startsWith("job.parameters.")) return run.job_parameters.get(name.substring("job.parameters.".length()));
        if (name.startsWith("tasks.")) {
            String[] p = name.split("\\.", 4);
            StoredTaskRun other = p.length >= 3 ? a.latest.get(p[1]) : null;
            if (other == null) return null;
            if (p.length == 4 && p[2].equals("values")) {
                Object v = other.task_values.get(p[3]);
                if (v == null) return null;
                try {
                    return v instanceof String s ? s : json.writeValueAsString(v);
                } catch (IOException e) {
                    return String.valueOf(v);
                }
            }
            return switch (p[2]) {
                case "run_id" -> Long.toString(other.run_id);
                case "result_state" -> other.result_state == null ? "" : other.result_state.toLowerCase();
                case "error_code" -> other.result_state == null ? "" : other.result_state;
                default -> null;
            };
        }
        return switch (name) {
            case "job.id", "job_id" -> run.job_id == null ? "" : Long.toString(run.job_id);
            case "job.name" -> run.run_name;
            case "job.run_id", "run.id", "run_id", "parent_run_id" -> Long.toString(run.run_id);
            case "job.repair_count" -> "0";
            case "job.trigger.type" -> run.trigger.toLowerCase();
            case "job.start_time.iso_date" -> java.time.Instant.ofEpochMilli(run.start_time).toString().substring(0, 10);
            case "job.start_time.iso_datetime" -> java.time.Instant.ofEpochMilli(run.start_time).toString();
            case "job.start_time.timestamp_ms" -> Long.toString(run.start_time);
            case "task.name", "task_key" -> t.task_key;
            case "task.run_id", "task_run_id" -> Long.toString(t.run_id);
            case "workspace.id" -> Long.toString(users.workspaceId());
            case "workspace.url" -> address.baseUrl();
            default -> null;
        };
    }

    private void finish(ActiveRun a) {
        synchronized (a) {
            StoredRun run = a.run;
            run.life_cycle_state = "TERMINATING";
            save(run);
            // Databricks judges a run by its leaf tasks: failures upstream of a successful ALL_DONE leaf don't fail it
            Set<String> parents = new java.util.HashSet<>();
            a.latest.values().forEach(t -> parents.addAll(t.depends_on));
            List<StoredTaskRun> leaves = a.latest.values().stream().filter(t -> !parents.contains(t.task_key)).toList();
            boolean anyFailed = a.latest.values().stream().anyMatch(t -> RunIf.FAILED.contains(t.result_state));
            String result;
            if (a.timedOut) result = "TIMEDOUT";
            else if (a.cancelled) result = "CANCELED";
            else if (leaves.stream().anyMatch(t -> RunIf.FAILED.contains(t.result_state))) result = "FAILED";
            else if (leaves.stream().anyMatch(t -> RunIf.CANCELED.contains(t.result_state))) result = "CANCELED";
            else result = anyFailed ? "SUCCESS_WITH_FAILURES" : "SUCCESS";
            run.result_state = result;
            run.life_cycle_state = "TERMINATED";
            run.end_time = System.currentTimeMillis();
            run.user_cancelled_or_timedout = a.cancelled;
            switch (result) {
                case "SUCCESS" -> { run.termination_code = "SUCCESS"; run.termination_type = "SUCCESS"; }
                case "SUCCESS_WITH_FAILURES" -> { run.termination_code = "SUCCESS_WITH_FAILURES"; run.termination_type = "SUCCESS"; }
                case "CANCELED" -> { run.termination_code = "USER_CANCELED"; run.termination_type = "SUCCESS"; }
                default -> { run.termination_code = "RUN_EXECUTION_ERROR"; run.termination_type = "CLIENT_ERROR"; }
            }
            if (run.state_message == null || run.state_message.isEmpty()) {
                run.state_message = switch (result) {
                    case "SUCCESS", "SUCCESS_WITH_FAILURES" -> "";
                    case "CANCELED" -> "Run cancelled.";
                    case "TIMEDOUT" -> "Run timed out.";
                    default -> failureMessage(leaves);
                };
            }
            save(run);
        }
    }

    private static String failureMessage(List<StoredTaskRun> leaves) {
        List<String> failed = leaves.stream().filter(t -> RunIf.FAILED.contains(t.result_state)).map(t -> t.task_key).toList();
        return "Task " + String.join(", ", failed) + " failed. See the task run output for details.";
    }

    private void endTask(StoredTaskRun t, String lifeCycle, String result, String message) {
        t.life_cycle_state = lifeCycle;
        t.result_state = result;
        t.state_message = message;
        if (t.start_time == 0) t.start_time = System.currentTimeMillis();
        t.end_time = System.currentTimeMillis();
        saveTask(t);
    }

    private void cancelTasks(ActiveRun a, String why) {
        a.cancelled = true;
        a.handles.forEach(TaskHandle::cancel);
        a.childRuns.forEach(id -> {
            try {
                cancel(id);
            } catch (ApiException ignored) {
                // the child already ended
            }
        });
        if (why != null) a.run.state_message = why;
        synchronized (this) {
            notifyAll();
        }
    }

    // ---- reading and managing runs ----

    public StoredRun getRun(long runId) {
        return runs.get(Long.toString(runId)).orElseThrow(() -> ApiException.notFound("Run " + runId));
    }

    /** runs/get as Databricks answers it: a missing run is 400 INVALID_PARAMETER_VALUE "Run 123 does not exist." (the SDKs map it to ResourceDoesNotExist). */
    public StoredRun readRun(long runId) {
        return runs.get(Long.toString(runId)).orElseThrow(() -> ApiException.invalid("Run " + runId + " does not exist."));
    }

    /** Where a task run's attempt wrote its files (notebook cells, task values): kept until reset. */
    public Path taskDir(StoredTaskRun t) {
        return runsDir.resolve(Long.toString(t.job_run_id)).resolve(Long.toString(t.run_id));
    }

    public Optional<StoredTaskRun> findTaskRun(long runId) {
        return taskRuns.get(Long.toString(runId));
    }

    /** The task runs of a job run, in definition order, every attempt included. */
    public List<StoredTaskRun> tasksOf(long runId) {
        return taskRuns.listByParent(Long.toString(runId));
    }

    public List<StoredRun> list(Long jobId) {
        List<StoredRun> all = new ArrayList<>(jobId == null ? runs.list() : runs.listByParent(Long.toString(jobId)));
        all.sort(Comparator.comparingLong((StoredRun r) -> r.run_id).reversed());
        return all;
    }

    public void cancel(long runId) {
        ActiveRun a = active.get(runId);
        if (a == null) {
            StoredRun r = getRun(runId);
            if (!DONE.contains(r.life_cycle_state)) {
                throw new ApiException(ErrorCode.INVALID_STATE, "Run " + runId + " is not active in this server");
            }
            return; // cancelling a finished run is a no-op, as on Databricks
        }
        cancelTasks(a, null);
    }

    public void cancelAll(Long jobId) {
        for (ActiveRun a : List.copyOf(active.values())) {
            if (jobId == null || (a.run.job_id != null && a.run.job_id.equals(jobId))) cancelTasks(a, null);
        }
    }

    public void delete(long runId) {
        StoredRun r = getRun(runId);
        if (!DONE.contains(r.life_cycle_state)) throw ApiException.invalid("Run " + runId + " is still active; cancel it before deleting it");
        store.inTransaction(() -> {
            runs.delete(Long.toString(runId));
            taskRuns.deleteByParent(Long.toString(runId));
        });
    }

    /** repair: re-runs the given (or all failed) tasks of a finished run, in the same run. */
    public long repair(long runId, List<String> rerunTasks, boolean allFailed) {
        StoredRun run = getRun(runId);
        if (!DONE.contains(run.life_cycle_state)) throw ApiException.invalid("Run " + runId + " is still active; it can be repaired once it ends");
        if (active.containsKey(runId)) throw ApiException.invalid("Run " + runId + " is being repaired");
        ActiveRun a = new ActiveRun(run);
        for (StoredTaskRun t : tasksOf(runId)) a.latest.put(t.task_key, t);
        List<String> chosen = new ArrayList<>(rerunTasks == null ? List.of() : rerunTasks);
        if (allFailed) a.latest.values().stream().filter(t -> !"SUCCESS".equals(t.result_state)).forEach(t -> chosen.add(t.task_key));
        if (chosen.isEmpty()) throw ApiException.invalid("Give rerun_tasks or rerun_all_failed_tasks");
        long repairId = store.nextId("run");
        store.inTransaction(() -> {
            for (String key : chosen) {
                StoredTaskRun old = a.latest.get(key);
                if (old == null) throw ApiException.invalid("Run " + runId + " has no task " + key);
                StoredTaskRun next = new StoredTaskRun();
                next.run_id = store.nextId("run");
                next.job_run_id = runId;
                next.task_key = key;
                next.spec = old.spec;
                next.depends_on = old.depends_on;
                next.attempt_number = old.attempt_number + 1;
                taskRuns.insert(Long.toString(next.run_id), Long.toString(runId), next);
                a.latest.put(key, next);
            }
            run.life_cycle_state = "PENDING";
            run.result_state = null;
            run.state_message = "";
            save(run);
        });
        active.put(runId, a);
        coordinators.submit(() -> coordinate(a));
        return repairId;
    }

    /** The URL of a run's page in the workspace UI. */
    public String runPageUrl(StoredRun r) {
        return address.baseUrl() + "/#job/" + (r.job_id == null ? "" : r.job_id) + "/run/" + r.run_id;
    }

    TaskRunner.RunningTask runningTask(String token) {
        return runner.runningTask(token);
    }

    // ---- persistence and lifecycle ----

    private void save(StoredRun r) {
        runs.put(Long.toString(r.run_id), r.job_id == null ? null : Long.toString(r.job_id), r);
    }

    private void saveTask(StoredTaskRun t) {
        taskRuns.put(Long.toString(t.run_id), Long.toString(t.job_run_id), t);
    }

    /** Runs that were in flight when the previous process died can't be resumed: say so. */
    private void markInterruptedRuns() {
        for (StoredRun r : runs.list()) {
            if (DONE.contains(r.life_cycle_state)) continue;
            r.life_cycle_state = "INTERNAL_ERROR";
            r.result_state = "FAILED";
            r.state_message = "MiniLake was restarted while this run was in flight; the run was not completed";
            r.termination_code = "INTERNAL_ERROR";
            r.termination_type = "INTERNAL_ERROR";
            r.end_time = System.currentTimeMillis();
            save(r);
            for (StoredTaskRun t : tasksOf(r.run_id)) {
                if (DONE.contains(t.life_cycle_state)) continue;
                endTask(t, "INTERNAL_ERROR", "FAILED", "MiniLake was restarted while this task was in flight");
            }
        }
    }

    /** Cancels every active run and waits briefly for them to end (reset and shutdown). */
    void quiesce() throws InterruptedException {
        for (ActiveRun a : List.copyOf(active.values())) cancelTasks(a, "MiniLake was reset");
        long until = System.currentTimeMillis() + 10_000;
        while (!active.isEmpty() && System.currentTimeMillis() < until) Thread.sleep(50);
    }

    void resetFiles() throws IOException {
        DataDir.emptyDirectory(runsDir);
    }

    private static void installPython(Path dir) throws IOException {
        // dbruntime: what `from databricks.sdk.runtime import dbutils` reads on a cluster
        for (String name : List.of("minilake_runner.py", "minilake_dbutils.py", "dbruntime/__init__.py")) {
            try (InputStream in = RunsService.class.getResourceAsStream("/jobs/python/" + name)) {
                if (in == null) throw new IOException("missing resource " + name);
                Files.createDirectories(dir.resolve(name).getParent());
                Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public void close() {
        cancelAll(null);
        coordinators.shutdownNow();
        tasks.shutdownNow();
    }
}
