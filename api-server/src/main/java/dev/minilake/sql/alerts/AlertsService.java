package dev.minilake.sql.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.engines.statements.QueryResult;
import dev.minilake.sql.queries.SavedQueriesService;
import dev.minilake.sql.queries.SqlObjects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * SQL alerts, named like the SDK's AlertsAPI, durable in the store. An alert is evaluated by really
 * running its saved query on the statements engine and applying its condition to the first row:
 * on demand ({@link #evaluate}) and on a schedule (every MINILAKE_ALERT_INTERVAL_SECONDS). A change
 * of state is recorded as a notification (recorded, not delivered: MiniLake sends no mail).
 */
@Service
public class AlertsService implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AlertsService.class);
    static final Set<String> CREATE_FIELDS = Set.of("condition", "custom_body", "custom_subject", "display_name",
            "notify_on_ok", "parent_path", "query_id", "seconds_to_retrigger");
    static final Set<String> UPDATE_FIELDS = Set.of("condition", "custom_body", "custom_subject", "display_name",
            "notify_on_ok", "owner_user_name", "query_id", "seconds_to_retrigger");

    private final Store store;
    private final Collection<ObjectNode> alerts;
    private final Collection<ObjectNode> notifications;
    private final SavedQueriesService queries;
    private final CurrentUserService users;
    private final ObjectMapper json;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "minilake-alerts");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean paused;

    public AlertsService(Store store, SavedQueriesService queries, CurrentUserService users, ObjectMapper json, Settings settings) {
        this.store = store;
        this.alerts = store.collection("sql_alert", ObjectNode.class);
        this.notifications = store.collection("sql_alert_notification", ObjectNode.class);
        this.queries = queries;
        this.users = users;
        this.json = json;
        long every = settings.alertIntervalSeconds();
        if (every > 0) scheduler.scheduleWithFixedDelay(this::evaluateAll, every, every, TimeUnit.SECONDS);
    }

    public ObjectNode create(JsonNode alert, boolean autoResolveName) {
        if (alert == null || !alert.isObject()) throw ApiException.missingField("alert");
        ObjectNode a = json.createObjectNode();
        SqlObjects.copy(a, alert, CREATE_FIELDS);
        validate(a);
        String id = UUID.randomUUID().toString();
        String now = SqlObjects.now();
        String parent = a.has("parent_path") ? a.get("parent_path").asText() : "/Users/" + users.userName();
        a.put("id", id).put("parent_path", parent).put("state", "UNKNOWN").put("lifecycle_state", "ACTIVE")
                .put("owner_user_name", users.userName()).put("create_time", now).put("update_time", now);
        if (!a.has("notify_on_ok")) a.put("notify_on_ok", false);
        if (!a.has("seconds_to_retrigger")) a.put("seconds_to_retrigger", 0);
        return store.inTransaction(() -> {
            a.put("display_name", uniqueName(a.get("display_name").asText(), parent, null, autoResolveName));
            alerts.insert(id, a);
            return a;
        });
    }

    public ObjectNode get(String id) {
        return alerts.get(id).orElseThrow(() -> ApiException.notFound("Alert " + id));
    }

    public List<ObjectNode> listActive() {
        return alerts.list().stream().filter(AlertsService::active).toList();
    }

    public ObjectNode update(String id, String updateMask, JsonNode patch, boolean autoResolveName) {
        Set<String> fields = SqlObjects.mask(updateMask, UPDATE_FIELDS);
        return store.inTransaction(() -> {
            ObjectNode a = get(id);
            if (!active(a)) throw ApiException.invalid("Alert " + id + " is in the trash");
            SqlObjects.applyMask(a, patch, fields);
            validate(a);
            if (fields.contains("display_name")) {
                a.put("display_name", uniqueName(a.get("display_name").asText(), a.get("parent_path").asText(), id, autoResolveName));
            }
            // a new query or condition invalidates the last evaluation
            if (fields.contains("condition") || fields.contains("query_id")) a.put("state", "UNKNOWN");
            a.put("update_time", SqlObjects.now());
            alerts.put(id, a);
            return a;
        });
    }

    public void trash(String id) {
        store.inTransaction(() -> {
            ObjectNode a = get(id);
            if (!active(a)) throw ApiException.notFound("Alert " + id);
            a.put("lifecycle_state", "TRASHED").put("update_time", SqlObjects.now());
            alerts.put(id, a);
        });
    }

    /** Runs the alert's query now and stores the state it evaluates to. */
    public ObjectNode evaluate(String id) throws Exception {
        ObjectNode a = get(id);
        if (!active(a)) throw ApiException.invalid("Alert " + id + " is in the trash");
        AlertCondition condition = AlertCondition.parse(a.get("condition"));
        String queryId = a.get("query_id").asText();
        AlertCondition.Outcome outcome;
        try {
            QueryResult r = queries.run(queryId);
            outcome = condition.evaluate(r);
        } catch (ApiException e) {
            outcome = new AlertCondition.Outcome("UNKNOWN", e.getMessage());
        }
        AlertCondition.Outcome result = outcome;
        return store.inTransaction(() -> {
            ObjectNode current = get(id);
            String before = SqlObjects.text(current, "state");
            long nowMs = System.currentTimeMillis();
            String now = Instant.ofEpochMilli(nowMs).toString();
            current.put("state", result.state()).put("last_evaluation_time", now);
            if (result.reason() != null && result.state().equals("UNKNOWN")) current.put("evaluation_message", result.reason());
            else current.remove("evaluation_message");
            boolean notify = false;
            if (result.state().equals("TRIGGERED")) {
                long rearm = current.path("seconds_to_retrigger").asLong(0);
                String last = SqlObjects.text(current, "trigger_time");
                boolean rearmed = rearm > 0 && last != null && nowMs - Instant.parse(last).toEpochMilli() >= rearm * 1000;
                if (!"TRIGGERED".equals(before) || rearmed) {
                    current.put("trigger_time", now);
                    notify = true;
                }
            } else if (result.state().equals("OK") && "TRIGGERED".equals(before) && current.path("notify_on_ok").asBoolean(false)) {
                notify = true;
            }
            alerts.put(id, current);
            if (notify) record(current, now);
            return current;
        });
    }

    /** The notifications recorded for an alert, oldest first. */
    public List<ObjectNode> notifications(String id) {
        get(id);
        return notifications.listByParent(id);
    }

    /** The scheduled tick: every active alert, one at a time; a failing alert does not stop the others. */
    void evaluateAll() {
        if (paused) return;
        for (ObjectNode a : new ArrayList<>(listActive())) {
            if (paused) return;
            try {
                evaluate(a.get("id").asText());
            } catch (Exception e) {
                log.warn("alert {} could not be evaluated: {}", a.get("id").asText(), e.getMessage());
            }
        }
    }

    void quiesce() {
        paused = true;
    }

    void resume() {
        paused = false;
    }

    private void record(ObjectNode alert, String time) {
        String id = UUID.randomUUID().toString();
        ObjectNode n = json.createObjectNode().put("id", id).put("alert_id", alert.get("id").asText())
                .put("state", alert.get("state").asText()).put("time", time)
                .put("subject", alert.has("custom_subject") ? alert.get("custom_subject").asText()
                        : "Alert \"" + alert.get("display_name").asText() + "\" changed status to " + alert.get("state").asText())
                .put("delivered", false);
        if (alert.has("custom_body")) n.put("body", alert.get("custom_body").asText());
        n.putArray("recipients").add(SqlObjects.text(alert, "owner_user_name"));
        notifications.insert(id, alert.get("id").asText(), n);
    }

    private void validate(ObjectNode a) {
        String name = SqlObjects.text(a, "display_name");
        if (name == null || name.isBlank()) throw ApiException.missingField("display_name");
        String queryId = SqlObjects.text(a, "query_id");
        if (queryId == null) throw ApiException.missingField("query_id");
        queries.get(queryId);
        AlertCondition.parse(a.get("condition"));
        if (a.has("seconds_to_retrigger") && a.get("seconds_to_retrigger").asLong(0) < 0) {
            throw ApiException.invalid("seconds_to_retrigger must not be negative");
        }
    }

    private String uniqueName(String name, String parent, String selfId, boolean autoResolve) {
        List<String> taken = listActive().stream()
                .filter(o -> !o.get("id").asText().equals(selfId) && parent.equals(SqlObjects.text(o, "parent_path")))
                .map(o -> SqlObjects.text(o, "display_name")).toList();
        if (!taken.contains(name)) return name;
        if (!autoResolve) throw ApiException.alreadyExists("An alert named '" + name + "' in " + parent);
        for (int i = 1; ; i++) {
            String candidate = name + " (" + i + ")";
            if (!taken.contains(candidate)) return candidate;
        }
    }

    private static boolean active(ObjectNode a) {
        return "ACTIVE".equals(SqlObjects.text(a, "lifecycle_state"));
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
