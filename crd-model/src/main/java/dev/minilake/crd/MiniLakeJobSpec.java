package dev.minilake.crd;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Required;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What to run. Secrets are never inline: {@link #secretName} names a Kubernetes Secret in the same
 * namespace whose keys become the driver's environment.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MiniLakeJobSpec {
    @Required
    @JsonPropertyDescription("Task type: spark_python_task, notebook_task, spark_jar_task, sql_task, python_wheel_task")
    private String taskType;
    @JsonPropertyDescription("The task payload: the python file, notebook path, jar main class or SQL the task runs")
    private String payload;
    @Required
    @JsonPropertyDescription("The driver container's argv (interpreter first)")
    private List<String> command = new ArrayList<>();
    @JsonPropertyDescription("Task parameters (widgets, named parameters), as given to the task")
    private Map<String, String> parameters = new LinkedHashMap<>();
    @JsonPropertyDescription("Plain environment of the driver; secrets go through secretName instead")
    private Map<String, String> env = new LinkedHashMap<>();
    @JsonPropertyDescription("Name of a Secret in this namespace whose keys are added to the driver's environment")
    private String secretName;
    @JsonPropertyDescription("Spark conf of the task's cluster")
    private Map<String, String> sparkConf = new LinkedHashMap<>();
    @JsonPropertyDescription("Spark workers: 0 runs Spark local in the driver, more runs Spark on Kubernetes with executor pods")
    private int numWorkers;
    @JsonPropertyDescription("Driver resources (requests and limits, Kubernetes quantities)")
    private Resources resources = new Resources();
    @JsonPropertyDescription("Container image of the driver (the MiniLake image); empty uses the operator's default")
    private String image;
    @JsonPropertyDescription("Working directory of the driver, on the shared data volume")
    private String workDir;
    @JsonPropertyDescription("PersistentVolumeClaim of the MiniLake data dir, mounted at dataMountPath; empty mounts nothing")
    private String dataClaim;
    @JsonPropertyDescription("Where the data volume is mounted in the driver")
    private String dataMountPath;
    @JsonPropertyDescription("The job run id in the owning api-server")
    private long runId;
    @JsonPropertyDescription("The task run id in the owning api-server")
    private long taskRunId;
    @JsonPropertyDescription("The task_key in the job")
    private String taskKey;
    @JsonPropertyDescription("Seconds after the driver started before the run fails as timed out; 0 means none")
    private long timeoutSeconds;
    @JsonPropertyDescription("Set to true to cancel: the operator deletes the pods and the phase becomes Cancelled")
    private boolean cancel;
    @JsonPropertyDescription("Seconds after the run finished before the operator deletes this MiniLakeJob; 0 keeps it")
    private long ttlSecondsAfterFinished;

    public String getTaskType() { return taskType; }
    public void setTaskType(String taskType) { this.taskType = taskType; }
    public String getPayload() { return payload; }
    public void setPayload(String payload) { this.payload = payload; }
    public List<String> getCommand() { return command; }
    public void setCommand(List<String> command) { this.command = command; }
    public Map<String, String> getParameters() { return parameters; }
    public void setParameters(Map<String, String> parameters) { this.parameters = parameters; }
    public Map<String, String> getEnv() { return env; }
    public void setEnv(Map<String, String> env) { this.env = env; }
    public String getSecretName() { return secretName; }
    public void setSecretName(String secretName) { this.secretName = secretName; }
    public Map<String, String> getSparkConf() { return sparkConf; }
    public void setSparkConf(Map<String, String> sparkConf) { this.sparkConf = sparkConf; }
    public int getNumWorkers() { return numWorkers; }
    public void setNumWorkers(int numWorkers) { this.numWorkers = numWorkers; }
    public Resources getResources() { return resources; }
    public void setResources(Resources resources) { this.resources = resources; }
    public String getImage() { return image; }
    public void setImage(String image) { this.image = image; }
    public String getWorkDir() { return workDir; }
    public void setWorkDir(String workDir) { this.workDir = workDir; }
    public String getDataClaim() { return dataClaim; }
    public void setDataClaim(String dataClaim) { this.dataClaim = dataClaim; }
    public String getDataMountPath() { return dataMountPath; }
    public void setDataMountPath(String dataMountPath) { this.dataMountPath = dataMountPath; }
    public long getRunId() { return runId; }
    public void setRunId(long runId) { this.runId = runId; }
    public long getTaskRunId() { return taskRunId; }
    public void setTaskRunId(long taskRunId) { this.taskRunId = taskRunId; }
    public String getTaskKey() { return taskKey; }
    public void setTaskKey(String taskKey) { this.taskKey = taskKey; }
    public long getTimeoutSeconds() { return timeoutSeconds; }
    public void setTimeoutSeconds(long timeoutSeconds) { this.timeoutSeconds = timeoutSeconds; }
    public boolean isCancel() { return cancel; }
    public void setCancel(boolean cancel) { this.cancel = cancel; }
    public long getTtlSecondsAfterFinished() { return ttlSecondsAfterFinished; }
    public void setTtlSecondsAfterFinished(long ttlSecondsAfterFinished) { this.ttlSecondsAfterFinished = ttlSecondsAfterFinished; }

    /** Kubernetes quantities, e.g. cpu "500m", memory "1Gi". */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public static class Resources {
        private String cpuRequest;
        private String memoryRequest;
        private String cpuLimit;
        private String memoryLimit;

        public String getCpuRequest() { return cpuRequest; }
        public void setCpuRequest(String cpuRequest) { this.cpuRequest = cpuRequest; }
        public String getMemoryRequest() { return memoryRequest; }
        public void setMemoryRequest(String memoryRequest) { this.memoryRequest = memoryRequest; }
        public String getCpuLimit() { return cpuLimit; }
        public void setCpuLimit(String cpuLimit) { this.cpuLimit = cpuLimit; }
        public String getMemoryLimit() { return memoryLimit; }
        public void setMemoryLimit(String memoryLimit) { this.memoryLimit = memoryLimit; }
    }
}
