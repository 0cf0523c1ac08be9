package dev.minilake.iam;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;

import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * One SCIM PATCH operation (RFC 7644 §3.5.2): add, remove or replace, with a path such as
 * {@code displayName}, {@code members} or {@code members[value eq "123"]}, or no path and an object
 * value. Multi-valued attributes are matched by their {@code value}.
 */
final class ScimPatch {
    private ScimPatch() {
    }

    static void apply(ScimService scim, ScimKind kind, ObjectNode r, JsonNode op) {
        String verb = op.path("op").asText().toLowerCase(Locale.ROOT);
        if (!verb.equals("add") && !verb.equals("remove") && !verb.equals("replace")) {
            throw ApiException.invalid("Unsupported PATCH op '" + op.path("op").asText() + "'; use add, remove or replace");
        }
        JsonNode value = op.get("value");
        String path = op.path("path").asText("");
        if (path.isEmpty()) {
            if (value == null || !value.isObject()) throw ApiException.invalid("A PATCH operation without a path needs an object value");
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                var e = it.next();
                applyTo(scim, kind, r, verb, e.getKey(), null, e.getValue());
            }
            return;
        }
        String attr = path;
        String filterValue = null;
        int bracket = path.indexOf('[');
        if (bracket > 0) {
            if (!path.endsWith("]")) throw ApiException.invalid("Invalid PATCH path: " + path);
            attr = path.substring(0, bracket);
            var tokens = ScimFilter.tokenize(path.substring(bracket + 1, path.length() - 1));
            if (tokens.size() != 3 || !tokens.get(0).isWord("value") || !tokens.get(1).isWord("eq")
                    || tokens.get(2).kind() == ScimFilter.Kind.LPAREN || tokens.get(2).kind() == ScimFilter.Kind.RPAREN) {
                throw ApiException.invalid("Unsupported PATCH path filter: " + path);
            }
            filterValue = tokens.get(2).text();
        }
        applyTo(scim, kind, r, verb, attr, filterValue, value);
    }

    private static void applyTo(ScimService scim, ScimKind kind, ObjectNode r, String verb, String attr, String filterValue, JsonNode value) {
        if (attr.equalsIgnoreCase("id") || attr.equalsIgnoreCase("schemas")) return;
        if (kind != ScimKind.GROUP && attr.equalsIgnoreCase("groups")) {
            // a principal's groups are the groups' members
            String id = ScimService.text(r, "id");
            if (filterValue != null) scim.setMembership(filterValue, id, !verb.equals("remove"));
            for (JsonNode v : asArray(value)) scim.setMembership(v.path("value").asText(), id, !verb.equals("remove"));
            return;
        }
        if (!ScimService.isMultiValued(attr)) {
            if (verb.equals("remove")) r.remove(attr);
            else if (value == null) throw ApiException.invalid("PATCH " + verb + " of " + attr + " needs a value");
            else r.set(attr, value);
            return;
        }
        ArrayNode current = r.has(attr) && r.get(attr).isArray() ? (ArrayNode) r.get(attr) : r.putArray(attr);
        switch (verb) {
            case "replace" -> {
                if (filterValue != null) removeValue(current, filterValue);
                else current.removeAll();
                for (JsonNode v : asArray(value)) addUnique(current, v);
            }
            case "add" -> {
                for (JsonNode v : asArray(value)) addUnique(current, v);
            }
            default -> {
                if (filterValue != null) removeValue(current, filterValue);
                else if (value != null) for (JsonNode v : asArray(value)) removeValue(current, v.path("value").asText());
                else r.remove(attr);
            }
        }
    }

    private static Iterable<JsonNode> asArray(JsonNode value) {
        if (value == null || value.isNull()) return java.util.List.of();
        return value.isArray() ? value : java.util.List.of(value);
    }

    private static void addUnique(ArrayNode list, JsonNode v) {
        String key = v.path("value").asText();
        for (JsonNode existing : list) if (existing.path("value").asText().equals(key)) return;
        list.add(v.deepCopy());
    }

    private static void removeValue(ArrayNode list, String value) {
        for (int i = list.size() - 1; i >= 0; i--) if (list.get(i).path("value").asText().equals(value)) list.remove(i);
    }
}
