package dev.minilake.sql.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.error.ApiException;
import dev.minilake.engines.statements.QueryResult;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * An alert condition (the SDK's AlertCondition: op, operand.column.name, threshold.value,
 * empty_result_state) and its evaluation against a real query result: the named column of the
 * first row compared with the threshold, numerically when both sides are numbers.
 */
record AlertCondition(String op, String column, JsonNode threshold, String emptyResultState) {
    static final Set<String> OPS = Set.of("EQUAL", "NOT_EQUAL", "GREATER_THAN", "GREATER_THAN_OR_EQUAL",
            "LESS_THAN", "LESS_THAN_OR_EQUAL", "IS_NULL");
    static final Set<String> STATES = Set.of("OK", "TRIGGERED", "UNKNOWN");

    /** The evaluated state and, for UNKNOWN, why. */
    record Outcome(String state, String reason) {
    }

    static AlertCondition parse(JsonNode c) {
        if (c == null || !c.isObject()) throw ApiException.missingField("condition");
        String op = text(c, "op");
        if (op == null) throw ApiException.missingField("condition.op");
        if (!OPS.contains(op)) throw ApiException.invalid("Invalid condition.op '" + op + "'; expected one of " + OPS);
        JsonNode operand = c.path("operand").path("column");
        String column = text(operand, "name");
        if (column == null) throw ApiException.missingField("condition.operand.column.name");
        JsonNode value = c.path("threshold").path("value");
        if (!op.equals("IS_NULL") && !(value.has("double_value") || value.has("string_value") || value.has("bool_value"))) {
            throw ApiException.missingField("condition.threshold.value");
        }
        String empty = text(c, "empty_result_state");
        if (empty != null && !STATES.contains(empty)) {
            throw ApiException.invalid("Invalid condition.empty_result_state '" + empty + "'; expected one of " + STATES);
        }
        return new AlertCondition(op, column, value.isMissingNode() ? null : value, empty);
    }

    Outcome evaluate(QueryResult r) {
        if (!r.succeeded()) return new Outcome("UNKNOWN", "the query failed: " + r.errorMessage());
        if (r.rows().isEmpty()) return new Outcome(emptyResultState == null ? "UNKNOWN" : emptyResultState, "the query returned no rows");
        int index = -1;
        List<QueryResult.Column> cols = r.columns();
        for (int i = 0; i < cols.size(); i++) {
            if (cols.get(i).name().equalsIgnoreCase(column)) {
                index = i;
                break;
            }
        }
        if (index < 0) return new Outcome("UNKNOWN", "the result has no column '" + column + "'");
        return compare(op, column, r.rows().get(0).get(index), threshold);
    }

    /**
     * Compares a result value with a threshold literal ({double_value|string_value|bool_value}):
     * numerically when both are numbers, as booleans for bool_value, else as strings.
     */
    static Outcome compare(String op, String column, String value, JsonNode threshold) {
        if (op.equals("IS_NULL")) return of(value == null);
        if (op.equals("IS_NOT_NULL")) return of(value != null);
        if (value == null) return new Outcome("UNKNOWN", "the value of '" + column + "' is null");
        int cmp;
        if (threshold.has("bool_value")) {
            cmp = Boolean.compare(Boolean.parseBoolean(value.toLowerCase(Locale.ROOT)), threshold.get("bool_value").asBoolean());
        } else {
            String t = threshold.has("double_value") ? threshold.get("double_value").asText() : threshold.get("string_value").asText();
            BigDecimal a = number(value);
            BigDecimal b = number(t);
            if (a != null && b != null) cmp = a.compareTo(b);
            else if (threshold.has("double_value")) return new Outcome("UNKNOWN", "'" + value + "' is not a number");
            else cmp = value.compareTo(t);
        }
        return of(switch (op) {
            case "EQUAL" -> cmp == 0;
            case "NOT_EQUAL" -> cmp != 0;
            case "GREATER_THAN" -> cmp > 0;
            case "GREATER_THAN_OR_EQUAL" -> cmp >= 0;
            case "LESS_THAN" -> cmp < 0;
            case "LESS_THAN_OR_EQUAL" -> cmp <= 0;
            default -> throw new IllegalStateException(op);
        });
    }

    private static Outcome of(boolean triggered) {
        return new Outcome(triggered ? "TRIGGERED" : "OK", null);
    }

    static BigDecimal number(String s) {
        try {
            return new BigDecimal(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String text(JsonNode n, String f) {
        JsonNode v = n == null ? null : n.get(f);
        return v == null || v.isNull() ? null : v.asText();
    }
}
