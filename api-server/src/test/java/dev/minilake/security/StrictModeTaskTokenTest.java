package dev.minilake.security;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.jobs.CreateJob;
import com.databricks.sdk.service.jobs.Run;
import com.databricks.sdk.service.jobs.RunNow;
import com.databricks.sdk.service.jobs.RunResultState;
import com.databricks.sdk.service.jobs.SparkPythonTask;
import com.databricks.sdk.service.jobs.Task;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * In strict mode a job task never sees the admin token (issue 17, finding 4): its
 * DATABRICKS_TOKEN is a token scoped to its run, which works while the task runs and is refused
 * after it ended.
 */
class StrictModeTaskTokenTest {
    static final String ADMIN = "admin-token-never-in-a-task-" + System.nanoTime();
    static MiniLakeServer server;

    @BeforeAll
    static void start() throws Exception {
        server = MiniLakeServer.startWith(Map.of("MINILAKE_AUTH", "strict", "MINILAKE_TOKEN", ADMIN));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aTaskGetsARunScopedTokenAndNeverTheAdminToken() throws Exception {
        WorkspaceClient w = server.workspace(ADMIN);
        String script = """
                import os, urllib.request
                for k, v in sorted(os.environ.items()):
                    print(k + "=" + v)
                req = urllib.request.Request(os.environ["DATABRICKS_HOST"] + "/api/2.0/preview/scim/v2/Me",
                                             headers={"Authorization": "Bearer " + os.environ["DATABRICKS_TOKEN"]})
                print("me-status", urllib.request.urlopen(req).status)
                print("task-token", os.environ["DATABRICKS_TOKEN"])
                """;
        w.workspace().importContent(new Import().setPath("/Shared/env.py").setFormat(ImportFormat.AUTO).setOverwrite(true)
                .setContent(Base64.getEncoder().encodeToString(script.getBytes(StandardCharsets.UTF_8))));
        long jobId = w.jobs().create(new CreateJob().setName("env").setTasks(List.of(new Task().setTaskKey("env")
                .setSparkPythonTask(new SparkPythonTask().setPythonFile("/Workspace/Shared/env.py"))))).getJobId();

        Run run = w.jobs().runNow(new RunNow().setJobId(jobId)).get(Duration.ofSeconds(90));

        assertThat(run.getState().getResultState()).isEqualTo(RunResultState.SUCCESS);
        String logs = w.jobs().getRunOutput(run.getTasks().iterator().next().getRunId()).getLogs();
        assertThat(logs).contains("me-status 200").doesNotContain(ADMIN);
        assertThat(logs).doesNotContain("MINILAKE_TOKEN=");
        Matcher m = Pattern.compile("task-token (\\S+)").matcher(logs);
        assertThat(m.find()).isTrue();
        String taskToken = m.group(1);
        assertThat(taskToken).isNotEqualTo(ADMIN);
        // the run ended, so its token is revoked
        assertThat(server.send("GET", "/api/2.0/preview/scim/v2/Me", null, Map.of("Authorization", "Bearer " + taskToken)).statusCode())
                .isEqualTo(401);
        assertThat(server.send("GET", "/api/2.0/preview/scim/v2/Me", null, Map.of("Authorization", "Bearer " + ADMIN)).statusCode())
                .isEqualTo(200);
    }
}
