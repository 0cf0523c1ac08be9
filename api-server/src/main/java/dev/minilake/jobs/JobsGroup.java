package dev.minilake.jobs;

import dev.minilake.core.mcp.Arg;
import dev.minilake.core.mcp.McpFeatures;
import dev.minilake.workspace.WorkspaceService;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Paging;
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
    private final WorkspaceService workspace;

    public JobsGroup(JobsService jobs, RunsService runs, JobScheduler scheduler, SecretsService secrets, TaskExecutor executor,
                     TaskFiles files, ObjectMapper json, WorkspaceService workspace) {
        this.jobs = jobs;
        this.runs = runs;
        this.scheduler = scheduler;
        this.secrets = secrets;
        this.executor = executor;
        this.files = files;
        this.json = json;
        this.views = new RunViews(json, runs);
        this.workspace = workspace;
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
            r.get(p + "/get", req -> views.job(jobs.read(jobId(req.requiredQuery("job_id"))), true));
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
            r.get(p + "/runs/export", req -> export(jobId(req.requiredQuery("run_id")), req.query("views_to_export").orElse("CODE")));
            r.post(p + "/runs/repair", ObjectNode.class, (req, b) -> Map.of("repair_id",
                    runs.repair(requiredLong(b, "run_id"), RunViews.texts(b.get("rerun_tasks")), b.path("rerun_all_failed_tasks").asBoolean(false))));
        }
        // dbutils.secrets.get inside a running task: the task's one-time token is the only key
        r.get("/_minilake/jobs/task-secret", req -> {
            var task = runs.runningTask(req.header("X-MiniLake-Task-Token").orElse(null));
            if (task == null) {
                throw new ApiException(ErrorCode.PERMISSION_DENIED, "Secret values resolve only inside a running job task");
            }
            String scope = req.requiredQuery("scope"), key = req.requiredQuery("key");
            byte[] value = secrets.resolveForJob(scope, key, task.principal())
                    .orElseThrow(() -> ApiException.notFound("Secret " + key + " in scope " + scope));
            task.secrets().add(value); // before the task has it: its output is redacted from here on
            return Map.of("value", Base64.getEncoder().encodeToString(value));
        });
    }

    public record CreateJobArgs(@Arg("Job name") String name,
                                @Arg(value = "Workspace path of a Python file to run as the job's one spark_python_task, "
                                        + "e.g. /Workspace/Shared/etl.py (write it with workspace_write_file)", required = false) String python_file,
                                @Arg(value = "Command-line parameters of that task", required = false) List<String> parameters,
                                @Arg(value = "Full Jobs API 2.2 settings (tasks, schedule, ...) instead of python_file", required = false)
                                ObjectNode settings) {
    }

    public record JobIdArgs(@Arg("Job id") Long job_id) {
    }

    public record ListJobsArgs(@Arg(value = "Only jobs of this name", required = false) String name) {
    }

    public record RunJobArgs(@Arg("Job id") Long job_id,
                             @Arg(value = "Job parameters (name -> value)", required = false) Map<String, String> job_parameters,
                             @Arg(value = "Wait for the run to finish and return its output (default true)", required = false) Boolean wait_for_result,
                             @Arg(value = "How long to wait, in seconds (default 300)", required = false) Integer timeout_seconds) {
    }

    public record RunIdArgs(@Arg("Run id (of a job run, or of one task run)") Long run_id) {
    }

    public record ListRunsArgs(@Arg(value = "Only runs of this job", required = false) Long job_id,
                               @Arg(value = "Most runs (default 25, at most 100), newest first", required = false) Integer limit) {
    }

    public record PythonScriptArgs(@Arg("Python source to run as a real job task (print() output comes back as stdout; "
                                           + "PySpark works: SparkSession.builder.getOrCreate())") String script,
                                   @Arg(value = "Run name (default mcp-script)", required = false) String name,
                                   @Arg(value = "Command-line parameters (sys.argv[1:])", required = false) List<String> parameters,
                                   @Arg(value = "How long to wait, in seconds (default 300)", required = false) Integer timeout_seconds) {
    }

    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("create_job", "Create a job: either one Python file task (python_file) or full Jobs API settings.", CreateJobArgs.class,
                a -> Map.of("job_id", jobs.create(jobSettings(a))));
        mcp.tool("list_jobs", "List jobs (with their tasks).", ListJobsArgs.class, a -> Map.of("jobs", jobs.list().stream()
                .filter(j -> a.name() == null || a.name().equalsIgnoreCase(j.settings.path("name").asText()))
                .map(j -> views.job(j, true)).toList()));
        mcp.tool("get_job", "Get a job's settings by id.", JobIdArgs.class, a -> views.job(jobs.get(a.job_id()), true));
        mcp.tool("delete_job", "Delete a job.", JobIdArgs.class, a -> {
            jobs.delete(a.job_id());
            return Map.of("deleted", a.job_id());
        });
        mcp.tool("run_job", "Run a job now (real processes). By default waits and returns the run's state and, for one task, its stdout.",
                RunJobArgs.class, a -> {
                    StoredRun run = runs.runNow(a.job_id(), a.job_parameters() == null ? Map.of() : a.job_parameters(),
                            json.createObjectNode(), "ONE_TIME");
                    return Boolean.FALSE.equals(a.wait_for_result()) ? Map.of("run_id", run.run_id) : finished(run.run_id, a.timeout_seconds());
                });
        mcp.tool("get_run", "Get a run's state, tasks and timing.", RunIdArgs.class, a -> getRun(a.run_id()));
        mcp.tool("get_run_output", "Get a task run's output: its real stdout (logs), error and trace.", RunIdArgs.class, a -> output(a.run_id()));
        mcp.tool("list_runs", "List runs, newest first.", ListRunsArgs.class, a -> {
            if (a.job_id() != null) jobs.get(a.job_id());
            int limit = a.limit() == null ? 25 : a.limit();
            if (limit < 1 || limit > 100) throw ApiException.invalid("limit must be between 1 and 100, got " + limit);
            return Map.of("runs", runs.list(a.job_id()).stream().limit(limit).map(x -> views.run(x, false)).toList());
        });
        mcp.tool("cancel_run", "Cancel a run: its processes are stopped.", RunIdArgs.class, a -> {
            runs.cancel(a.run_id());
            return getRun(a.run_id());
        });
        mcp.tool("run_python_script", "Stage a Python script in the workspace, run it as a real one-time job, wait, and return its "
                + "real stdout and exit state. Replaces write file + create job + run + poll + get output.", PythonScriptArgs.class, this::runScript);

        mcp.resource("minilake://run/{run_id}/output", "run-output", "A run's output: the real stdout of its task, and its error.",
                "application/json", vars -> json.writeValueAsString(output(jobId(vars.get("run_id")))));
        mcp.resource("minilake://pyspark-guide", "pyspark-guide", "How to run PySpark here: jobs, the warm Spark, Unity Catalog "
                + "tables from Spark, secrets in tasks.", "text/markdown", vars -> PYSPARK_GUIDE);
    }

    static final String PYSPARK_GUIDE = """
            # PySpark on MiniLake

            - Python code runs as a real job task (`spark_python_task`) in a local process; `print()` output is the run's
              stdout (get_run_output `logs`). The quickest path is the `run_python_script` tool.
            - `SparkSession.builder.getOrCreate()` connects to MiniLake's warm Spark (Spark Connect), so jobs start in seconds.
            - Spark reads and writes EXTERNAL Delta tables (`catalog.schema.table` resolves through Unity Catalog); MANAGED
              tables are DuckDB tables, for SQL (run_sql). Use an EXTERNAL table (create_table with table_type EXTERNAL and a
              storage_location) for data both Spark and SQL must see.
            - Secrets: `dbutils.secrets.get(scope, key)` works inside a task only; values are redacted in the output.
            - Job parameters arrive as `sys.argv[1:]`; a non-zero exit or an exception fails the run with its trace.
            - Files: volumes are at `/Volumes/catalog/schema/volume/...`, DBFS at `/dbfs/...`.
            """;

    private ObjectNode jobSettings(CreateJobArgs a) {
        if (a.settings() != null) {
            ObjectNode s = a.settings().deepCopy();
            s.put("name", a.name());
            return s;
        }
        if (a.python_file() == null) throw ApiException.invalid("Give python_file or settings");
        return pythonJob(a.name(), a.python_file(), a.parameters());
    }

    private ObjectNode pythonJob(String name, String pythonFile, List<String> parameters) {
        ObjectNode s = json.createObjectNode().put("name", name);
        ObjectNode task = s.putArray("tasks").addObject().put("task_key", "main");
        ObjectNode py = task.putObject("spark_python_task").put("python_file", pythonFile);
        if (parameters != null) parameters.forEach(py.putArray("parameters")::add);
        return s;
    }

    private Object runScript(PythonScriptArgs a) throws Exception {
        String name = a.name() == null ? "mcp-script" : a.name();
        if (!name.matches("[A-Za-z0-9_.-]{1,100}")) throw ApiException.invalid("name may hold letters, digits, _ . - only, got '" + name + "'");
        String path = "/Shared/mcp/" + name + "-" + java.util.UUID.randomUUID() + ".py";
        workspace.mkdirs("/Shared/mcp");
        workspace.importBytes(new WorkspaceService.ImportSpec(path, "AUTO", null, false),
                a.script().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        ObjectNode submit = pythonJob(name, "/Workspace" + path, a.parameters());
        submit.put("run_name", name);
        StoredRun run = runs.submit(submit);
        return finished(run.run_id, a.timeout_seconds());
    }

    /** Waits for a run to end (or the timeout), then answers its state and, for a one-task run, its stdout. */
    private Map<String, Object> finished(long runId, Integer timeoutSeconds) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 1000L * (timeoutSeconds == null ? 300 : Math.max(1, Math.min(3600, timeoutSeconds)));
        StoredRun run = runs.getRun(runId);
        while (!RunsService.DONE.contains(run.life_cycle_state) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
            run = runs.getRun(runId);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("run_id", runId);
        m.put("life_cycle_state", run.life_cycle_state);
        m.put("result_state", run.result_state);
        List<StoredTaskRun> tasks = runs.tasksOf(runId);
        if (tasks.size() == 1) {
            ObjectNode out = views.output(tasks.get(0), run);
            m.put("stdout", out.path("logs").asText(""));
            if (out.has("error")) m.put("error", out.get("error").asText());
            if (out.has("error_trace")) m.put("error_trace", out.get("error_trace").asText());
        }
        if (!RunsService.DONE.contains(run.life_cycle_state)) m.put("note", "still running: poll get_run / get_run_output");
        return m;
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
        Paging.Window<StoredJob> page = Paging.window(all, offset, limit);
        page.items().forEach(j -> arr.add(views.job(j, expand)));
        out.put("has_more", page.more());
        if (page.more()) out.put("next_page_token", page.nextPageToken());
        if (page.prevPageToken() != null) out.put("prev_page_token", page.prevPageToken());
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
        Paging.Window<StoredRun> page = Paging.window(all, offset, limit);
        page.items().forEach(x -> arr.add(views.run(x, expand)));
        out.put("has_more", page.more());
        if (page.more()) out.put("next_page_token", page.nextPageToken());
        if (arr.isEmpty()) out.remove("runs");
        return out;
    }

    private Object getRun(long runId) {
        StoredTaskRun task = runs.findTaskRun(runId).orElse(null);
        if (task == null) return views.run(runs.readRun(runId), true);
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
    /**
     * runs/export: each notebook task's notebook as it ran, rendered to HTML with its cells' outputs
     * (views_to_export CODE, the default, or ALL; DASHBOARDS has none, as MiniLake has no notebook dashboards).
     */
    private Object export(long runId, String viewsToExport) throws Exception {
        if (!List.of("CODE", "DASHBOARDS", "ALL").contains(viewsToExport)) {
            throw ApiException.invalid("Invalid views_to_export '" + viewsToExport + "'; expected one of [CODE, DASHBOARDS, ALL]");
        }
        StoredTaskRun task = runs.findTaskRun(runId).orElse(null);
        List<StoredTaskRun> ts = task != null ? List.of(task) : runs.tasksOf(runs.readRun(runId).run_id);
        ObjectNode out = json.createObjectNode();
        ArrayNode arr = out.putArray("views");
        if ("DASHBOARDS".equals(viewsToExport)) return out;
        for (StoredTaskRun t : ts) {
            if (!t.spec.has("notebook_task")) continue;
            String path = t.spec.get("notebook_task").path("notebook_path").asText();
            String html = NotebookExport.html(path, language(path), runs.taskDir(t), json);
            arr.addObject().put("content", html).put("name", NotebookExport.name(path)).put("type", "NOTEBOOK");
        }
        return out;
    }

    /** A notebook's language, PYTHON when it is gone since the run (its export is of the run's cells). */
    private String language(String notebookPath) {
        try {
            return files.notebookLanguage(notebookPath);
        } catch (RuntimeException gone) {
            return "PYTHON";
        }
    }

    private static long requiredLong(JsonNode b, String field) {
        JsonNode n = b.get(field);
        if (n == null || n.isNull()) throw ApiException.missingField(field);
        if (n.isNumber()) return n.asLong();
        return jobId(n.asText());
    }

    /** Where a list page starts: a page token or an offset, never negative. */
    private static long offset(Request req) {
        long offset = req.query("page_token").isPresent() ? Paging.offset(req.query("page_token").get()) : req.queryLong("offset").orElse(0L);
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
