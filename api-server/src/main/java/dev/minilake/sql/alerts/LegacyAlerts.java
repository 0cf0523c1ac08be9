package dev.minilake.sql.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.sql.queries.SavedQueriesService;
import dev.minilake.sql.queries.SqlObjects;

import java.util.Locale;
import java.util.Map;

/**
 * The legacy preview/sql AlertsLegacyAPI as an adapter over the same alert records: options.op
 * (">", ">=", "<", "<=", "==", "!=") maps to the condition's operator, options.value to the
 * threshold, rearm to seconds_to_retrigger, and states are lower case.
 */
final class LegacyAlerts {
    private static final Map<String, String> OPS = Map.of(">", "GREATER_THAN", ">=", "GREATER_THAN_OR_EQUAL",
            "<", "LESS_THAN", "<=", "LESS_THAN_OR_EQUAL", "==", "EQUAL", "!=", "NOT_EQUAL");

    private final AlertsService alerts;
    private final SavedQueriesService queries;
    private final ObjectMapper json;

    LegacyAlerts(AlertsService alerts, SavedQueriesService queries, ObjectMapper json) {
        this.alerts = alerts;
        this.queries = queries;
        this.json = json;
    }

    ObjectNode create(JsonNode body) {
        ObjectNode a = toModern(body);
        if (body.hasNonNull("parent")) a.put("parent_path", body.get("parent").asText());
        return view(alerts.create(a, true));
    }

    void update(String id, JsonNode body) {
        ObjectNode a = toModern(body);
        alerts.update(id, "display_name,query_id,condition,seconds_to_retrigger,custom_body,custom_subject", a, false);
    }

    ArrayNode list() {
        ArrayNode out = json.createArrayNode();
        alerts.listActive().forEach(a -> out.add(view(a)));
        return out;
    }

    ObjectNode get(String id) {
        return view(alerts.get(id));
    }

    ObjectNode view(ObjectNode a) {
        ObjectNode out = json.createObjectNode();
        out.put("id", a.get("id").asText());
        out.put("name", SqlObjects.text(a, "display_name"));
        out.put("parent", SqlObjects.text(a, "parent_path"));
        out.put("state", SqlObjects.text(a, "state").toLowerCase(Locale.ROOT));
        out.put("rearm", a.path("seconds_to_retrigger").asLong(0));
        out.put("created_at", SqlObjects.text(a, "create_time"));
        out.put("updated_at", SqlObjects.text(a, "update_time"));
        if (a.hasNonNull("trigger_time")) out.put("last_triggered_at", a.get("trigger_time").asText());
        JsonNode c = a.get("condition");
        ObjectNode options = out.putObject("options");
        options.put("column", c.path("operand").path("column").path("name").asText());
        String op = c.path("op").asText();
        OPS.forEach((legacy, modern) -> {
            if (modern.equals(op)) options.put("op", legacy);
        });
        if (!options.has("op")) options.put("op", op);
        JsonNode v = c.path("threshold").path("value");
        if (v.has("double_value")) options.set("value", v.get("double_value"));
        else if (v.has("bool_value")) options.set("value", v.get("bool_value"));
        else if (v.has("string_value")) options.set("value", v.get("string_value"));
        if (c.hasNonNull("empty_result_state")) {
            options.put("empty_result_state", c.get("empty_result_state").asText().toLowerCase(Locale.ROOT));
        }
        if (a.hasNonNull("custom_body")) options.put("custom_body", a.get("custom_body").asText());
        if (a.hasNonNull("custom_subject")) options.put("custom_subject", a.get("custom_subject").asText());
        options.put("muted", false);
        ObjectNode q = queries.get(a.get("query_id").asText());
        ObjectNode query = out.putObject("query");
        query.put("id", q.get("id").asText()).put("name", SqlObjects.text(q, "display_name"))
                .put("query", SqlObjects.text(q, "query_text")).put("created_at", SqlObjects.text(q, "create_time"))
                .put("updated_at", SqlObjects.text(q, "update_time"))
                .put("is_archived", !"ACTIVE".equals(SqlObjects.text(q, "lifecycle_state")))
                .put("is_draft", false).put("is_safe", true).put("user_id", Long.parseLong(CurrentUserService.USER_ID));
        if (q.hasNonNull("warehouse_id")) query.put("data_source_id", q.get("warehouse_id").asText());
        long userId = Long.parseLong(CurrentUserService.USER_ID);
        out.putObject("user").put("id", userId).put("email", SqlObjects.text(a, "owner_user_name"))
                .put("name", SqlObjects.text(a, "owner_user_name"));
        return out;
    }

    private ObjectNode toModern(JsonNode body) {
        if (!body.hasNonNull("name")) throw ApiException.missingField("name");
        if (!body.hasNonNull("query_id")) throw ApiException.missingField("query_id");
        JsonNode options = body.get("options");
        if (options == null || !options.isObject()) throw ApiException.missingField("options");
        String legacyOp = SqlObjects.text(options, "op");
        if (legacyOp == null) throw ApiException.missingField("options.op");
        String op = OPS.get(legacyOp);
        if (op == null) throw ApiException.invalid("Invalid options.op '" + legacyOp + "'; expected one of " + OPS.keySet());
        String column = SqlObjects.text(options, "column");
        if (column == null) throw ApiException.missingField("options.column");
        ObjectNode a = json.createObjectNode().put("display_name", body.get("name").asText())
                .put("query_id", body.get("query_id").asText());
        ObjectNode c = a.putObject("condition").put("op", op);
        c.putObject("operand").putObject("column").put("name", column);
        JsonNode value = options.get("value");
        if (value == null || value.isNull()) throw ApiException.missingField("options.value");
        ObjectNode v = c.putObject("threshold").putObject("value");
        if (value.isNumber()) v.put("double_value", value.asDouble());
        else if (value.isBoolean()) v.put("bool_value", value.asBoolean());
        else v.put("string_value", value.asText());
        String empty = SqlObjects.text(options, "empty_result_state");
        if (empty != null) c.put("empty_result_state", empty.toUpperCase(Locale.ROOT));
        if (options.hasNonNull("custom_body")) a.put("custom_body", options.get("custom_body").asText());
        if (options.hasNonNull("custom_subject")) a.put("custom_subject", options.get("custom_subject").asText());
        if (body.hasNonNull("rearm")) a.put("seconds_to_retrigger", body.get("rearm").asLong());
        return a;
    }
}
