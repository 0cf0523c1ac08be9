package dev.minilake.jobs;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.jobs.ConditionTask;
import com.databricks.sdk.service.jobs.ConditionTaskOp;
import com.databricks.sdk.service.jobs.CreateJob;
import com.databricks.sdk.service.jobs.CronSchedule;
import com.databricks.sdk.service.jobs.ForEachTask;
import com.databricks.sdk.service.jobs.Job;
import com.databricks.sdk.service.jobs.JobSettings;
import com.databricks.sdk.service.jobs.NotebookTask;
import com.databricks.sdk.service.jobs.PauseStatus;
import com.databricks.sdk.service.jobs.ResetJob;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunIf;
import com.databricks.sdk.service.jobs.RunLifeCycleState;
import com.databricks.sdk.service.jobs.RunNow;
import com.databricks.sdk.service.jobs.RunOutput;
import com.databricks.sdk.service.jobs.RunResultState;
import com.databricks.sdk.service.jobs.RunTask;
import com.databricks.sdk.service.jobs.SparkPythonTask;
import com.databricks.sdk.service.jobs.SqlTask;
import com.databricks.sdk.service.jobs.SqlTaskFile;
import com.databricks.sdk.service.jobs.SubmitRun;
import com.databricks.sdk.service.jobs.SubmitTask;
import com.databricks.sdk.service.jobs.Task;
import com.databricks.sdk.service.jobs.TaskDependency;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.workspace.CreateScope;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import com.databricks.sdk.service.workspace.Language;
import com.databricks.sdk.service.workspace.PutSecret;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Jobs through the real Java SDK: every task here really runs (a python3 process, a notebook, SQL
 * on DuckDB), and the assertions read back what those processes printed or wrote.
 */
class JobsSdkTest {
    static final Duration WAIT = Duration.ofSeconds(90);
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void pythonTaskPrintsRealStdoutWithResolvedParametersAndRedactedSecret() throws Exception {
        w.secrets().createScope(new CreateScope().setScope("ci"));
        w.secrets().putSecret(new PutSecret().setScope("ci").setKey("pw").setStringValue("s3cr3t-value"));
        upload("/Workspace/Shared/hello.py", """
                import sys, os
                print("hello from pid", os.getpid())
                print("args=" + ",".join(sys.argv[1:]))
                pw = dbutils.secrets.get("ci", "pw")
                print("secret length", len(pw), "value", pw)
                """);
        long jobId = w.jobs().create(new CreateJob().setName("hello").setTasks(List.of(
                new Task().setTaskKey("main").setSparkPythonTask(new SparkPythonTask()
                        .setPythonFile("/Workspace/Shared/hello.py")
                        .setParameters(List.of("--job", "{{job.id}}", "{{job.parameters.day}}")))))
                .setParameters(List.of(new com.databricks.sdk.service.jobs.JobParameterDefinition().setName("day").setDefault("mon"))))
                .getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId).setJobParameters(Map.of("day", "tue"))).get(WAIT);

        assertThat(run.getState().getLifeCycleState()).isEqualTo(RunLifeCycleState.TERMINATED);
        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        RunOutput out = w.jobs().getRunOutput(firstTask(run).getRunId());
        assertThat(out.getLogs()).contains("hello from pid")
                .contains("args=--job," + jobId + ",tue")
                .contains("secret length 12 value [REDACTED]")
                .doesNotContain("s3cr3t-value");
    }

    @Test
    void aRunAsAServicePrincipalReadsOnlyTheScopesItsAclsGrant() throws Exception {
        w.secrets().createScope(new CreateScope().setScope("team"));
        w.secrets().putSecret(new PutSecret().setScope("team").setKey("pw").setStringValue("only-for-the-team"));
        upload("/Workspace/Shared/read_secret.py", """
                print("len", len(dbutils.secrets.get("team", "pw")))
                """);
        long jobId = w.jobs().create(new CreateJob().setName("as-sp")
                .setRunAs(new com.databricks.sdk.service.jobs.JobRunAs().setServicePrincipalName("etl-sp"))
                .setTasks(List.of(new Task().setTaskKey("main").setSparkPythonTask(
                        new SparkPythonTask().setPythonFile("/Workspace/Shared/read_secret.py"))))).getJobId();
        assertThat(w.jobs().get(jobId).getRunAsUserName()).isEqualTo("etl-sp");

        // the scope's creator (the current user) has MANAGE; the service principal has nothing
        Run refused = w.jobs().runNow(new RunNow().setJobId(jobId)).get(WAIT);
        assertThat(refused.getState().getResultState()).isEqualTo(RunResultState.FAILED);
        RunOutput out = w.jobs().getRunOutput(firstTask(refused).getRunId());
        assertThat(out.getError() + out.getLogs()).contains("etl-sp does not have READ permission on secret scope team")
                .doesNotContain("only-for-the-team");

        w.secrets().putAcl(new com.databricks.sdk.service.workspace.PutAcl().setScope("team").setPrincipal("etl-sp")
                .setPermission(com.databricks.sdk.service.workspace.AclPermission.READ));
        Run granted = w.jobs().runNow(new RunNow().setJobId(jobId)).get(WAIT);
        assertThat(granted.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        assertThat(w.jobs().getRunOutput(firstTask(granted).getRunId()).getLogs()).contains("len 17");
    }

    @Test
    void diamondDagRunsIndependentBranchesInParallel() throws Exception {
        upload("/Workspace/Shared/sleep.py", """
                import sys, time
                time.sleep(float(sys.argv[1]))
                print("done", sys.argv[2])
                """);
        long jobId = w.jobs().create(new CreateJob().setName("diamond").setTasks(List.of(
                py("a", "0.1", "a"),
                py("b", "2", "b").setDependsOn(List.of(dep("a"))),
                py("c", "2", "c").setDependsOn(List.of(dep("a"))),
                py("d", "0.1", "d").setDependsOn(List.of(dep("b"), dep("c")))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(WAIT);

        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        Map<String, RunTask> t = byKey(run);
        assertThat(t).containsOnlyKeys("a", "b", "c", "d");
        // b and c both start after a ends, d after both end, and b and c overlap in time
        assertThat(t.get("b").getStartTime()).isGreaterThanOrEqualTo(t.get("a").getEndTime());
        assertThat(t.get("c").getStartTime()).isGreaterThanOrEqualTo(t.get("a").getEndTime());
        assertThat(t.get("d").getStartTime()).isGreaterThanOrEqualTo(Math.max(t.get("b").getEndTime(), t.get("c").getEndTime()));
        assertThat(t.get("b").getStartTime()).isLessThan(t.get("c").getEndTime());
        assertThat(t.get("c").getStartTime()).isLessThan(t.get("b").getEndTime());
        assertThat(w.jobs().getRunOutput(t.get("d").getRunId()).getLogs()).contains("done d");
    }

    @Test
    void eachRunIfValueWithOneFailedAndOneSucceededUpstream() throws Exception {
        upload("/Workspace/Shared/fail.py", "import sys\nprint('about to fail')\nsys.exit(3)\n");
        upload("/Workspace/Shared/ok.py", "print('ran ok')\n");
        List<Task> tasks = new java.util.ArrayList<>(List.of(file("boom", "/Workspace/Shared/fail.py"), file("fine", "/Workspace/Shared/ok.py")));
        for (RunIf runIf : RunIf.values()) {
            tasks.add(file(runIf.name().toLowerCase(), "/Workspace/Shared/ok.py").setRunIf(runIf)
                    .setDependsOn(List.of(dep("boom"), dep("fine"))));
        }
        long jobId = w.jobs().create(new CreateJob().setName("run-if").setTasks(tasks)).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(WAIT);

        Map<String, RunTask> t = byKey(run);
        assertThat(t.get("boom").getState().getResultState()).isEqualTo(RunResultState.FAILED);
        assertThat(t.get("fine").getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        assertThat(t.get("all_success").getState().getResultState()).isEqualTo(RunResultState.UPSTREAM_FAILED);
        assertThat(t.get("none_failed").getState().getResultState()).isEqualTo(RunResultState.UPSTREAM_FAILED);
        assertThat(t.get("all_failed").getState().getResultState()).isEqualTo(RunResultState.UPSTREAM_FAILED);
        assertThat(t.get("all_done").getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        assertThat(t.get("at_least_one_success").getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        assertThat(t.get("at_least_one_failed").getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.FAILED);
        RunOutput failed = w.jobs().getRunOutput(t.get("boom").getRunId());
        assertThat(failed.getLogs()).contains("about to fail");
        assertThat(failed.getError()).contains("3");
        assertThat(w.jobs().getRunOutput(t.get("all_done").getRunId()).getLogs()).contains("ran ok");
    }

    @Test
    void retriesRunTheTaskAgainAsANewAttempt() throws Exception {
        Path marker = Files.createTempDirectory("ml-retry").resolve("first-attempt-done");
        upload("/Workspace/Shared/flaky.py", """
                import os, sys
                marker = sys.argv[1]
                if not os.path.exists(marker):
                    open(marker, "w").close()
                    print("first attempt fails")
                    sys.exit(1)
                print("second attempt succeeds")
                """);
        long jobId = w.jobs().create(new CreateJob().setName("flaky").setTasks(List.of(
                new Task().setTaskKey("flaky").setMaxRetries(2L).setMinRetryIntervalMillis(0L)
                        .setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/flaky.py")
                                .setParameters(List.of(marker.toString())))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(WAIT);

        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        List<RunTask> attempts = run.getTasks().stream().sorted(Comparator.comparing(RunTask::getAttemptNumber)).toList();
        assertThat(attempts).extracting(RunTask::getAttemptNumber).containsExactly(0L, 1L);
        assertThat(attempts.get(0).getState().getResultState()).isEqualTo(RunResultState.FAILED);
        assertThat(w.jobs().getRunOutput(attempts.get(1).getRunId()).getLogs()).contains("second attempt succeeds");
    }

    @Test
    void notebookReadsWidgetsAndExitsWithAValue() throws Exception {
        String source = """
                # Databricks notebook source
                x = int(dbutils.widgets.get("x"))

                # COMMAND ----------
                print("squaring", x)
                dbutils.notebook.exit(str(x * x))
                """;
        w.workspace().importContent(new Import().setPath("/Workspace/Shared/square").setFormat(ImportFormat.SOURCE)
                .setLanguage(Language.PYTHON).setOverwrite(true).setContent(b64(source)));
        long jobId = w.jobs().create(new CreateJob().setName("nb").setTasks(List.of(
                new Task().setTaskKey("nb").setNotebookTask(new NotebookTask().setNotebookPath("/Workspace/Shared/square")
                        .setBaseParameters(Map.of("x", "3")))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId).setNotebookParams(Map.of("x", "7"))).get(WAIT);

        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        RunOutput out = w.jobs().getRunOutput(firstTask(run).getRunId());
        assertThat(out.getNotebookOutput().getResult()).isEqualTo("49");
    }

    @Test
    void sqlFileTaskWritesRowsIntoDuckDb() throws Exception {
        upload("/Workspace/Shared/load.sql", """
                CREATE TABLE main.default.loaded (id INT, name STRING);
                INSERT INTO main.default.loaded VALUES (1, 'a'), (2, 'b'), ({{n}}, 'c');
                """);
        long jobId = w.jobs().create(new CreateJob().setName("sql").setTasks(List.of(
                new Task().setTaskKey("load").setSqlTask(new SqlTask().setWarehouseId("wh")
                        .setParameters(Map.of("n", "42"))
                        .setFile(new SqlTaskFile().setPath("/Workspace/Shared/load.sql")))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(WAIT);

        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        StatementResponse r = w.statementExecution().executeStatement(new ExecuteStatementRequest()
                .setWarehouseId("wh").setStatement("SELECT sum(id) FROM main.default.loaded"));
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("45"));
    }

    @Test
    void forEachRunsTheNestedTaskOncePerInput() throws Exception {
        upload("/Workspace/Shared/item.py", "import sys\nprint('item', sys.argv[1])\n");
        long jobId = w.jobs().create(new CreateJob().setName("loop").setTasks(List.of(
                new Task().setTaskKey("loop").setForEachTask(new ForEachTask().setInputs("[\"x\", \"y\", \"z\"]").setConcurrency(3L)
                        .setTask(new Task().setTaskKey("loop_body").setSparkPythonTask(new SparkPythonTask()
                                .setPythonFile("/Workspace/Shared/item.py").setParameters(List.of("{{input}}")))))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(WAIT);

        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        RunTask loop = byKey(run).get("loop");
        assertThat(loop.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        assertThat(loop.getForEachTask().getStats().getTaskRunStats().getSucceededIterations()).isEqualTo(3L);
    }

    @Test
    void conditionTaskBranches() {
        long jobId = w.jobs().create(new CreateJob().setName("cond").setTasks(List.of(
                new Task().setTaskKey("check").setConditionTask(new ConditionTask().setOp(ConditionTaskOp.GREATER_THAN)
                        .setLeft("{{job.parameters.n}}").setRight("10"))))
                .setParameters(List.of(new com.databricks.sdk.service.jobs.JobParameterDefinition().setName("n").setDefault("5"))))
                .getJobId();
        Run small = waitRun(w.jobs().runNow(new RunNow().setJobId(jobId)).getResponse().getRunId());
        Run big = waitRun(w.jobs().runNow(new RunNow().setJobId(jobId).setJobParameters(Map.of("n", "11"))).getResponse().getRunId());
        assertThat(firstTask(small).getConditionTask().getOutcome()).isEqualTo("false");
        assertThat(firstTask(big).getConditionTask().getOutcome()).isEqualTo("true");
    }

    @Test
    void cancelKillsTheRunningProcess() throws Exception {
        Path marker = Files.createTempDirectory("ml-cancel").resolve("finished");
        upload("/Workspace/Shared/long.py", """
                import sys, time
                print("started", flush=True)
                time.sleep(30)
                open(sys.argv[1], "w").write("should never happen")
                """);
        long jobId = w.jobs().create(new CreateJob().setName("long").setTasks(List.of(
                new Task().setTaskKey("long").setSparkPythonTask(new SparkPythonTask()
                        .setPythonFile("/Workspace/Shared/long.py").setParameters(List.of(marker.toString())))))).getJobId();
        long runId = w.jobs().runNow(new RunNow().setJobId(jobId)).getResponse().getRunId();
        await().atMost(WAIT).until(() -> w.jobs().getRun(runId).getState().getLifeCycleState() == RunLifeCycleState.RUNNING);

        Run cancelled = w.jobs().cancelRun(runId).get(WAIT);

        assertThat(cancelled.getState().getResultState()).isEqualTo(RunResultState.CANCELED);
        Thread.sleep(1500);
        assertThat(marker).doesNotExist();
    }

    @Test
    void submitOneTimeRunAndListIt() throws Exception {
        upload("/Workspace/Shared/once.py", "print('one time run')\n");
        Run run = w.jobs().submit(new SubmitRun().setRunName("adhoc").setTasks(List.of(
                new SubmitTask().setTaskKey("t").setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/once.py"))))).get(WAIT);
        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        assertThat(w.jobs().getRunOutput(firstTask(run).getRunId()).getLogs()).contains("one time run");
        assertThat(run.getRunName()).isEqualTo("adhoc");
    }

    @Test
    void cronScheduleTriggersRunsAndPauseStopsThem() {
        upload("/Workspace/Shared/tick.py", "print('tick')\n");
        long jobId = w.jobs().create(new CreateJob().setName("cron").setTasks(List.of(file("t", "/Workspace/Shared/tick.py")))
                .setSchedule(new CronSchedule().setQuartzCronExpression("* * * * * ?").setTimezoneId("UTC"))).getJobId();

        await().atMost(WAIT).until(() -> runsOf(jobId).stream().anyMatch(r -> r.getState().getResultState() == RunResultState.SUCCESS));
        assertThat(runsOf(jobId).get(0).getTrigger().toString()).isEqualTo("PERIODIC");

        Job job = w.jobs().get(jobId);
        JobSettings paused = job.getSettings().setSchedule(job.getSettings().getSchedule().setPauseStatus(PauseStatus.PAUSED));
        w.jobs().reset(new ResetJob().setJobId(jobId).setNewSettings(paused));
        // a tick that found the previous run still going is SKIPPED (max_concurrent_runs=1, no queue)
        await().atMost(WAIT).until(() -> runsOf(jobId).stream().allMatch(r -> java.util.Set.of(RunLifeCycleState.TERMINATED,
                RunLifeCycleState.SKIPPED).contains(r.getState().getLifeCycleState())));
        int count = runsOf(jobId).size();
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).until(() -> runsOf(jobId).size() == count);
    }

    @Test
    void badJobsAreRejectedAndChangeNothing() {
        assertThatThrownBy(() -> w.jobs().create(new CreateJob().setName("cycle").setTasks(List.of(
                file("a", "/x.py").setDependsOn(List.of(dep("b"))),
                file("b", "/x.py").setDependsOn(List.of(dep("a")))))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("cycle");
        assertThatThrownBy(() -> w.jobs().create(new CreateJob().setName("dangling").setTasks(List.of(
                file("a", "/x.py").setDependsOn(List.of(dep("nope")))))))
                .isInstanceOf(InvalidParameterValue.class);
        assertThat(StreamSupport.stream(w.jobs().list(new com.databricks.sdk.service.jobs.ListJobsRequest()).spliterator(), false)).isEmpty();
        assertThatThrownBy(() -> w.jobs().get(987654L)).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.jobs().runNow(new RunNow().setJobId(987654L))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.jobs().getRun(987654L)).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void pythonWheelTaskCallsTheEntryPointFromTheWheelMetadata() throws Exception {
        java.io.ByteArrayOutputStream whl = new java.io.ByteArrayOutputStream();
        try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(whl)) {
            z.putNextEntry(new java.util.zip.ZipEntry("etl/__init__.py"));
            z.write("import sys\ndef main():\n    print('wheel entry', sys.argv[1:])\n    import etl; print('installed at', etl.__file__)\n".getBytes(StandardCharsets.UTF_8));
            // a minimal but valid wheel, so that pip installs it into the run's virtualenv
            Map<String, String> meta = new java.util.LinkedHashMap<>();
            meta.put("etl-0.1.dist-info/entry_points.txt", "[console_scripts]\nrun-etl = etl:main\n");
            meta.put("etl-0.1.dist-info/METADATA", "Metadata-Version: 2.1\nName: etl\nVersion: 0.1\n");
            meta.put("etl-0.1.dist-info/WHEEL", "Wheel-Version: 1.0\nGenerator: minilake-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n");
            meta.put("etl-0.1.dist-info/RECORD", "etl/__init__.py,,\netl-0.1.dist-info/entry_points.txt,,\n"
                    + "etl-0.1.dist-info/METADATA,,\netl-0.1.dist-info/WHEEL,,\netl-0.1.dist-info/RECORD,,\n");
            for (var e : meta.entrySet()) {
                z.putNextEntry(new java.util.zip.ZipEntry(e.getKey()));
                z.write(e.getValue().getBytes(StandardCharsets.UTF_8));
            }
        }
        w.dbfs().put(new com.databricks.sdk.service.files.Put().setPath("/libs/etl-0.1-py3-none-any.whl").setOverwrite(true)
                .setContents(Base64.getEncoder().encodeToString(whl.toByteArray())));
        long jobId = w.jobs().create(new CreateJob().setName("wheel").setTasks(List.of(new Task().setTaskKey("w")
                .setLibraries(List.of(new com.databricks.sdk.service.compute.Library().setWhl("dbfs:/libs/etl-0.1-py3-none-any.whl")))
                .setPythonWheelTask(new com.databricks.sdk.service.jobs.PythonWheelTask().setPackageName("etl").setEntryPoint("run-etl")
                        .setNamedParameters(Map.of("day", "{{job.id}}")))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(WAIT);

        assertThat(run.getState().getResultState()).as(w.jobs().getRunOutput(firstTask(run).getRunId()).getError())
                .isEqualTo(RunResultState.SUCCESS);
        assertThat(w.jobs().getRunOutput(firstTask(run).getRunId()).getLogs()).contains("wheel entry ['--day=" + jobId + "']")
                .containsPattern("installed at .*/venv/lib/python3[.0-9]*/site-packages/etl/__init__.py");
    }

    @Test
    void missingScriptFailsTheTaskClearly() throws Exception {
        long jobId = w.jobs().create(new CreateJob().setName("missing").setTasks(List.of(file("t", "/Workspace/Shared/nope.py")))).getJobId();
        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(WAIT);
        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.FAILED);
        assertThat(w.jobs().getRunOutput(firstTask(run).getRunId()).getError()).contains("nope.py");
    }

    // ---- helpers

    private Run waitRun(long runId) {
        try {
            return w.jobs().waitGetRunJobTerminatedOrSkipped(runId, WAIT, null);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private List<com.databricks.sdk.service.jobs.BaseRun> runsOf(long jobId) {
        return StreamSupport.stream(w.jobs().listRuns(new com.databricks.sdk.service.jobs.ListRunsRequest().setJobId(jobId)).spliterator(), false).toList();
    }

    private void upload(String path, String content) {
        w.workspace().importContent(new Import().setPath(path).setFormat(ImportFormat.AUTO).setOverwrite(true).setContent(b64(content)));
    }

    private static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    private static Task py(String key, String seconds, String label) {
        return new Task().setTaskKey(key).setSparkPythonTask(new SparkPythonTask()
                .setPythonFile("/Workspace/Shared/sleep.py").setParameters(List.of(seconds, label)));
    }

    private static Task file(String key, String path) {
        return new Task().setTaskKey(key).setSparkPythonTask(new SparkPythonTask().setPythonFile(path));
    }

    private static TaskDependency dep(String key) {
        return new TaskDependency().setTaskKey(key);
    }

    private static RunTask firstTask(Run run) {
        return run.getTasks().iterator().next();
    }

    private static Map<String, RunTask> byKey(Run run) {
        return run.getTasks().stream().collect(java.util.stream.Collectors.toMap(RunTask::getTaskKey, t -> t, (a, b) -> b));
    }
}
