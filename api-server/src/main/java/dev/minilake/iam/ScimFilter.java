package dev.minilake.iam;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.error.ApiException;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * SCIM 2.0 list filters (RFC 7644 §3.4.2.2), the subset clients send: {@code attr op "value"}
 * with eq, ne, co, sw, ew, pr, joined by {@code and}/{@code or} (and binds tighter), attribute
 * names case-insensitive, string comparison case-insensitive as SCIM prescribes for these fields.
 */
final class ScimFilter {
    private ScimFilter() {
    }

    static Predicate<JsonNode> parse(String filter) {
        if (filter == null || filter.isBlank()) return n -> true;
        Iterator<String> tokens = tokenize(filter).iterator();
        Predicate<JsonNode> p = orExpr(tokens, filter);
        if (tokens.hasNext()) throw invalid(filter);
        return p;
    }

    private static Predicate<JsonNode> orExpr(Iterator<String> t, String f) {
        List<Predicate<JsonNode>> terms = new ArrayList<>();
        List<Predicate<JsonNode>> ands = new ArrayList<>();
        ands.add(comparison(t, f));
        while (t.hasNext()) {
            String joiner = t.next().toLowerCase(Locale.ROOT);
            Predicate<JsonNode> next = comparison(t, f);
            if (joiner.equals("and")) {
                ands.add(next);
            } else if (joiner.equals("or")) {
                terms.add(all(ands));
                ands = new ArrayList<>(List.of(next));
            } else {
                throw invalid(f);
            }
        }
        terms.add(all(ands));
        return n -> terms.stream().anyMatch(p -> p.test(n));
    }

    private static Predicate<JsonNode> all(List<Predicate<JsonNode>> ps) {
        List<Predicate<JsonNode>> copy = List.copyOf(ps);
        return n -> copy.stream().allMatch(p -> p.test(n));
    }

    private static Predicate<JsonNode> comparison(Iterator<String> t, String f) {
        if (!t.hasNext()) throw invalid(f);
        String attr = t.next();
        if (!t.hasNext()) throw invalid(f);
        String op = t.next().toLowerCase(Locale.ROOT);
        if (op.equals("pr")) return n -> !value(n, attr).isEmpty();
        if (!t.hasNext()) throw invalid(f);
        String raw = t.next();
        String expected = raw.startsWith("\"") ? raw.substring(1, raw.length() - 1) : raw;
        String e = expected.toLowerCase(Locale.ROOT);
        return switch (op) {
            case "eq" -> n -> value(n, attr).equalsIgnoreCase(expected);
            case "ne" -> n -> !value(n, attr).equalsIgnoreCase(expected);
            case "co" -> n -> value(n, attr).toLowerCase(Locale.ROOT).contains(e);
            case "sw" -> n -> value(n, attr).toLowerCase(Locale.ROOT).startsWith(e);
            case "ew" -> n -> value(n, attr).toLowerCase(Locale.ROOT).endsWith(e);
            default -> throw ApiException.invalid("Unsupported SCIM filter operator '" + op + "' in: " + f);
        };
    }

    /** A (possibly dotted) attribute's text, matched case-insensitively; "" when absent. */
    static String value(JsonNode node, String attr) {
        JsonNode cur = node;
        for (String part : attr.split("\\.")) {
            JsonNode next = null;
            for (var it = cur.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (name.equalsIgnoreCase(part)) next = cur.get(name);
            }
            if (next == null) return "";
            cur = next.isArray() && !next.isEmpty() ? next.get(0) : next;
        }
        return cur.isValueNode() ? cur.asText() : "";
    }

    /** Splits on spaces outside double quotes; quotes are kept on the token. */
    static List<String> tokenize(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"') {
                quoted = !quoted;
                cur.append(c);
            } else if (c == '\\' && quoted && i + 1 < s.length()) {
                cur.append(s.charAt(++i));
            } else if (Character.isWhitespace(c) && !quoted) {
                if (!cur.isEmpty()) out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (quoted) throw invalid(s);
        if (!cur.isEmpty()) out.add(cur.toString());
        return out;
    }

    private static ApiException invalid(String f) {
        return ApiException.invalid("Invalid SCIM filter: " + f);
    }
}
