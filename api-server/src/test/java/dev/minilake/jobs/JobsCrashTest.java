package dev.minilake.jobs;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksConfig;
import com.databricks.sdk.service.jobs.CreateJob;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunLifeCycleState;
import com.databricks.sdk.service.jobs.RunNow;
import com.databricks.sdk.service.jobs.SparkPythonTask;
import com.databricks.sdk.service.jobs.Task;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import dev.minilake.support.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** kill -9 in the middle of a run: the job survives, and the interrupted run ends honestly. */
class JobsCrashTest {
    @TempDir
    Path tmp;

    @Test
    void jobSurvivesKill9AndTheInterruptedRunIsMarkedInternalError() throws Exception {
        Path data = tmp.resolve("data");
        long jobId;
        long runId;
        ServerProcess first = ServerProcess.start(data, Map.of());
        try {
            WorkspaceClient w = client(first);
            w.workspace().importContent(new Import().setPath("/Workspace/Shared/slow.py").setFormat(ImportFormat.AUTO)
                    .setContent(Base64.getEncoder().encodeToString("import time\nprint('working', flush=True)\ntime.sleep(60)\n"
                            .getBytes(StandardCharsets.UTF_8))));
            jobId = w.jobs().create(new CreateJob().setName("survivor").setTasks(List.of(new Task().setTaskKey("slow")
                    .setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/slow.py"))))).getJobId();
            runId = w.jobs().runNow(new RunNow().setJobId(jobId)).getResponse().getRunId();
            await().atMost(Duration.ofSeconds(60)).until(() -> w.jobs().getRun(runId).getState().getLifeCycleState() == RunLifeCycleState.RUNNING);
        } finally {
            first.kill9();
        }
        ServerProcess second = ServerProcess.start(data, Map.of());
        try {
            WorkspaceClient w = client(second);
            assertThat(w.jobs().get(jobId).getSettings().getName()).isEqualTo("survivor");
            Run run = w.jobs().getRun(runId);
            assertThat(run.getState().getLifeCycleState()).isEqualTo(RunLifeCycleState.INTERNAL_ERROR);
            assertThat(run.getState().getStateMessage()).isNotBlank();
        } finally {
            second.kill9();
        }
    }

    private static WorkspaceClient client(ServerProcess p) {
        return new WorkspaceClient(new DatabricksConfig().setHost(p.url()).setToken("dev"));
    }
}
