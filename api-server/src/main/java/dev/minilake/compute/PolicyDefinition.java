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
