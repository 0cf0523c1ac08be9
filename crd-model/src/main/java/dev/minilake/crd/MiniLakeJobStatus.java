package dev.minilake.crd;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

import java.util.ArrayList;
import java.util.List;

/** What the operator saw of the run's pods. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class MiniLakeJobStatus {
    public static final String PENDING = "Pending";
    public static final String RUNNING = "Running";
    public static final String SUCCEEDED = "Succeeded";
    public static final String FAILED = "Failed";
    public static final String CANCELLED = "Cancelled";

    @JsonPropertyDescription("Pending, Running, Succeeded, Failed or Cancelled")
    private String phase;
    @JsonPropertyDescription("When the driver started running (RFC 3339)")
    private String startTime;
    @JsonPropertyDescription("When the run finished (RFC 3339)")
    private String endTime;
    @JsonPropertyDescription("Exit code of the driver container")
    private Integer exitCode;
    @JsonPropertyDescription("Why the run is in this phase")
    private String message;
    @JsonPropertyDescription("True when the run failed because it exceeded spec.timeoutSeconds")
    private Boolean timedOut;
    @JsonPropertyDescription("Names of the pods of this run (the driver first)")
    private List<String> podNames = new ArrayList<>();
    @JsonPropertyDescription("Where the logs are: pod/<name>/<container> in this namespace")
    private String logs;
    @JsonPropertyDescription("metadata.generation the operator last acted on")
    private Long observedGeneration;

    public static boolean isFinal(String phase) {
        return SUCCEEDED.equals(phase) || FAILED.equals(phase) || CANCELLED.equals(phase);
    }

    public String getPhase() { return phase; }
    public void setPhase(String phase) { this.phase = phase; }
    public String getStartTime() { return startTime; }
    public void setStartTime(String startTime) { this.startTime = startTime; }
    public String getEndTime() { return endTime; }
    public void setEndTime(String endTime) { this.endTime = endTime; }
    public Integer getExitCode() { return exitCode; }
    public void setExitCode(Integer exitCode) { this.exitCode = exitCode; }
    public String getMessage() { return message; }
    public void setMessage(String message) { this.message = message; }
    public Boolean getTimedOut() { return timedOut; }
    public void setTimedOut(Boolean timedOut) { this.timedOut = timedOut; }
    public List<String> getPodNames() { return podNames; }
    public void setPodNames(List<String> podNames) { this.podNames = podNames; }
    public String getLogs() { return logs; }
    public void setLogs(String logs) { this.logs = logs; }
    public Long getObservedGeneration() { return observedGeneration; }
    public void setObservedGeneration(Long observedGeneration) { this.observedGeneration = observedGeneration; }
}
