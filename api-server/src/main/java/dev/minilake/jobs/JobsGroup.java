package dev.minilake.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.jobs.RunRecords.StoredJob;
import dev.minilake.jobs.RunRecords.StoredRun;
import dev.minilake.jobs.RunRecords.StoredTaskRun;
import dev.minilake.jobs.exec.TaskExecutor;
import dev.minilake.secrets.SecretsService;
import org.springframework.stereotype.Component;

import java.nio.file.Files;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The Jobs API (2.0 single-task paths, 2.1 and 2.2): definitions, runs that really execute, and their output. */
@Component
public class JobsGroup implements ApiGroup {
    private static final List<String> VERSIONS = List.of("2.0", "2.1", "2.2");

    private final JobsService jobs;
    private final RunsService runs;
    private final JobScheduler scheduler;
    private final SecretsService secrets;
    private final TaskExecutor executor;
    private final TaskFiles files;
    private final ObjectMapper json;
    private final RunViews views;

    public JobsGroup(JobsService jobs, RunsService runs, JobScheduler scheduler, SecretsService secrets, TaskExecutor executor,
                     TaskFiles files, ObjectMapper json) {
        this.jobs = jobs;
        this.runs = runs;
        this.scheduler = scheduler;
        this.secrets = secrets;
        this.executor = executor;
        this.files = files;
        this.json = json;
        this.views = new RunViews(json, runs);
    }

    @Override
    public String name() {
        return "jobs";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "tasks run for real as " + executor.name() + " processes: spark_python, notebook (Python/SQL), python_wheel, spark_jar (spark-submit), sql file, condition, run_job, "
                + "for_each; DAG with run_if, retries, timeouts, cron schedules; other task types fail the run naming the type";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("JobsAPI");
    }

    @Override
    public int resetOrder() {
        return -10; // runs stop before the files they read disappear
    }

    @Override
    public void routes(Routes r) {
        for (String v : VERSIONS) {
            String p = "/api/" + v + "/jobs";
            r.post(p + "/create", ObjectNode.class, (req, b) -> Map.of("job_id", jobs.create(b)));
            r.get(p + "/get", req -> views.job(jobs.get(jobId(req.requiredQuery("job_id"))), true));
            r.get(p + "/list", this::listJobs);
            r.post(p + "/reset", ObjectNode.class, (req, b) -> {
                jobs.reset(requiredLong(b, "job_id"), (ObjectNode) b.get("new_settings"));
                return Map.of();
            });
            r.post(p + "/update", ObjectNode.class, (req, b) -> {
                jobs.update(requiredLong(b, "job_id"), b.has("new_settings") ? (ObjectNode) b.get("new_settings") : null,
                        RunViews.texts(b.get("fields_to_remove")));
                return Map.of();
            });
            r.post(p + "/delete", ObjectNode.class, (req, b) -> {
                jobs.delete(requiredLong(b, "job_id"));
                return Map.of();
            });
            r.post(p + "/run-now", ObjectNode.class, (req, b) -> {
                Map<String, String> params = new LinkedHashMap<>();
                b.path("job_parameters").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
                StoredRun run = runs.runNow(requiredLong(b, "job_id"), params, b, "ONE_TIME");
                return Map.of("run_id", run.run_id, "number_in_job", run.run_id);
            });
            r.post(p + "/runs/submit", ObjectNode.class, (req, b) -> Map.of("run_id", runs.submit(b).run_id));
            r.get(p + "/runs/get", req -> getRun(jobId(req.requiredQuery("run_id"))));
            r.get(p + "/runs/list", this::listRuns);
            r.post(p + "/runs/cancel", ObjectNode.class, (req, b) -> {
                runs.cancel(requiredLong(b, "run_id"));
                return Map.of();
            });
            r.post(p + "/runs/cancel-all", ObjectNode.class, (req, b) -> {
                if (b.has("job_id")) jobs.get(b.get("job_id").asLong());
                runs.cancelAll(b.has("job_id") ? b.get("job_id").asLong() : null);
                return Map.of();
            });
            r.post(p + "/runs/delete", ObjectNode.class, (req, b) -> {
                runs.delete(requiredLong(b, "run_id"));
                return Map.of();
            });
            r.get(p + "/runs/get-output", req -> output(jobId(req.requiredQuery("run_id"))));
            r.get(p + "/runs/export", req -> export(jobId(req.requiredQuery("run_id"))));
            r.post(p + "/runs/repair", ObjectNode.class, (req, b) -> Map.of("repair_id",
                    runs.repair(requiredLong(b, "run_id"), RunViews.texts(b.get("rerun_tasks")), b.path("rerun_all_failed_tasks").asBoolean(false))));
        }
        // dbutils.secrets.get inside a running task: the task's one-time token is the only key
        r.get("/_minilake/jobs/task-secret", req -> {
            if (!runs.validTaskToken(req.header("X-MiniLake-Task-Token").orElse(null))) {
                throw new ApiException(ErrorCode.PERMISSION_DENIED, "Secret values resolve only inside a running job task");
            }
            String scope = req.requiredQuery("scope"), key = req.requiredQuery("key");
            byte[] value = secrets.resolveForJob(scope, key)
                    .orElseThrow(() -> ApiException.notFound("Secret " + key + " in scope " + scope));
            return Map.of("value", Base64.getEncoder().encodeToString(value));
        });
    }

    private Object listJobs(Request req) {
        int limit = (int) Math.min(100, Math.max(1, req.queryLong("limit").orElse(20L)));
        long offset = offset(req);
        boolean expand = req.queryBool("expand_tasks").orElse(false);
        String name = req.query("name").orElse(null);
        List<StoredJob> all = jobs.list().stream()
                .filter(j -> name == null || name.equalsIgnoreCase(j.settings.path("name").asText())).toList();
        ObjectNode out = json.createObjectNode();
        ArrayNode arr = out.putArray("jobs");
        all.stream().skip(offset).limit(limit).forEach(j -> arr.add(views.job(j, expand)));
        boolean more = offset + limit < all.size();
        out.put("has_more", more);
        if (more) out.put("next_page_token", Long.toString(offset + limit));
        if (offset > 0) out.put("prev_page_token", Long.toString(Math.max(0, offset - limit)));
        if (arr.isEmpty()) out.remove("jobs");
        return out;
    }

    private Object listRuns(Request req) {
        Long jobId = req.queryLong("job_id").orElse(null);
        if (jobId != null) jobs.get(jobId);
        int limit = (int) Math.min(100, Math.max(1, req.queryLong("limit").orElse(25L)));
        long offset = offset(req);
        boolean activeOnly = req.queryBool("active_only").orElse(false);
        boolean completedOnly = req.queryBool("completed_only").orElse(false);
        if (activeOnly && completedOnly) throw ApiException.invalid("active_only and completed_only cannot both be true");
        String type = req.query("run_type").orElse(null);
        boolean expand = req.queryBool("expand_tasks").orElse(false);
        List<StoredRun> all = runs.list(jobId).stream()
                .filter(x -> !activeOnly || !RunsService.DONE.contains(x.life_cycle_state))
                .filter(x -> !completedOnly || RunsService.DONE.contains(x.life_cycle_state))
                .filter(x -> type == null || type.equals(x.run_type)).toList();
        ObjectNode out = json.createObjectNode();
        ArrayNode arr = out.putArray("runs");
        all.stream().skip(offset).limit(limit).forEach(x -> arr.add(views.run(x, expand)));
        boolean more = offset + limit < all.size();
        out.put("has_more", more);
        if (more) out.put("next_page_token", Long.toString(offset + limit));
        if (arr.isEmpty()) out.remove("runs");
        return out;
    }

    private Object getRun(long runId) {
        StoredTaskRun task = runs.findTaskRun(runId).orElse(null);
        if (task == null) return views.run(runs.getRun(runId), true);
        StoredRun parent = runs.getRun(task.job_run_id);
        ObjectNode o = views.run(parent, false);
        o.put("run_id", task.run_id);
        o.putArray("tasks").add(views.task(task, parent));
        return o;
    }

    private Object output(long runId) {
        StoredTaskRun task = runs.findTaskRun(runId).orElse(null);
        if (task == null) {
            StoredRun run = runs.getRun(runId);
            List<StoredTaskRun> ts = runs.tasksOf(runId);
            if (ts.size() != 1) {
                throw ApiException.invalid("Retrieving the output of runs with multiple tasks is not supported. "
                        + "Please retrieve the output of each individual task run instead.");
            }
            return views.output(ts.get(0), run);
        }
        return views.output(task, runs.getRun(task.job_run_id));
    }

    /** runs/export: the notebooks a run executed, as source. */
    private Object export(long runId) throws Exception {
        StoredTaskRun task = runs.findTaskRun(runId).orElse(null);
        List<StoredTaskRun> ts = task != null ? List.of(task) : runs.tasksOf(runs.getRun(runId).run_id);
        ObjectNode out = json.createObjectNode();
        ArrayNode arr = out.putArray("views");
        for (StoredTaskRun t : ts) {
            if (!t.spec.has("notebook_task")) continue;
            String path = t.spec.get("notebook_task").path("notebook_path").asText();
            arr.addObject().put("name", path).put("type", "NOTEBOOK").put("content", Files.readString(files.resolve(path)));
        }
        return out;
    }

    private static long requiredLong(JsonNode b, String field) {
        JsonNode n = b.get(field);
        if (n == null || n.isNull()) throw ApiException.missingField(field);
        if (n.isNumber()) return n.asLong();
        return jobId(n.asText());
    }

    /** Where a list page starts: a page token or an offset, never negative. */
    private static long offset(Request req) {
        long offset = req.query("page_token").map(JobsGroup::jobId).orElse(req.queryLong("offset").orElse(0L));
        if (offset < 0) throw ApiException.invalid("Invalid offset " + offset + ": it must be 0 or more");
        return offset;
    }

    private static long jobId(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            throw ApiException.invalid("Invalid id '" + s + "': not a number");
        }
    }

    @Override
    public void quiesce() throws Exception {
        runs.quiesce();
        scheduler.reset();
    }

    @Override
    public void reset() throws Exception {
        runs.resetFiles();
    }
}
