package dev.minilake.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.jobs.RunRecords.StoredJob;
import dev.minilake.jobs.RunRecords.StoredRun;
import dev.minilake.jobs.RunRecords.StoredTaskRun;

import java.util.List;
import java.util.Map;

/** The wire shapes of jobs and runs (the SDK's Job, BaseJob, Run, RunTask, RunOutput). */
final class RunViews {
    private final ObjectMapper json;
    private final RunsService runs;

    RunViews(ObjectMapper json, RunsService runs) {
        this.json = json;
        this.runs = runs;
    }

    ObjectNode job(StoredJob j, boolean withTasks) {
        ObjectNode o = json.createObjectNode();
        o.put("job_id", j.job_id);
        o.put("creator_user_name", j.creator_user_name);
        // as Databricks reports it: the run_as user or service principal, else the creator
        JsonNode runAs = j.settings.path("run_as");
        String sp = runAs.path("service_principal_name").asText(""), user = runAs.path("user_name").asText("");
        o.put("run_as_user_name", !sp.isEmpty() ? sp : !user.isEmpty() ? user : j.creator_user_name);
        o.put("created_time", j.created_time);
        ObjectNode s = j.settings.deepCopy();
        if (!withTasks) {
            s.remove("tasks");
            s.remove("job_clusters");
        }
        o.set("settings", s);
        o.put("has_more", false);
        return o;
    }

    ObjectNode run(StoredRun r, boolean withTasks) {
        ObjectNode o = json.createObjectNode();
        if (r.job_id != null) o.put("job_id", r.job_id);
        o.put("run_id", r.run_id);
        o.put("original_attempt_run_id", r.run_id);
        o.put("number_in_job", r.number_in_job == 0 ? r.run_id : r.number_in_job);
        o.put("creator_user_name", r.creator_user_name);
        o.put("run_name", r.run_name);
        o.put("run_type", r.run_type);
        o.put("trigger", r.trigger);
        o.put("format", "MULTI_TASK");
        o.put("attempt_number", 0);
        o.set("state", state(r.life_cycle_state, r.result_state, r.state_message, r.user_cancelled_or_timedout));
        o.set("status", status(r.life_cycle_state, r.result_state, r.termination_code, r.termination_type, r.state_message));
        times(o, r.start_time, r.execution_start, r.end_time);
        o.put("run_page_url", runs.runPageUrl(r));
        if (!r.job_parameters.isEmpty()) {
            ArrayNode params = o.putArray("job_parameters");
            Map<String, String> defaults = new java.util.HashMap<>();
            r.settings.path("parameters").forEach(p -> defaults.put(p.path("name").asText(), p.path("default").asText("")));
            r.job_parameters.forEach((k, v) -> params.addObject().put("name", k).put("default", defaults.getOrDefault(k, "")).put("value", v));
        }
        if (r.settings.has("job_clusters")) o.set("job_clusters", r.settings.get("job_clusters"));
        if (withTasks) {
            ArrayNode tasks = o.putArray("tasks");
            for (StoredTaskRun t : runs.tasksOf(r.run_id)) tasks.add(task(t, r));
        }
        o.put("has_more", false);
        return o;
    }

    ObjectNode task(StoredTaskRun t, StoredRun parent) {
        ObjectNode o = t.spec.deepCopy();
        o.put("run_id", t.run_id);
        o.put("task_key", t.task_key);
        o.put("attempt_number", t.attempt_number);
        if (!o.has("run_if") && t.spec.has("depends_on")) o.put("run_if", "ALL_SUCCESS");
        o.set("state", state(t.life_cycle_state, t.result_state, t.state_message, false));
        o.set("status", status(t.life_cycle_state, t.result_state, null, null, t.state_message));
        times(o, t.start_time, t.start_time, t.end_time);
        o.put("run_page_url", runs.runPageUrl(parent) + "/task/" + t.run_id);
        if (t.child_run_id != null) o.putObject("run_job_output").put("run_id", t.child_run_id);
        if (t.outcome != null) o.with("condition_task").put("outcome", t.outcome);
        if (t.for_each_stats != null) {
            ObjectNode stats = o.with("for_each_task").putObject("stats");
            stats.putObject("task_run_stats")
                    .put("total_iterations", t.for_each_stats.total())
                    .put("completed_iterations", t.for_each_stats.total())
                    .put("succeeded_iterations", t.for_each_stats.succeeded())
                    .put("failed_iterations", t.for_each_stats.failed());
        }
        return o;
    }

    ObjectNode output(StoredTaskRun t, StoredRun parent) {
        ObjectNode o = json.createObjectNode();
        ObjectNode meta = task(t, parent);
        if (parent.job_id != null) meta.put("job_id", parent.job_id);
        meta.put("run_name", parent.run_name);
        o.set("metadata", meta);
        if (t.logs != null) {
            o.put("logs", t.logs);
            o.put("logs_truncated", t.logs_truncated);
        }
        if (t.error != null) o.put("error", t.error);
        if (t.error_trace != null && !t.error_trace.isEmpty()) o.put("error_trace", t.error_trace);
        if (t.spec.has("notebook_task") && DONE(t)) {
            ObjectNode nb = o.putObject("notebook_output");
            if (t.notebook_result != null) nb.put("result", t.notebook_result);
            nb.put("truncated", false);
        }
        return o;
    }

    private static boolean DONE(StoredTaskRun t) {
        return RunsService.DONE.contains(t.life_cycle_state);
    }

    private ObjectNode state(String lifeCycle, String result, String message, boolean userCancelled) {
        ObjectNode s = json.createObjectNode();
        s.put("life_cycle_state", lifeCycle);
        if (result != null) s.put("result_state", result);
        s.put("state_message", message == null ? "" : message);
        s.put("user_cancelled_or_timedout", userCancelled);
        return s;
    }

    /** The newer `status` shape (RunStatus): state, and termination details once ended. */
    private ObjectNode status(String lifeCycle, String result, String code, String type, String message) {
        ObjectNode s = json.createObjectNode();
        String state = switch (lifeCycle) {
            case "TERMINATED", "SKIPPED", "INTERNAL_ERROR" -> "TERMINATED";
            case "BLOCKED" -> "BLOCKED";
            case "QUEUED" -> "QUEUED";
            case "WAITING_FOR_RETRY" -> "WAITING";
            default -> lifeCycle;
        };
        s.put("state", state);
        if (state.equals("TERMINATED") && result != null) {
            ObjectNode d = s.putObject("termination_details");
            d.put("code", code != null ? code : switch (result) {
                case "SUCCESS" -> "SUCCESS";
                case "CANCELED", "UPSTREAM_CANCELED" -> "CANCELED";
                case "EXCLUDED" -> "SKIPPED";
                default -> "RUN_EXECUTION_ERROR";
            });
            d.put("type", type != null ? type : result.equals("SUCCESS") || result.equals("EXCLUDED") ? "SUCCESS" : "CLIENT_ERROR");
            d.put("message", message == null ? "" : message);
        }
        return s;
    }

    private static void times(ObjectNode o, long start, long execStart, long end) {
        o.put("start_time", start);
        o.put("setup_duration", execStart > 0 ? Math.max(0, execStart - start) : 0);
        long exec = end > 0 && execStart > 0 ? end - execStart : 0;
        o.put("execution_duration", exec);
        o.put("cleanup_duration", 0);
        o.put("end_time", end);
        o.put("run_duration", end > 0 ? end - start : 0);
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        if (array != null) array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
