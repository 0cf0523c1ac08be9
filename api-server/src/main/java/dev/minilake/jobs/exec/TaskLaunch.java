package dev.minilake.jobs.exec;

import dev.minilake.core.redact.RunSecrets;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything an executor needs to run one task run, already resolved by the scheduler: the command
 * line, the environment, and the secrets (kept apart from {@code env} so that an executor can pass
 * them through a Kubernetes Secret rather than inline).
 *
 * @param runId      the job run (the parent run id)
 * @param taskRunId  this task's run id
 * @param taskKey    the task_key in the job
 * @param taskType   e.g. "spark_python_task", "notebook_task", "python_wheel_task", "spark_jar_task"
 * @param command    argv of the process to run (interpreter first)
 * @param env        plain environment for the process
 * @param secretEnv  environment resolved from secret references; never logged or stored
 * @param workDir    working directory (under the data dir)
 * @param timeout    zero means none
 * @param sparkConf  spark_conf of the task's cluster
 * @param numWorkers num_workers of the task's cluster (0 = Spark local)
 * @param secrets    the secret values the run has resolved (growing while it runs): its output is redacted against them
 * @param usesSpark  the task's source uses Spark and has no {@code SPARK_REMOTE} yet: an executor whose tasks bring
 *                   their own Spark starts one for it
 */
public record TaskLaunch(
        long runId,
        long taskRunId,
        String taskKey,
        String taskType,
        List<String> command,
        Map<String, String> env,
        Map<String, String> secretEnv,
        Path workDir,
        Duration timeout,
        Map<String, String> sparkConf,
        int numWorkers,
        RunSecrets secrets,
        boolean usesSpark) {

    public TaskLaunch(long runId, long taskRunId, String taskKey, String taskType, List<String> command, Map<String, String> env,
                      Map<String, String> secretEnv, Path workDir, Duration timeout, Map<String, String> sparkConf, int numWorkers,
                      RunSecrets secrets) {
        this(runId, taskRunId, taskKey, taskType, command, env, secretEnv, workDir, timeout, sparkConf, numWorkers, secrets, false);
    }

    public TaskLaunch {
        command = List.copyOf(command);
        env = Map.copyOf(env);
        secretEnv = Map.copyOf(secretEnv);
        sparkConf = Map.copyOf(sparkConf);
        timeout = timeout == null ? Duration.ZERO : timeout;
        secrets = secrets == null ? new RunSecrets() : secrets;
    }
}
