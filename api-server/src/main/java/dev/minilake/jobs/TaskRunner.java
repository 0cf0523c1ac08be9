package dev.minilake.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.auth.ScopedTokens;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.web.ServerAddress;
import dev.minilake.engines.python.TaskPython;
import dev.minilake.engines.spark.SparkJvm;
import dev.minilake.engines.spark.SparkRunnerLocation;
import dev.minilake.engines.spark.WarmSpark;
import dev.minilake.jobs.exec.TaskExecutor;
import dev.minilake.jobs.exec.TaskHandle;
import dev.minilake.jobs.exec.TaskLaunch;
import dev.minilake.jobs.exec.TaskOutcome;
import dev.minilake.core.redact.RunSecrets;
import dev.minilake.secrets.SecretsService;
import dev.minilake.sql.StatementDtos.ExecuteStatementRequest;
import dev.minilake.sql.StatementDtos.StatementResponse;
import dev.minilake.sql.StatementsService;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * Runs one attempt of one task, by type: Python files and notebooks as processes through the
 * {@link TaskExecutor}, SQL on MiniLake's SQL engine, conditions in place. Returns what happened;
 * it never reports success for work that did not run.
 */
final class TaskRunner {
    /** What one attempt produced. */
    record Result(String resultState, String message, String logs, String error, String errorTrace,
                  String notebookResult, Map<String, Object> taskValues, String outcome, ForEachStats forEachStats) {
        static Result failed(String message) {
            return new Result("FAILED", message, null, message, null, null, Map.of(), null, null);
        }

        static Result success(String logs) {
            return new Result("SUCCESS", "", logs, null, null, null, Map.of(), null, null);
        }
    }

    /** Iteration counts of a finished for_each_task, shown as for_each_task.stats. */
    record ForEachStats(int total, int succeeded, int failed) {
    }

    /** The context a task runs in: ids, resolved parameters, and a way to register for cancel. */
    interface Context {
        long jobRunId();

        long taskRunId();

        Function<String, String> references();

        Map<String, Map<String, Object>> upstreamValues();

        ObjectNode settings();

        ObjectNode overrides();

        /** Registers the running process so a cancel of the run reaches it. */
        void running(TaskHandle handle);

        boolean cancelled();

        Path workDir();

        /** Starts a run of another job and waits for its result state (run_job_task). */
        String runJob(long jobId, Map<String, String> params) throws InterruptedException;
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private final TaskExecutor executor;
    private final TaskFiles files;
    private final StatementsService statements;
    private final SecretsService secrets;
    private final Settings settings;
    private final ServerAddress address;
    private final Optional<WarmSpark> spark;
    private final Path pythonDir;
    private final ObjectMapper json;
    private final ScopedTokens scopedTokens;
    private final TaskPython taskPython;
    /** Tokens of running tasks, so dbutils.secrets.get can resolve secrets inside a task only, as the run's principal. */
    private final Map<String, RunningTask> taskTokens = new ConcurrentHashMap<>();

    /** What a running task's secret requests resolve against: its redaction set and the principal its run acts as. */
    record RunningTask(RunSecrets secrets, String principal) {
    }

    TaskRunner(TaskExecutor executor, TaskFiles files, StatementsService statements, SecretsService secrets,
               Settings settings, ServerAddress address, Optional<WarmSpark> spark, Path pythonDir, ObjectMapper json,
               ScopedTokens scopedTokens, TaskPython taskPython) {
        this.scopedTokens = scopedTokens;
        this.taskPython = taskPython;
        this.executor = executor;
        this.files = files;
        this.statements = statements;
        this.secrets = secrets;
        this.settings = settings;
        this.address = address;
        this.spark = spark;
        this.pythonDir = pythonDir;
        this.json = json;
    }

    /** The running task whose token this is, or null when no running task has it. */
    RunningTask runningTask(String token) {
        return token == null ? null : taskTokens.get(token);
    }

    Result run(JsonNode task, Context ctx) throws Exception {
        if (task.has("spark_python_task")) return sparkPython(task, ctx);
        if (task.has("notebook_task")) return notebook(task, ctx);
        if (task.has("python_wheel_task")) return pythonWheel(task, ctx);
        if (task.has("spark_jar_task")) return sparkJar(task, ctx);
        if (task.has("sql_task")) return sql(task.get("sql_task"), ctx);
        if (task.has("condition_task")) return condition(task.get("condition_task"), ctx);
        if (task.has("run_job_task")) return runJob(task.get("run_job_task"), ctx);
        if (task.has("for_each_task")) return forEach(task.get("for_each_task"), ctx);
        for (String type : JobsService.TASK_TYPES) {
            if (task.has(type)) {
                return Result.failed("MiniLake does not run " + type + " tasks yet; the run did not execute task "
                        + task.path("task_key").asText());
            }
        }
        return Result.failed("Task " + task.path("task_key").asText() + " has no task type MiniLake knows");
    }

    private Result sparkPython(JsonNode task, Context ctx) throws Exception {
        JsonNode t = task.get("spark_python_task");
        if ("GIT".equals(t.path("source").asText())) return Result.failed("spark_python_task with source GIT is not supported by MiniLake");
        Path file = files.resolve(t.path("python_file").asText(null));
        List<String> args = new ArrayList<>();
        JsonNode params = ctx.overrides() != null && ctx.overrides().has("python_params") ? ctx.overrides().get("python_params") : t.path("parameters");
        for (JsonNode p : params) args.add(DynamicValues.resolve(p.asText(), ctx.references()));
        return python(task, ctx, "file", file, args, Map.of());
    }

    /** python_wheel_task: the task's `whl` libraries go on sys.path and the entry point is called. */
    private Result pythonWheel(JsonNode task, Context ctx) throws Exception {
        JsonNode t = task.get("python_wheel_task");
        String pkg = t.path("package_name").asText("");
        String entry = t.path("entry_point").asText("");
        if (pkg.isEmpty() || entry.isEmpty()) return Result.failed("python_wheel_task needs package_name and entry_point");
        List<String> wheels = new ArrayList<>();
        for (JsonNode lib : task.path("libraries")) {
            if (lib.has("whl")) wheels.add(files.resolve(lib.get("whl").asText()).toString());
            else if (lib.has("pypi")) return Result.failed("MiniLake cannot install PyPI libraries for a task (" + lib.get("pypi") + "); give the wheel as a `whl` library");
        }
        List<String> args = new ArrayList<>(List.of(pkg, entry));
        ObjectNode o = ctx.overrides();
        JsonNode named = o != null && o.has("python_named_params") ? o.get("python_named_params") : t.path("named_parameters");
        JsonNode positional = o != null && o.has("python_params") ? o.get("python_params") : t.path("parameters");
        if (named.size() > 0) named.fields().forEachRemaining(e -> args.add("--" + e.getKey() + "=" + DynamicValues.resolve(e.getValue().asText(), ctx.references())));
        else for (JsonNode p : positional) args.add(DynamicValues.resolve(p.asText(), ctx.references()));
        String venvError = installWheels(ctx.workDir().resolve("venv"), wheels);
        if (venvError != null) return Result.failed(venvError);
        return python(task, ctx, "wheel", Path.of(String.join(java.io.File.pathSeparator, wheels)), args, Map.of());
    }

    /**
     * A per-run virtualenv with the task's wheels installed offline and without dependencies:
     * nothing is downloaded at run time. It sees the task Python's packages (pyspark-client, ...)
     * through a .pth file: when that Python is itself a virtualenv, --system-site-packages alone
     * would reach only the base interpreter's. Returns an error message, or null when the venv is ready.
     */
    private String installWheels(Path venv, List<String> wheels) throws IOException, InterruptedException {
        List<List<String>> steps = new ArrayList<>();
        steps.add(List.of(taskPython.interpreter(), "-m", "venv", "--system-site-packages", venv.toString()));
        if (!wheels.isEmpty()) {
            List<String> pip = new ArrayList<>(List.of(venv.resolve("bin/python").toString(), "-m", "pip", "install",
                    "--no-index", "--no-deps", "--disable-pip-version-check", "--quiet"));
            pip.addAll(wheels);
            steps.add(pip);
        }
        for (List<String> step : steps) {
            Process p = new ProcessBuilder(step).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) return "Could not prepare the task's Python environment (" + String.join(" ", step.subList(0, 3)) + "): " + out.strip();
            if (step == steps.get(0)) seeTaskPythonPackages(venv);
        }
        return null;
    }

    /** Adds the task Python's site-packages to the per-run venv's path, after the venv's own packages. */
    private void seeTaskPythonPackages(Path venv) throws IOException {
        List<String> site = taskPython.probe().sitePackages();
        if (site.isEmpty()) return;
        try (var dirs = Files.list(venv.resolve("lib"))) {
            for (Path lib : dirs.filter(d -> d.getFileName().toString().startsWith("python")).toList()) {
                Path sitePackages = lib.resolve("site-packages");
                if (Files.isDirectory(sitePackages)) Files.writeString(sitePackages.resolve("minilake-task-python.pth"), String.join("\n", site) + "\n");
            }
        }
    }

    private Result notebook(JsonNode task, Context ctx) throws Exception {
        JsonNode t = task.get("notebook_task");
        if ("GIT".equals(t.path("source").asText())) return Result.failed("notebook_task with source GIT is not supported by MiniLake");
        String path = t.path("notebook_path").asText("");
        if (path.isEmpty()) return Result.failed("notebook_task.notebook_path is required");
        Path file = files.resolve(path);
        Map<String, String> widgets = new LinkedHashMap<>();
        // job parameters are pushed down to notebooks as widgets, then the task's own base_parameters
        ctx.settings().path("parameters").forEach(p -> widgets.put(p.path("name").asText(), ctx.references().apply("job.parameters." + p.path("name").asText())));
        t.path("base_parameters").fields().forEachRemaining(e -> widgets.put(e.getKey(), DynamicValues.resolve(e.getValue().asText(), ctx.references())));
        if (ctx.overrides() != null) ctx.overrides().path("notebook_params").fields().forEachRemaining(e -> widgets.put(e.getKey(), e.getValue().asText()));
        String lang = files.notebookLanguage(path);
        if ("SQL".equals(lang)) {
            String source = Files.readString(file);
            StringBuilder out = new StringBuilder();
            List<Map<String, Object>> cells = new ArrayList<>();
            for (String cell : source.split("\n-- COMMAND ----------\n")) {
                String sql = cell.replaceFirst("^-- Databricks notebook source\\s*", "").trim();
                if (sql.isEmpty()) continue;
                int from = out.length();
                Result r = runSql(DynamicValues.resolve(sql, name -> widgets.get(name)), task.path("notebook_task").path("warehouse_id").asText("minilake"), ctx, out);
                Map<String, Object> rendered = new LinkedHashMap<>();
                rendered.put("language", "sql");
                rendered.put("source", sql);
                rendered.put("output", out.substring(from));
                rendered.put("error", "SUCCESS".equals(r.resultState()) ? null : r.error());
                cells.add(rendered);
                // the cells with their outputs, as runs/export renders them
                Files.writeString(ctx.workDir().resolve(NotebookExport.CELLS_FILE), json.writeValueAsString(cells));
                if (!"SUCCESS".equals(r.resultState())) return r;
            }
            return Result.success(out.toString());
        }
        if (!"PYTHON".equals(lang)) return Result.failed("MiniLake runs Python and SQL notebooks, not " + lang + " (" + path + ")");
        return python(task, ctx, "notebook", file, List.of(), widgets);
    }

    private Result python(JsonNode task, Context ctx, String mode, Path file, List<String> args, Map<String, String> widgets) throws Exception {
        Path venvPython = ctx.workDir().resolve("venv/bin/python");
        String interpreter = "wheel".equals(mode) && Files.isExecutable(venvPython) ? venvPython.toString() : taskPython.interpreter();
        List<String> command = new ArrayList<>(List.of(interpreter, "-u", pythonDir.resolve("minilake_runner.py").toString(), mode, file.toString()));
        command.addAll(args);
        String token = HexFormat.of().formatHex(random(16));
        Map<String, String> env = new LinkedHashMap<>();
        Map<String, String> secretEnv = new LinkedHashMap<>();
        clusterEnv(task, ctx, env, secretEnv);
        env.put("PYTHONPATH", pythonDir.toString());
        env.put("PYTHONUNBUFFERED", "1");
        env.put("DATABRICKS_HOST", address.baseUrl());
        env.put("MINILAKE_TASK_DIR", ctx.workDir().toString());
        env.put("MINILAKE_TASK_TOKEN", token);
        env.put("MINILAKE_TASK_RUN_ID", Long.toString(ctx.taskRunId()));
        env.put("MINILAKE_WIDGETS", json.writeValueAsString(widgets));
        env.put("MINILAKE_TASK_VALUES", json.writeValueAsString(ctx.upstreamValues()));
        env.put("MINILAKE_SECRET_ENV", String.join(",", secretEnv.keySet())); // names only: the runner redacts their values in files it writes
        env.put("DATABRICKS_RUNTIME_VERSION", "15.4");
        // a driver pod cannot reach this server's loopback Spark: the executor starts a Spark beside the task instead
        boolean ownSpark = executor.sparkRunsWithTheTask() && usesSpark(file);
        if (!executor.sparkRunsWithTheTask()) sparkRemote(file).ifPresent(url -> env.put("SPARK_REMOTE", url));
        String type = task.has("notebook_task") ? "notebook_task" : task.has("python_wheel_task") ? "python_wheel_task" : "spark_python_task";
        RunSecrets runSecrets = new RunSecrets();
        taskTokens.put(token, new RunningTask(runSecrets, runAs(ctx)));
        // the task's own identity for the REST API, revoked when it ends; never the admin token
        try (ScopedTokens.Token identity = scopedTokens.issue("job run " + ctx.jobRunId() + " task run " + ctx.taskRunId())) {
            env.put("DATABRICKS_TOKEN", identity.value());
            return launchAndWait(task, ctx, type, command, env, secretEnv, runSecrets, ownSpark);
        } finally {
            taskTokens.remove(token);
        }
    }

    /** Hands one task's process to the executor (local or Kubernetes) and waits for its outcome. */
    private Result launchAndWait(JsonNode task, Context ctx, String type, List<String> command, Map<String, String> env,
                                 Map<String, String> secretEnv, RunSecrets runSecrets, boolean usesSpark) throws Exception {
        Map<String, String> sparkConf = new LinkedHashMap<>();
        cluster(task, ctx).path("spark_conf").fields().forEachRemaining(e -> {
            String value = resolveSecret(e.getValue().asText(), null, ctx);
            if (DynamicValues.secretReference(e.getValue().asText()) != null) runSecrets.add(value);
            sparkConf.put(e.getKey(), value);
        });
        secretEnv.values().forEach(runSecrets::add);
        int timeout = task.path("timeout_seconds").asInt(0);
        TaskLaunch launch = new TaskLaunch(ctx.jobRunId(), ctx.taskRunId(), task.path("task_key").asText(), type, command, env, secretEnv,
                ctx.workDir(), Duration.ofSeconds(timeout), sparkConf, cluster(task, ctx).path("num_workers").asInt(0), runSecrets, usesSpark);
        try {
            TaskHandle handle = executor.launch(launch);
            ctx.running(handle);
            TaskOutcome o = handle.completion().get();
            return fromOutcome(o, ctx.workDir());
        } catch (ExecutionException e) {
            return Result.failed("Task failed: " + e.getCause());
        }
    }

    /**
     * spark_jar_task: a per-run spark-submit (Spark's own SparkSubmit from the spark-runner's jars)
     * of the task's `jar` libraries, in local mode, with the cluster's spark_conf.
     */
    private Result sparkJar(JsonNode task, Context ctx) throws Exception {
        JsonNode t = task.get("spark_jar_task");
        String mainClass = t.path("main_class_name").asText("");
        if (mainClass.isEmpty()) return Result.failed("spark_jar_task.main_class_name is required");
        Optional<SparkRunnerLocation> runner = SparkRunnerLocation.find(settings);
        if (runner.isEmpty()) return Result.failed("spark_jar_task needs the spark-runner (spark-runner/target/spark-runner.jar with lib/), which was not found; set MINILAKE_SPARK_RUNNER");
        List<String> jars = new ArrayList<>();
        if (t.hasNonNull("jar_uri") && !t.get("jar_uri").asText().isEmpty()) jars.add(files.resolve(t.get("jar_uri").asText()).toString());
        for (JsonNode lib : task.path("libraries")) {
            if (lib.has("jar")) jars.add(files.resolve(lib.get("jar").asText()).toString());
            else if (lib.has("maven")) return Result.failed("MiniLake cannot download Maven libraries for a task (" + lib.get("maven") + "); give the jar as a `jar` library");
        }
        if (jars.isEmpty()) return Result.failed("spark_jar_task needs the jar as a `jar` library of the task");
        List<String> command = new ArrayList<>(List.of(SparkJvm.javaBinary(), "-Xmx" + settings.sparkMemory()));
        command.addAll(SparkJvm.OPTIONS);
        command.addAll(List.of("-cp", runner.get().classpath(), "org.apache.spark.deploy.SparkSubmit",
                "--master", settings.sparkMaster(), "--class", mainClass, "--conf", "spark.ui.enabled=false",
                "--conf", "spark.sql.extensions=io.delta.sql.DeltaSparkSessionExtension",
                "--conf", "spark.sql.catalog.spark_catalog=org.apache.spark.sql.delta.catalog.DeltaCatalog"));
        cluster(task, ctx).path("spark_conf").fields().forEachRemaining(e -> {
            command.add("--conf");
            command.add(e.getKey() + "=" + resolveSecret(e.getValue().asText(), null, ctx));
        });
        if (jars.size() > 1) command.addAll(List.of("--jars", String.join(",", jars.subList(1, jars.size()))));
        command.add(jars.get(0));
        JsonNode params = ctx.overrides() != null && ctx.overrides().has("jar_params") ? ctx.overrides().get("jar_params") : t.path("parameters");
        for (JsonNode p : params) command.add(DynamicValues.resolve(p.asText(), ctx.references()));
        Map<String, String> env = new LinkedHashMap<>();
        Map<String, String> secretEnv = new LinkedHashMap<>();
        clusterEnv(task, ctx, env, secretEnv);
        env.put("DATABRICKS_HOST", address.baseUrl());
        env.put("DATABRICKS_RUNTIME_VERSION", "15.4");
        env.put("SPARK_LOCAL_IP", "127.0.0.1");
        return launchAndWait(task, ctx, "spark_jar_task", command, env, secretEnv, new RunSecrets(), false);
    }

    /**
     * A task whose source uses Spark waits for the warm Spark (started on demand); others never start
     * it, nor do tasks whose Python has no pyspark (they fail on the import, with the fix in the message).
     */
    private Optional<String> sparkRemote(Path file) throws InterruptedException {
        if (spark.isEmpty()) return Optional.empty();
        if (!usesSpark(file) || !taskPython.probe().pyspark()) return spark.get().connectUrl();
        return spark.get().awaitConnectUrl(Duration.ofMinutes(5));
    }

    /** Whether a task's source mentions Spark: the script or notebook, or the .py files inside a wheel task's wheels. */
    static boolean usesSpark(Path file) {
        for (String part : file.toString().split(java.io.File.pathSeparator)) {
            try {
                if (part.endsWith(".whl")) {
                    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(part)) {
                        for (var e : java.util.Collections.list(zip.entries())) {
                            if (e.getName().endsWith(".py") && USES_SPARK.matcher(new String(zip.getInputStream(e).readAllBytes(), StandardCharsets.UTF_8)).find()) return true;
                        }
                    }
                } else if (USES_SPARK.matcher(Files.readString(Path.of(part))).find()) {
                    return true;
                }
            } catch (IOException | RuntimeException e) {
                // unreadable: treated as not using Spark (the task still gets a warm Spark's URL if it is up)
            }
        }
        return false;
    }

    private static final java.util.regex.Pattern USES_SPARK = java.util.regex.Pattern.compile("(?i)pyspark|sparksession|\\bspark\\b");

    private Result fromOutcome(TaskOutcome o, Path dir) throws IOException {
        String logs = secrets.redact(o.stdout());
        String trace = secrets.redact(o.stderr());
        String nbResult = read(dir.resolve("notebook_result.txt"));
        Map<String, Object> values = Map.of();
        String valuesText = read(dir.resolve("task_values.json"));
        if (valuesText != null) values = json.readValue(valuesText, json.getTypeFactory().constructMapType(LinkedHashMap.class, String.class, Object.class));
        if (o.succeeded()) return new Result("SUCCESS", "", logs, null, null, secrets.redact(nbResult), values, null, null);
        String state = o.timedOut() ? "TIMEDOUT" : o.cancelled() ? "CANCELED" : "FAILED";
        String error = read(dir.resolve("error.txt"));
        if (error == null) error = o.message();
        String message = o.message();
        // a task that could not import pyspark says how to give tasks a Python that has it
        Optional<String> fix = taskPython.hintFor(error).or(() -> taskPython.hintFor(trace));
        if (fix.isPresent()) {
            message = (message == null || message.isBlank() ? "" : message + ". ") + fix.get();
            error = (error == null ? "" : error.strip() + "\n") + fix.get();
        }
        return new Result(state, message, logs, secrets.redact(error), trace, secrets.redact(nbResult), values, null, null);
    }

    private void clusterEnv(JsonNode task, Context ctx, Map<String, String> env, Map<String, String> secretEnv) {
        cluster(task, ctx).path("spark_env_vars").fields().forEachRemaining(e -> {
            String[] ref = DynamicValues.secretReference(e.getValue().asText());
            if (ref != null) secretEnv.put(e.getKey(), resolveSecret(e.getValue().asText(), e.getKey(), ctx));
            else env.put(e.getKey(), DynamicValues.resolve(e.getValue().asText(), ctx.references()));
        });
    }

    private String resolveSecret(String value, String name, Context ctx) {
        String[] ref = DynamicValues.secretReference(value);
        if (ref == null) return value;
        return secrets.resolveForJob(ref[0], ref[1], runAs(ctx)).map(b -> new String(b, StandardCharsets.UTF_8))
                .orElseThrow(() -> ApiException.invalid("Secret " + ref[1] + " in scope " + ref[0] + " does not exist"
                        + (name == null ? "" : " (referenced by " + name + ")")));
    }

    /** The principal the run acts as: the job's run_as (a user or a service principal), or null for its creator, the current user. */
    static String runAs(Context ctx) {
        JsonNode runAs = ctx.settings() == null ? null : ctx.settings().path("run_as");
        if (runAs == null || runAs.isMissingNode()) return null;
        String user = runAs.path("user_name").asText(""), sp = runAs.path("service_principal_name").asText("");
        return !sp.isEmpty() ? sp : !user.isEmpty() ? user : null;
    }

    /** The task's cluster spec: new_cluster, or the job cluster it names. */
    private static JsonNode cluster(JsonNode task, Context ctx) {
        if (task.has("new_cluster")) return task.get("new_cluster");
        String key = task.path("job_cluster_key").asText(null);
        if (key != null) {
            for (JsonNode jc : ctx.settings().path("job_clusters")) {
                if (key.equals(jc.path("job_cluster_key").asText())) return jc.path("new_cluster");
            }
        }
        return ctx.settings().objectNode();
    }

    private Result sql(JsonNode t, Context ctx) throws Exception {
        String warehouse = t.path("warehouse_id").asText("");
        if (warehouse.isEmpty()) return Result.failed("sql_task.warehouse_id is required");
        String sql;
        if (t.has("file")) {
            if ("GIT".equals(t.path("file").path("source").asText())) return Result.failed("sql_task files from GIT are not supported by MiniLake");
            sql = Files.readString(files.resolve(t.path("file").path("path").asText()));
        } else if (t.has("query")) {
            return Result.failed("sql_task.query runs a saved query; MiniLake does not serve saved queries to jobs yet");
        } else {
            return Result.failed("MiniLake runs sql_task with a file; alerts and dashboards are not supported");
        }
        Map<String, String> params = new LinkedHashMap<>();
        t.path("parameters").fields().forEachRemaining(e -> params.put(e.getKey(), DynamicValues.resolve(e.getValue().asText(), ctx.references())));
        StringBuilder out = new StringBuilder();
        for (String statement : SqlScripts.split(sql)) {
            if (ctx.cancelled()) return new Result("CANCELED", "Task was cancelled", out.toString(), null, null, null, Map.of(), null, null);
            Result r = runSql(DynamicValues.resolve(statement, params::get), warehouse, ctx, out);
            if (!"SUCCESS".equals(r.resultState())) return r;
        }
        return Result.success(out.toString());
    }

    private Result runSql(String sql, String warehouse, Context ctx, StringBuilder out) throws Exception {
        StatementResponse r = statements.execute(new ExecuteStatementRequest(sql, warehouse, null, null, null, null,
                "INLINE", "JSON_ARRAY", "50s", "CONTINUE", null, null), address.baseUrl());
        while (r.status().state().equals("PENDING") || r.status().state().equals("RUNNING")) {
            if (ctx.cancelled()) {
                statements.cancel(r.statement_id());
                return new Result("CANCELED", "Task was cancelled", out.toString(), null, null, null, Map.of(), null, null);
            }
            Thread.sleep(100);
            r = statements.get(r.statement_id(), address.baseUrl());
        }
        if (!r.status().state().equals("SUCCEEDED")) {
            String msg = r.status().error() == null ? r.status().state() : r.status().error().message();
            return new Result("FAILED", msg, out.toString(), msg, null, null, Map.of(), null, null);
        }
        if (r.result() != null && r.result().data_array() != null) {
            for (List<String> row : r.result().data_array()) out.append(String.join("\t", row.stream().map(String::valueOf).toList())).append('\n');
        }
        return Result.success(out.toString());
    }

    private Result condition(JsonNode t, Context ctx) {
        String op = t.path("op").asText("");
        String left = DynamicValues.resolve(t.path("left").asText(""), ctx.references());
        String right = DynamicValues.resolve(t.path("right").asText(""), ctx.references());
        boolean value;
        switch (op) {
            case "EQUAL_TO" -> value = left.equals(right);
            case "NOT_EQUAL" -> value = !left.equals(right);
            case "GREATER_THAN", "GREATER_THAN_OR_EQUAL", "LESS_THAN", "LESS_THAN_OR_EQUAL" -> {
                BigDecimal l, r;
                try {
                    l = new BigDecimal(left.trim());
                    r = new BigDecimal(right.trim());
                } catch (NumberFormatException e) {
                    return Result.failed("condition_task " + op + " compares numbers; got '" + left + "' and '" + right + "'");
                }
                int c = l.compareTo(r);
                value = switch (op) {
                    case "GREATER_THAN" -> c > 0;
                    case "GREATER_THAN_OR_EQUAL" -> c >= 0;
                    case "LESS_THAN" -> c < 0;
                    default -> c <= 0;
                };
            }
            default -> {
                return Result.failed("condition_task.op must be EQUAL_TO, NOT_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL, LESS_THAN or LESS_THAN_OR_EQUAL, got '" + op + "'");
            }
        }
        return new Result("SUCCESS", "", "", null, null, null, Map.of(), Boolean.toString(value), null);
    }

    private Result runJob(JsonNode t, Context ctx) throws Exception {
        long jobId = t.path("job_id").asLong(0);
        if (jobId == 0) return Result.failed("run_job_task.job_id is required");
        Map<String, String> params = new LinkedHashMap<>();
        t.path("job_parameters").fields().forEachRemaining(e -> params.put(e.getKey(), DynamicValues.resolve(e.getValue().asText(), ctx.references())));
        String state = ctx.runJob(jobId, params);
        return "SUCCESS".equals(state) ? Result.success("") : Result.failed("The triggered run of job " + jobId + " ended " + state);
    }

    private Result forEach(JsonNode t, Context ctx) throws Exception {
        String inputsText = DynamicValues.resolve(t.path("inputs").isTextual() ? t.path("inputs").asText() : t.path("inputs").toString(), ctx.references());
        JsonNode inputs;
        try {
            inputs = json.readTree(inputsText);
        } catch (IOException e) {
            return Result.failed("for_each_task.inputs must be a JSON array, got " + inputsText);
        }
        if (!inputs.isArray()) return Result.failed("for_each_task.inputs must be a JSON array, got " + inputsText);
        int concurrency = Math.max(1, Math.min(100, t.path("concurrency").asInt(1)));
        JsonNode inner = t.get("task");
        List<java.util.concurrent.Future<Result>> futures = new ArrayList<>();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(concurrency, r -> {
            Thread th = new Thread(r, "minilake-foreach-" + ctx.taskRunId());
            th.setDaemon(true);
            return th;
        });
        try {
            for (int i = 0; i < inputs.size(); i++) {
                JsonNode input = inputs.get(i);
                String inputText = input.isTextual() ? input.asText() : input.toString();
                int index = i;
                futures.add(pool.submit(() -> run(inner, iteration(ctx, inputText, index))));
            }
            StringBuilder logs = new StringBuilder();
            List<String> failures = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                Result r = futures.get(i).get();
                if (r.logs() != null) logs.append(r.logs());
                if (!"SUCCESS".equals(r.resultState())) failures.add("iteration " + i + ": " + r.message());
            }
            ForEachStats stats = new ForEachStats(inputs.size(), inputs.size() - failures.size(), failures.size());
            if (failures.isEmpty()) return new Result("SUCCESS", "", logs.toString(), null, null, null, Map.of(), null, stats);
            String msg = failures.size() + " of " + inputs.size() + " iterations failed: " + String.join("; ", failures);
            return new Result("FAILED", msg, logs.toString(), msg, null, null, Map.of(), null, stats);
        } finally {
            pool.shutdownNow();
        }
    }

    /** An iteration of a for_each_task: {{input}} resolves, and it gets its own work dir. */
    private static Context iteration(Context parent, String input, int index) throws IOException {
        Path dir = parent.workDir().resolve("iteration-" + index);
        Files.createDirectories(dir);
        return new Context() {
            public long jobRunId() { return parent.jobRunId(); }
            public long taskRunId() { return parent.taskRunId(); }
            public Function<String, String> references() {
                return name -> name.equals("input") ? input : parent.references().apply(name);
            }
            public Map<String, Map<String, Object>> upstreamValues() { return parent.upstreamValues(); }
            public ObjectNode settings() { return parent.settings(); }
            public ObjectNode overrides() { return null; }
            public void running(TaskHandle handle) { parent.running(handle); }
            public boolean cancelled() { return parent.cancelled(); }
            public Path workDir() { return dir; }
            public String runJob(long jobId, Map<String, String> params) throws InterruptedException { return parent.runJob(jobId, params); }
        };
    }

    private static String read(Path f) throws IOException {
        return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : null;
    }

    private static byte[] random(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }
}
