package dev.minilake.compute;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A parsed cluster policy definition: attribute path → rule. Parsing validates it; {@link #enforce}
 * fills fixed and default values into a cluster spec and refuses a spec that breaks a rule.
 */
final class PolicyDefinition {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<PolicyRule> rules;

    private PolicyDefinition(List<PolicyRule> rules) {
        this.rules = rules;
    }

    static PolicyDefinition parse(String definition) {
        ObjectNode tree = parseObject(definition, "definition");
        List<PolicyRule> rules = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            rules.add(PolicyRule.parse(e.getKey(), e.getValue()));
        }
        return new PolicyDefinition(rules);
    }

    /** A family definition with the policy's overrides laid over it, attribute by attribute. */
    static String merge(String base, String overrides) {
        ObjectNode merged = parseObject(base, "definition");
        if (overrides != null && !overrides.isBlank()) merged.setAll(parseObject(overrides, "policy_family_definition_overrides"));
        return merged.toString();
    }

    /** Applies fixed/default values to {@code spec} in place, then checks every enforceable rule. */
    void enforce(ObjectNode spec) {
        for (PolicyRule rule : rules) {
            AttributePath path = AttributePath.parse(rule.attribute());
            if (!path.enforceable()) continue;
            JsonNode actual = path.get(spec);
            if (actual == null && rule.fillValue() != null) {
                path.set(spec, rule.fillValue().deepCopy());
                actual = rule.fillValue();
            }
            String why = rule.violation(actual);
            if (why != null) throw ApiException.invalid("Validation failed for " + rule.attribute() + ", " + why);
        }
    }

    /** Every rule {@code spec} breaks, by attribute; an absent fixed value is a violation, an absent default is not. */
    java.util.Map<String, String> violations(ObjectNode spec) {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        for (PolicyRule rule : rules) {
            AttributePath path = AttributePath.parse(rule.attribute());
            if (!path.enforceable()) continue;
            JsonNode actual = path.get(spec);
            String why = actual == null && rule.type() == PolicyRule.Type.FIXED
                    ? "the value must be " + rule.value().asText() : actual == null && rule.fillValue() != null ? null : rule.violation(actual);
            if (why != null) out.put(rule.attribute(), why);
        }
        return out;
    }

    /** One change enforcement makes: the attribute, its old and new value (null = absent). */
    record Change(String field, String previous, String next) {
    }

    /**
     * Makes {@code spec} comply, in place: fixed values set, forbidden attributes removed, absent
     * defaults filled, out-of-range numbers clamped. What cannot be fixed (an allowlist or regex
     * violation without a default) is INVALID_PARAMETER_VALUE.
     */
    List<Change> fix(ObjectNode spec) {
        List<Change> changes = new ArrayList<>();
        for (PolicyRule rule : rules) {
            AttributePath path = AttributePath.parse(rule.attribute());
            if (!path.enforceable()) continue;
            JsonNode actual = path.get(spec);
            String before = actual == null ? null : actual.asText();
            JsonNode target = null;
            boolean remove = false;
            if (rule.type() == PolicyRule.Type.FORBIDDEN) {
                remove = actual != null;
            } else if (actual == null) {
                target = rule.fillValue();
            } else if (rule.violation(actual) != null) {
                if (rule.type() == PolicyRule.Type.FIXED) target = rule.value();
                else if (rule.type() == PolicyRule.Type.RANGE && (actual.isNumber() || actual.asText().matches("-?[0-9.]+"))) {
                    double v = actual.asDouble();
                    double c = rule.maxValue() != null && v > rule.maxValue() ? rule.maxValue() : rule.minValue() != null && v < rule.minValue() ? rule.minValue() : v;
                    target = c == Math.rint(c) ? JSON.getNodeFactory().numberNode((long) c) : JSON.getNodeFactory().numberNode(c);
                } else if (rule.fillValue() != null) target = rule.fillValue();
                else throw ApiException.invalid("Cannot make " + rule.attribute() + " comply with the policy: " + rule.violation(actual));
            }
            if (remove) {
                path.remove(spec);
                changes.add(new Change(rule.attribute(), before, null));
            } else if (target != null) {
                path.set(spec, target.deepCopy());
                changes.add(new Change(rule.attribute(), before, target.asText()));
            }
        }
        return changes;
    }

    private static ObjectNode parseObject(String text, String field) {
        JsonNode tree;
        try {
            tree = JSON.readTree(text == null ? "" : text);
        } catch (IOException e) {
            throw ApiException.invalid("Invalid " + field + ": not valid JSON (" + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()) + ")");
        }
        if (!(tree instanceof ObjectNode obj)) throw ApiException.invalid("Invalid " + field + ": must be a JSON object");
        return obj;
    }
}
