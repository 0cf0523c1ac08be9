package dev.minilake.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.jobs.RunRecords.StoredJob;
import org.springframework.stereotype.Service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Job definitions, named like the SDK's JobsAPI: settings are kept as the client sent them (so a
 * Terraform plan reads back exactly what it wrote), validated for what execution relies on.
 */
@Service
public class JobsService {
    /** Task types MiniLake runs; others are accepted in a definition but fail the run, naming the type. */
    static final List<String> TASK_TYPES = List.of("spark_python_task", "notebook_task", "sql_task", "condition_task",
            "run_job_task", "for_each_task", "python_wheel_task", "spark_jar_task", "spark_submit_task",
            "pipeline_task", "dbt_task", "clean_rooms_notebook_task", "dashboard_task", "power_bi_task",
            "gen_ai_compute_task");

    private final Store store;
    private final Collection<StoredJob> jobs;
    private final CurrentUserService users;
    private final ObjectMapper json;

    public JobsService(Store store, CurrentUserService users, ObjectMapper json) {
        this.store = store;
        this.users = users;
        this.json = json;
        this.jobs = store.collection("job", StoredJob.class);
    }

    public long create(ObjectNode settings) {
        ObjectNode s = normalize(settings);
        StoredJob j = new StoredJob();
        j.job_id = store.nextId("job");
        j.creator_user_name = users.userName();
        j.created_time = System.currentTimeMillis();
        j.settings = s;
        jobs.insert(Long.toString(j.job_id), j);
        return j.job_id;
    }

    public StoredJob get(long jobId) {
        return jobs.get(Long.toString(jobId)).orElseThrow(() -> ApiException.notFound("Job " + jobId));
    }

    /**
     * A job as jobs/get, reset, update and delete find it on Databricks: a missing job is 400
     * INVALID_PARAMETER_VALUE "Job 123 does not exist.". The SDKs (Go, Python, Java) map that answer
     * of GET jobs/get to ResourceDoesNotExist, and the Terraform provider turns that message into a
     * 404 for get, reset and delete, so a deleted job still reads as gone.
     */
    public StoredJob read(long jobId) {
        return jobs.get(Long.toString(jobId)).orElseThrow(() -> ApiException.invalid("Job " + jobId + " does not exist."));
    }

    public List<StoredJob> list() {
        return jobs.list();
    }

    public void reset(long jobId, ObjectNode newSettings) {
        if (newSettings == null) throw ApiException.missingField("new_settings");
        store.inTransaction(() -> {
            StoredJob j = read(jobId);
            j.settings = normalize(newSettings);
            jobs.put(Long.toString(jobId), j);
        });
    }

    /** Partial update: top-level fields replace, tasks merge by task_key, fields_to_remove drops. */
    public void update(long jobId, ObjectNode newSettings, List<String> fieldsToRemove) {
        store.inTransaction(() -> {
            StoredJob j = read(jobId);
            ObjectNode s = j.settings.deepCopy();
            if (newSettings != null) {
                Iterator<Map.Entry<String, JsonNode>> it = newSettings.fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (e.getKey().equals("tasks") && s.has("tasks")) s.set("tasks", mergeByKey((ArrayNode) s.get("tasks"), e.getValue()));
                    else s.set(e.getKey(), e.getValue());
                }
            }
            for (String f : fieldsToRemove == null ? List.<String>of() : fieldsToRemove) removeField(s, f);
            j.settings = normalize(s);
            jobs.put(Long.toString(jobId), j);
        });
    }

    public void delete(long jobId) {
        if (!jobs.delete(Long.toString(jobId))) throw ApiException.invalid("Job " + jobId + " does not exist.");
    }

    /** Validates and fills the defaults Databricks returns for a job's settings. */
    ObjectNode normalize(ObjectNode in) {
        if (in == null) throw ApiException.missingField("settings");
        ObjectNode s = in.deepCopy();
        if (!s.has("name")) s.put("name", "Untitled");
        if (!s.has("max_concurrent_runs")) s.put("max_concurrent_runs", 1);
        if (s.get("max_concurrent_runs").asInt() < 1 || s.get("max_concurrent_runs").asInt() > 1000) {
            throw ApiException.invalid("max_concurrent_runs must be between 1 and 1000");
        }
        if (!s.has("timeout_seconds")) s.put("timeout_seconds", 0);
        if (!s.has("email_notifications")) s.putObject("email_notifications");
        if (!s.has("webhook_notifications")) s.putObject("webhook_notifications");
        if (!s.has("format")) s.put("format", s.has("tasks") ? "MULTI_TASK" : "SINGLE_TASK");
        validateTasks(tasksOf(s), "tasks");
        JsonNode schedule = s.get("schedule");
        if (schedule != null) CronSchedule.parse(schedule);
        return s;
    }

    /** The tasks of a job; a legacy single-task (2.0) job is one task keyed by its name. */
    static List<ObjectNode> tasksOf(ObjectNode settings) {
        List<ObjectNode> out = new ArrayList<>();
        if (settings.has("tasks")) {
            settings.get("tasks").forEach(t -> {
                if (!t.isObject()) throw ApiException.invalid("Each task must be an object");
                out.add((ObjectNode) t);
            });
            return out;
        }
        ObjectNode single = settings.objectNode();
        for (String type : TASK_TYPES) if (settings.has(type)) single.set(type, settings.get(type));
        if (single.isEmpty()) return out;
        single.put("task_key", settings.path("name").asText("main").replaceAll("[^A-Za-z0-9_-]", "_"));
        for (String f : List.of("new_cluster", "existing_cluster_id", "libraries", "timeout_seconds", "max_retries",
                "min_retry_interval_millis", "retry_on_timeout")) {
            if (settings.has(f)) single.set(f, settings.get(f));
        }
        out.add(single);
        return out;
    }

    static void validateTasks(List<ObjectNode> tasks, String where) {
        Set<String> keys = new HashSet<>();
        for (ObjectNode t : tasks) {
            String key = t.path("task_key").asText("");
            if (key.isEmpty()) throw ApiException.invalid("Task key must be provided for each task in " + where);
            if (!key.matches("[A-Za-z0-9_-]{1,100}")) {
                throw ApiException.invalid("Invalid task_key '" + key + "': use letters, digits, '_' and '-' (at most 100)");
            }
            if (!keys.add(key)) throw ApiException.invalid("Task key " + key + " is used by more than one task");
            String runIf = t.path("run_if").asText("ALL_SUCCESS");
            if (!RunIf.VALUES.contains(runIf)) throw ApiException.invalid("Invalid run_if '" + runIf + "' for task " + key);
            if (t.has("for_each_task")) {
                JsonNode inner = t.get("for_each_task").get("task");
                if (inner == null || !inner.isObject()) throw ApiException.missingField("for_each_task.task");
            }
        }
        Map<String, List<String>> deps = new HashMap<>();
        for (ObjectNode t : tasks) {
            List<String> d = new ArrayList<>();
            for (JsonNode dep : t.path("depends_on")) {
                String k = dep.path("task_key").asText();
                if (!keys.contains(k)) {
                    throw ApiException.invalid("Task " + t.get("task_key").asText() + " depends on " + k + ", which is not a task of this job");
                }
                d.add(k);
            }
            deps.put(t.get("task_key").asText(), d);
        }
        Set<String> done = new HashSet<>();
        for (String k : deps.keySet()) checkCycle(k, deps, new HashSet<>(), done);
    }

    private static void checkCycle(String k, Map<String, List<String>> deps, Set<String> path, Set<String> done) {
        if (done.contains(k)) return;
        if (!path.add(k)) throw ApiException.invalid("The task dependencies contain a cycle through " + k);
        for (String d : deps.get(k)) checkCycle(d, deps, path, done);
        path.remove(k);
        done.add(k);
    }

    private static ArrayNode mergeByKey(ArrayNode current, JsonNode updates) {
        ArrayNode out = current.deepCopy();
        for (JsonNode u : updates) {
            boolean replaced = false;
            for (int i = 0; i < out.size(); i++) {
                if (out.get(i).path("task_key").asText().equals(u.path("task_key").asText())) {
                    out.set(i, u);
                    replaced = true;
                }
            }
            if (!replaced) out.add(u);
        }
        return out;
    }

    private static void removeField(ObjectNode s, String field) {
        // "tasks/<key>" removes one task; "libraries" etc. remove a top-level field
        if (field.startsWith("tasks/") && s.has("tasks")) {
            String key = field.substring("tasks/".length());
            ArrayNode tasks = (ArrayNode) s.get("tasks");
            for (int i = tasks.size() - 1; i >= 0; i--) if (tasks.get(i).path("task_key").asText().equals(key)) tasks.remove(i);
        } else {
            s.remove(field);
        }
    }

    void clearAll() {
        // the store's clear() already removed the records; nothing else is held here
    }

    ObjectMapper json() {
        return json;
    }
}
