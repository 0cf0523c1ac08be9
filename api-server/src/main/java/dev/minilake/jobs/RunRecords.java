package dev.minilake.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the store keeps about jobs and runs. Mutable on purpose: a run is updated as it progresses. */
public final class RunRecords {
    private RunRecords() {
    }

    /** A job: its id and settings exactly as the client sent them (plus Databricks' defaults). */
    public static final class StoredJob {
        public long job_id;
        public String creator_user_name;
        public long created_time;
        public ObjectNode settings;
    }

    /** One job run (or one-time submit run). Task runs are stored beside it, parented by run_id. */
    public static final class StoredRun {
        public long run_id;
        public Long job_id;
        public long number_in_job;
        public String run_name;
        public String run_type;
        public String trigger;
        public String creator_user_name;
        public long start_time;
        public long end_time;
        public long execution_start;
        public String life_cycle_state;
        public String result_state;
        public String state_message = "";
        public boolean user_cancelled_or_timedout;
        public String termination_code;
        public String termination_type;
        /** The job settings the run was started with (a snapshot: later edits don't change it). */
        public ObjectNode settings;
        public Map<String, String> job_parameters = new LinkedHashMap<>();
        /** run-now overrides: notebook_params, python_params, ... */
        public ObjectNode overrides;
        public Long parent_run_id;
    }

    /** One attempt of one task in a run. */
    public static final class StoredTaskRun {
        public long run_id;
        public long job_run_id;
        public String task_key;
        public JsonNode spec;
        public int attempt_number;
        public String life_cycle_state = "BLOCKED";
        public String result_state;
        public String state_message = "";
        public long start_time;
        public long end_time;
        public String logs;
        public boolean logs_truncated;
        public String error;
        public String error_trace;
        public String notebook_result;
        public Map<String, Object> task_values = new LinkedHashMap<>();
        /** condition_task outcome: "true" or "false". */
        public String outcome;
        /** for_each_task iteration counts, once it has ended. */
        public TaskRunner.ForEachStats for_each_stats;
        public Long child_run_id;
        public List<String> depends_on = List.of();
    }
}
