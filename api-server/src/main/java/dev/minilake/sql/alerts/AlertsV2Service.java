package dev.minilake.sql.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.engines.statements.QueryResult;
import dev.minilake.sql.StatementsService;
import dev.minilake.sql.queries.SqlObjects;
import org.quartz.CronExpression;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import java.math.BigDecimal;
import java.math.MathContext;
import java.text.ParseException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * SQL alerts v2 (the SDK's AlertsV2API, /api/2.0/alerts): the alert carries its own query_text,
 * warehouse and Quartz cron schedule. Each evaluation really runs the text on the statements
 * engine, reduces the source column (first row, or an aggregation over all rows) and compares it
 * with the threshold value or column; a failing query is ERROR. Unpaused schedules fire on their
 * cron; notifications to subscriptions are recorded, never sent.
 */
@Service
public class AlertsV2Service implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AlertsV2Service.class);
    static final Set<String> FIELDS = Set.of("display_name", "query_text", "warehouse_id", "evaluation", "schedule",
            "custom_description", "custom_summary", "parent_path", "run_as_user_name", "run_as", "parameters",
            "custom_template_format");
    static final Set<String> UPDATABLE = Set.of("display_name", "query_text", "warehouse_id", "evaluation", "schedule",
            "custom_description", "custom_summary", "run_as_user_name", "run_as", "parameters", "owner_user_name",
            "custom_template_format");
    private static final Set<String> OPS = Set.of("EQUAL", "NOT_EQUAL", "GREATER_THAN", "GREATER_THAN_OR_EQUAL",
            "LESS_THAN", "LESS_THAN_OR_EQUAL", "IS_NULL", "IS_NOT_NULL");
    private static final Set<String> AGGREGATIONS = Set.of("AVG", "COUNT", "COUNT_DISTINCT", "MAX", "MEDIAN", "MIN", "STDDEV", "SUM");
    static final int MAX_ROWS = 10_000;

    private final Store store;
    private final Collection<ObjectNode> alerts;
    private final Collection<ObjectNode> notifications;
    private final StatementsService statements;
    private final CurrentUserService users;
    private final ObjectMapper json;
    private final Map<String, Instant> nextFire = new ConcurrentHashMap<>();
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "minilake-alerts-v2");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean paused;

    public AlertsV2Service(Store store, StatementsService statements, CurrentUserService users, ObjectMapper json) {
        this.store = store;
        this.alerts = store.collection("sql_alert_v2", ObjectNode.class);
        this.notifications = store.collection("sql_alert_v2_notification", ObjectNode.class);
        this.statements = statements;
        this.users = users;
        this.json = json;
        scheduler.scheduleWithFixedDelay(this::tick, 1, 1, TimeUnit.SECONDS);
    }

    public ObjectNode create(JsonNode body) {
        ObjectNode a = json.createObjectNode();
        SqlObjects.copy(a, body, FIELDS);
        validate(a);
        String id = UUID.randomUUID().toString();
        String now = SqlObjects.now();
        a.put("id", id).put("lifecycle_state", "ACTIVE").put("owner_user_name", users.userName())
                .put("create_time", now).put("update_time", now);
        if (!a.has("parent_path")) a.put("parent_path", "/Users/" + users.userName());
        String runAs = a.hasNonNull("run_as_user_name") ? a.get("run_as_user_name").asText() : users.userName();
        a.putObject("effective_run_as").put("user_name", runAs);
        ((ObjectNode) a.get("evaluation")).put("state", "UNKNOWN");
        alerts.insert(id, a);
        nextFire.remove(id);
        return a;
    }

    public ObjectNode get(String id) {
        ObjectNode a = alerts.get(id).orElseThrow(() -> ApiException.notFound("Alert " + id));
        if (!"ACTIVE".equals(SqlObjects.text(a, "lifecycle_state"))) throw ApiException.notFound("Alert " + id);
        return a;
    }

    public List<ObjectNode> listActive() {
        return alerts.list().stream().filter(a -> "ACTIVE".equals(SqlObjects.text(a, "lifecycle_state"))).toList();
    }

    public ObjectNode update(String id, String updateMask, JsonNode body) {
        Set<String> fields = SqlObjects.mask(updateMask, UPDATABLE);
        return store.inTransaction(() -> {
            ObjectNode a = get(id);
            JsonNode keptState = a.path("evaluation").path("state");
            JsonNode keptTime = a.path("evaluation").path("last_evaluated_at");
            SqlObjects.applyMask(a, body, fields);
            validate(a);
            ObjectNode eval = (ObjectNode) a.get("evaluation");
            boolean reevaluate = fields.contains("query_text") || fields.contains("evaluation");
            eval.put("state", reevaluate || keptState.isMissingNode() ? "UNKNOWN" : keptState.asText());
            if (!reevaluate && !keptTime.isMissingNode()) eval.set("last_evaluated_at", keptTime);
            a.put("update_time", SqlObjects.now());
            alerts.put(id, a);
            nextFire.remove(id);
            return a;
        });
    }

    /** trash_alert: DELETED (kept); with purge the record is removed. */
    public void trash(String id, boolean purge) {
        get(id);
        if (purge) alerts.delete(id);
        else store.inTransaction(() -> {
            ObjectNode a = get(id);
            a.put("lifecycle_state", "DELETED").put("update_time", SqlObjects.now());
            alerts.put(id, a);
        });
        nextFire.remove(id);
    }

    public ObjectNode evaluate(String id) throws Exception {
        ObjectNode a = get(id);
        JsonNode eval = a.get("evaluation");
        QueryResult r = statements.runToCompletion(a.get("query_text").asText(), SqlObjects.text(a, "warehouse_id"),
                null, null, null, MAX_ROWS, 5 * 60_000L);
        AlertCondition.Outcome o = outcome(eval, r);
        return store.inTransaction(() -> {
            ObjectNode current = get(id);
            ObjectNode e = (ObjectNode) current.get("evaluation");
            String before = SqlObjects.text(e, "state");
            String now = SqlObjects.now();
            e.put("state", o.state()).put("last_evaluated_at", now);
            if (o.reason() != null && !o.state().equals("OK") && !o.state().equals("TRIGGERED")) current.put("evaluation_message", o.reason());
            else current.remove("evaluation_message");
            JsonNode n = e.path("notification");
            boolean notify = false;
            if (o.state().equals("TRIGGERED")) {
                long retrigger = n.path("retrigger_seconds").asLong(0);
                String last = SqlObjects.text(current, "last_triggered_at");
                boolean rearmed = retrigger > 0 && last != null
                        && Instant.parse(now).toEpochMilli() - Instant.parse(last).toEpochMilli() >= retrigger * 1000;
                if (!"TRIGGERED".equals(before) || rearmed) {
                    current.put("last_triggered_at", now);
                    notify = true;
                }
            } else if (o.state().equals("OK") && "TRIGGERED".equals(before) && n.path("notify_on_ok").asBoolean(false)) {
                notify = true;
            }
            alerts.put(id, current);
            if (notify) record(current, now);
            return current;
        });
    }

    public List<ObjectNode> notifications(String id) {
        get(id);
        return notifications.listByParent(id);
    }

    /** The evaluation: the source column reduced (aggregation, or the first row) and compared. */
    static AlertCondition.Outcome outcome(JsonNode eval, QueryResult r) {
        if (!r.succeeded()) return new AlertCondition.Outcome("ERROR", "the query failed: " + r.errorMessage());
        String empty = eval.path("empty_result_state").asText("UNKNOWN");
        if (r.rows().isEmpty()) return new AlertCondition.Outcome(empty, "the query returned no rows");
        String op = eval.get("comparison_operator").asText();
        JsonNode source = eval.get("source");
        String value;
        try {
            value = reduce(source, r);
        } catch (IllegalArgumentException e) {
            return new AlertCondition.Outcome("ERROR", e.getMessage());
        }
        JsonNode threshold = eval.path("threshold");
        JsonNode literal;
        if (threshold.has("column")) {
            String other;
            try {
                other = reduce(threshold.get("column"), r);
            } catch (IllegalArgumentException e) {
                return new AlertCondition.Outcome("ERROR", e.getMessage());
            }
            if (other == null && !op.endsWith("NULL")) return new AlertCondition.Outcome("UNKNOWN", "the threshold column is null");
            literal = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("string_value", other);
        } else {
            literal = threshold.path("value");
        }
        return AlertCondition.compare(op, source.get("name").asText(), value, literal);
    }

    private static String reduce(JsonNode column, QueryResult r) {
        String name = column.get("name").asText();
        int index = -1;
        for (int i = 0; i < r.columns().size(); i++) if (r.columns().get(i).name().equalsIgnoreCase(name)) index = i;
        if (index < 0) throw new IllegalArgumentException("the result has no column '" + name + "'");
        String agg = column.path("aggregation").asText(null);
        if (agg == null) return r.rows().get(0).get(index);
        List<String> values = new ArrayList<>();
        for (List<String> row : r.rows()) if (row.get(index) != null) values.add(row.get(index));
        if (agg.equals("COUNT")) return Integer.toString(values.size());
        if (agg.equals("COUNT_DISTINCT")) return Integer.toString(new HashSet<>(values).size());
        if (values.isEmpty()) return null;
        List<BigDecimal> nums = new ArrayList<>();
        for (String v : values) {
            BigDecimal d = AlertCondition.number(v);
            if (d == null) throw new IllegalArgumentException(agg + " of '" + name + "' needs numbers, got '" + v + "'");
            nums.add(d);
        }
        nums.sort(null);
        BigDecimal sum = nums.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        MathContext mc = MathContext.DECIMAL64;
        return switch (agg) {
            case "SUM" -> sum.toPlainString();
            case "AVG" -> sum.divide(BigDecimal.valueOf(nums.size()), mc).stripTrailingZeros().toPlainString();
            case "MIN" -> nums.get(0).toPlainString();
            case "MAX" -> nums.get(nums.size() - 1).toPlainString();
            case "MEDIAN" -> nums.size() % 2 == 1 ? nums.get(nums.size() / 2).toPlainString()
                    : nums.get(nums.size() / 2 - 1).add(nums.get(nums.size() / 2)).divide(BigDecimal.valueOf(2), mc).toPlainString();
            case "STDDEV" -> {
                if (nums.size() < 2) yield null;
                BigDecimal mean = sum.divide(BigDecimal.valueOf(nums.size()), mc);
                BigDecimal sq = nums.stream().map(x -> x.subtract(mean).pow(2)).reduce(BigDecimal.ZERO, BigDecimal::add);
                yield BigDecimal.valueOf(Math.sqrt(sq.divide(BigDecimal.valueOf(nums.size() - 1), mc).doubleValue())).toPlainString();
            }
            default -> throw new IllegalArgumentException("unknown aggregation " + agg);
        };
    }

    /** Fires due schedules (PAUSED ones never), one alert at a time. */
    void tick() {
        if (paused) return;
        Instant now = Instant.now();
        for (ObjectNode a : listActive()) {
            if (paused) return;
            String id = a.get("id").asText();
            try {
                JsonNode s = a.get("schedule");
                if ("PAUSED".equals(SqlObjects.text(s, "pause_status"))) continue;
                Instant next = nextFire.computeIfAbsent(id, k -> nextAfter(s, now));
                if (next == null || now.isBefore(next)) continue;
                nextFire.put(id, nextAfter(s, now));
                evaluate(id);
            } catch (Exception e) {
                log.warn("alert {} could not be evaluated: {}", id, e.getMessage());
            }
        }
    }

    void quiesce() {
        paused = true;
        nextFire.clear();
    }

    void resume() {
        paused = false;
    }

    private static Instant nextAfter(JsonNode schedule, Instant t) {
        try {
            CronExpression c = new CronExpression(schedule.get("quartz_cron_schedule").asText());
            c.setTimeZone(TimeZone.getTimeZone(ZoneId.of(schedule.path("timezone_id").asText("UTC"))));
            Date d = c.getNextValidTimeAfter(Date.from(t));
            return d == null ? null : d.toInstant();
        } catch (ParseException e) {
            return null;
        }
    }

    private void record(ObjectNode alert, String time) {
        String id = UUID.randomUUID().toString();
        String state = alert.get("evaluation").get("state").asText();
        ObjectNode n = json.createObjectNode().put("id", id).put("alert_id", alert.get("id").asText()).put("state", state)
                .put("time", time).put("delivered", false)
                .put("subject", alert.hasNonNull("custom_summary") ? alert.get("custom_summary").asText()
                        : "Alert \"" + alert.get("display_name").asText() + "\" changed status to " + state);
        var to = n.putArray("subscriptions");
        alert.path("evaluation").path("notification").path("subscriptions").forEach(s -> to.add(s.deepCopy()));
        notifications.insert(id, alert.get("id").asText(), n);
    }

    private void validate(ObjectNode a) {
        for (String f : List.of("display_name", "query_text", "warehouse_id")) {
            String v = SqlObjects.text(a, f);
            if (v == null || v.isBlank()) throw ApiException.missingField(f);
        }
        JsonNode eval = a.get("evaluation");
        if (eval == null || !eval.isObject()) throw ApiException.missingField("evaluation");
        String op = SqlObjects.text(eval, "comparison_operator");
        if (op == null) throw ApiException.missingField("evaluation.comparison_operator");
        if (!OPS.contains(op)) throw ApiException.invalid("Invalid evaluation.comparison_operator '" + op + "'; expected one of " + OPS);
        if (SqlObjects.text(eval.path("source"), "name") == null) throw ApiException.missingField("evaluation.source.name");
        checkAggregation(eval.path("source"));
        JsonNode th = eval.path("threshold");
        if (!op.endsWith("NULL")) {
            JsonNode v = th.path("value");
            boolean literal = v.has("double_value") || v.has("string_value") || v.has("bool_value");
            boolean column = SqlObjects.text(th.path("column"), "name") != null;
            if (!literal && !column) throw ApiException.missingField("evaluation.threshold (value or column)");
            if (column) checkAggregation(th.get("column"));
        }
        String empty = SqlObjects.text(eval, "empty_result_state");
        if (empty != null && !Set.of("OK", "TRIGGERED", "UNKNOWN", "ERROR").contains(empty)) {
            throw ApiException.invalid("Invalid evaluation.empty_result_state '" + empty + "'");
        }
        JsonNode s = a.get("schedule");
        if (s == null || !s.isObject()) throw ApiException.missingField("schedule");
        String cron = SqlObjects.text(s, "quartz_cron_schedule");
        if (cron == null) throw ApiException.missingField("schedule.quartz_cron_schedule");
        try {
            new CronExpression(cron);
        } catch (ParseException e) {
            throw ApiException.invalid("Invalid schedule.quartz_cron_schedule '" + cron + "': " + e.getMessage());
        }
        String tz = SqlObjects.text(s, "timezone_id");
        if (tz == null) throw ApiException.missingField("schedule.timezone_id");
        try {
            ZoneId.of(tz);
        } catch (DateTimeException e) {
            throw ApiException.invalid("Invalid schedule.timezone_id '" + tz + "'");
        }
        String pause = SqlObjects.text(s, "pause_status");
        if (pause != null && !pause.equals("PAUSED") && !pause.equals("UNPAUSED")) {
            throw ApiException.invalid("schedule.pause_status must be PAUSED or UNPAUSED, got " + pause);
        }
    }

    private static void checkAggregation(JsonNode column) {
        String agg = SqlObjects.text(column, "aggregation");
        if (agg != null && !AGGREGATIONS.contains(agg)) {
            throw ApiException.invalid("Invalid aggregation '" + agg + "'; expected one of " + AGGREGATIONS);
        }
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
