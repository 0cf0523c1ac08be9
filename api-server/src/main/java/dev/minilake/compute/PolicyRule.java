package dev.minilake.compute;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.error.ApiException;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** One attribute's rule in a cluster policy definition, as Databricks documents the policy language. */
record PolicyRule(String attribute, Type type, JsonNode value, List<JsonNode> values, Double minValue,
                  Double maxValue, JsonNode defaultValue, boolean isOptional) {

    enum Type { FIXED, FORBIDDEN, ALLOWLIST, BLOCKLIST, RANGE, REGEX, UNLIMITED }

    static PolicyRule parse(String attribute, JsonNode rule) {
        if (!rule.isObject()) throw invalid(attribute, "the rule must be a JSON object");
        String typeName = rule.path("type").asText("");
        Type type;
        try {
            type = Type.valueOf(typeName.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw invalid(attribute, "unknown policy type '" + typeName
                    + "' (expected fixed, forbidden, allowlist, blocklist, range, regex or unlimited)");
        }
        List<JsonNode> values = rule.has("values") ? list(attribute, rule.get("values")) : List.of();
        PolicyRule r = new PolicyRule(attribute, type, rule.get("value"), values, number(attribute, rule, "minValue"),
                number(attribute, rule, "maxValue"), rule.get("defaultValue"), rule.path("isOptional").asBoolean(false));
        r.checkShape();
        return r;
    }

    private void checkShape() {
        switch (type) {
            case FIXED -> { if (value == null) throw invalid(attribute, "a fixed rule needs a value"); }
            case ALLOWLIST, BLOCKLIST -> { if (values.isEmpty()) throw invalid(attribute, "a " + type.name().toLowerCase() + " rule needs values"); }
            case REGEX -> {
                if (value == null || !value.isTextual()) throw invalid(attribute, "a regex rule needs a string value");
                try {
                    Pattern.compile(value.asText());
                } catch (PatternSyntaxException e) {
                    throw invalid(attribute, "invalid regex: " + e.getDescription());
                }
            }
            default -> { }
        }
    }

    /** Null when {@code actual} (null = absent) satisfies this rule, else the reason it does not. */
    String violation(JsonNode actual) {
        if (actual == null) {
            boolean required = !isOptional && (type == Type.ALLOWLIST || type == Type.RANGE || type == Type.REGEX);
            return required ? "the value must be present" : null;
        }
        return switch (type) {
            case FIXED -> same(actual, value) ? null : "the value must be " + value.asText();
            case FORBIDDEN -> "the attribute is forbidden by the policy";
            case ALLOWLIST -> values.stream().anyMatch(v -> same(actual, v)) ? null : "the value must be one of " + texts();
            case BLOCKLIST -> values.stream().anyMatch(v -> same(actual, v)) ? "the value must not be one of " + texts() : null;
            case RANGE -> range(actual);
            case REGEX -> Pattern.compile(value.asText()).matcher(actual.asText()).matches() ? null
                    : "the value must match the regex pattern " + value.asText();
            case UNLIMITED -> null;
        };
    }

    /** What to fill in when the attribute is absent: the fixed value or the default. */
    JsonNode fillValue() {
        if (type == Type.FORBIDDEN) return null;
        return type == Type.FIXED ? value : defaultValue;
    }

    private String range(JsonNode actual) {
        if (!actual.isNumber() && !(actual.isTextual() && isNumber(actual.asText()))) return "the value must be a number";
        double v = actual.asDouble();
        if (maxValue != null && v > maxValue) return "the value must be less than or equal to " + format(maxValue);
        if (minValue != null && v < minValue) return "the value must be greater than or equal to " + format(minValue);
        return null;
    }

    private String texts() {
        return values.stream().map(JsonNode::asText).toList().toString();
    }

    /** Policies compare by value: 2 equals "2" and true equals "true", as the policy language does. */
    private static boolean same(JsonNode a, JsonNode b) {
        return a.equals(b) || a.asText().equals(b.asText());
    }

    private static boolean isNumber(String s) {
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static String format(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static List<JsonNode> list(String attribute, JsonNode node) {
        if (!node.isArray()) throw invalid(attribute, "values must be an array");
        return java.util.stream.StreamSupport.stream(node.spliterator(), false).toList();
    }

    private static Double number(String attribute, JsonNode rule, String field) {
        JsonNode n = rule.get(field);
        if (n == null || n.isNull()) return null;
        if (!n.isNumber()) throw invalid(attribute, field + " must be a number");
        return n.asDouble();
    }

    private static ApiException invalid(String attribute, String why) {
        return ApiException.invalid("Invalid policy definition for attribute " + attribute + ": " + why);
    }
}
