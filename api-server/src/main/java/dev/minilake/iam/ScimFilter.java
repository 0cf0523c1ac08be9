package dev.minilake.iam;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.error.ApiException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * SCIM 2.0 list filters (RFC 7644 §3.4.2.2), the subset clients send: {@code attr op value} with
 * eq, ne, co, sw, ew, gt, ge, lt, le and {@code attr pr}, joined by {@code and}/{@code or} (and
 * binds tighter), negated by {@code not (...)}, grouped by parentheses. Values are double-quoted
 * JSON strings, single-quoted strings (as the Databricks SDKs' examples and tests write them, with
 * {@code ''} or {@code \'} for a quote), or bare literals ({@code true}, numbers). Attribute names
 * are case-insensitive, and string comparison is too, as SCIM prescribes for these fields. Anything
 * else (value paths {@code emails[type eq "work"]}, unknown operators, unbalanced quotes) is refused
 * with INVALID_PARAMETER_VALUE naming the position.
 */
final class ScimFilter {
    private static final Set<String> BINARY = Set.of("eq", "ne", "co", "sw", "ew", "gt", "ge", "lt", "le");

    private ScimFilter() {
    }

    static Predicate<JsonNode> parse(String filter) {
        if (filter == null || filter.isBlank()) return n -> true;
        Parser p = new Parser(filter, tokenize(filter));
        Predicate<JsonNode> result = p.or();
        if (!p.atEnd()) throw p.error("unexpected '" + p.peek().text + "'");
        return result;
    }

    enum Kind { WORD, STRING, LPAREN, RPAREN }

    /** One lexical token: a word (attribute, operator, keyword, bare literal), a quoted string, or a parenthesis. */
    record Token(Kind kind, String text, int pos) {
        boolean isWord(String w) {
            return kind == Kind.WORD && text.equalsIgnoreCase(w);
        }
    }

    static List<Token> tokenize(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '(' || c == ')') {
                out.add(new Token(c == '(' ? Kind.LPAREN : Kind.RPAREN, String.valueOf(c), i));
                i++;
            } else if (c == '"' || c == '\'') {
                int start = i;
                StringBuilder v = new StringBuilder();
                i++;
                boolean closed = false;
                while (i < s.length()) {
                    char d = s.charAt(i);
                    if (d == '\\' && i + 1 < s.length()) {
                        v.append(unescape(s.charAt(i + 1)));
                        i += 2;
                    } else if (d == c && c == '\'' && i + 1 < s.length() && s.charAt(i + 1) == '\'') {
                        v.append('\''); // SQL-style doubled quote
                        i += 2;
                    } else if (d == c) {
                        i++;
                        closed = true;
                        break;
                    } else {
                        v.append(d);
                        i++;
                    }
                }
                if (!closed) throw invalid(s, "unterminated string starting at position " + start);
                out.add(new Token(Kind.STRING, v.toString(), start));
            } else if (c == '[' || c == ']') {
                throw invalid(s, "value-path filters ('[...]') are not supported (position " + i + ")");
            } else {
                int start = i;
                while (i < s.length() && !Character.isWhitespace(s.charAt(i)) && "()\"'[]".indexOf(s.charAt(i)) < 0) i++;
                out.add(new Token(Kind.WORD, s.substring(start, i), start));
            }
        }
        return out;
    }

    private static char unescape(char c) {
        return switch (c) {
            case 'n' -> '\n';
            case 't' -> '\t';
            case 'r' -> '\r';
            default -> c;
        };
    }

    /** Recursive descent over: or := and ("or" and)*; and := unary ("and" unary)*; unary := "not"? primary. */
    private static final class Parser {
        private final String filter;
        private final List<Token> tokens;
        private int at;

        Parser(String filter, List<Token> tokens) {
            this.filter = filter;
            this.tokens = tokens;
        }

        boolean atEnd() {
            return at >= tokens.size();
        }

        Token peek() {
            return tokens.get(at);
        }

        private Token next(String expected) {
            if (atEnd()) throw error("expected " + expected + " at the end");
            return tokens.get(at++);
        }

        Predicate<JsonNode> or() {
            Predicate<JsonNode> left = and();
            while (!atEnd() && peek().isWord("or")) {
                at++;
                left = left.or(and());
            }
            return left;
        }

        private Predicate<JsonNode> and() {
            Predicate<JsonNode> left = unary();
            while (!atEnd() && peek().isWord("and")) {
                at++;
                left = left.and(unary());
            }
            return left;
        }

        private Predicate<JsonNode> unary() {
            if (!atEnd() && peek().isWord("not")) {
                at++;
                return primary().negate();
            }
            return primary();
        }

        private Predicate<JsonNode> primary() {
            Token t = next("an attribute or '('");
            if (t.kind == Kind.LPAREN) {
                Predicate<JsonNode> inner = or();
                Token close = next("')'");
                if (close.kind != Kind.RPAREN) throw error("expected ')' at position " + close.pos);
                return inner;
            }
            if (t.kind != Kind.WORD || isKeyword(t)) throw error("expected an attribute at position " + t.pos);
            String attr = t.text;
            Token opToken = next("an operator after '" + attr + "'");
            String op = opToken.text.toLowerCase(Locale.ROOT);
            if (opToken.kind == Kind.WORD && op.equals("pr")) return n -> values(n, attr).stream().anyMatch(v -> !v.isEmpty());
            if (opToken.kind != Kind.WORD || !BINARY.contains(op)) {
                throw error("unsupported operator '" + opToken.text + "' at position " + opToken.pos);
            }
            Token v = next("a value after '" + attr + " " + op + "'");
            if (v.kind == Kind.LPAREN || v.kind == Kind.RPAREN || (v.kind == Kind.WORD && isKeyword(v))) {
                throw error("expected a value at position " + v.pos);
            }
            return compare(attr, op, v.text);
        }

        private static boolean isKeyword(Token t) {
            return t.isWord("and") || t.isWord("or") || t.isWord("not");
        }

        ApiException error(String why) {
            return invalid(filter, why);
        }
    }

    private static Predicate<JsonNode> compare(String attr, String op, String expected) {
        String e = expected.toLowerCase(Locale.ROOT);
        Predicate<String> test = switch (op) {
            case "eq", "ne" -> v -> v.equalsIgnoreCase(expected);
            case "co" -> v -> v.toLowerCase(Locale.ROOT).contains(e);
            case "sw" -> v -> v.toLowerCase(Locale.ROOT).startsWith(e);
            case "ew" -> v -> v.toLowerCase(Locale.ROOT).endsWith(e);
            case "gt" -> v -> v.compareToIgnoreCase(expected) > 0;
            case "ge" -> v -> v.compareToIgnoreCase(expected) >= 0;
            case "lt" -> v -> v.compareToIgnoreCase(expected) < 0;
            case "le" -> v -> v.compareToIgnoreCase(expected) <= 0;
            default -> throw new IllegalStateException(op);
        };
        // a multi-valued attribute (emails.value, groups.display) matches when any of its values does
        if (op.equals("ne")) return n -> values(n, attr).stream().noneMatch(test);
        return n -> values(n, attr).stream().anyMatch(test);
    }

    /** Every text a (possibly dotted) attribute holds, through arrays; matched case-insensitively. */
    static List<String> values(JsonNode node, String attr) {
        List<JsonNode> cur = List.of(node);
        for (String part : attr.split("\\.")) {
            List<JsonNode> next = new ArrayList<>();
            for (JsonNode c : cur) {
                if (!c.isObject()) continue;
                for (var it = c.fieldNames(); it.hasNext(); ) {
                    String name = it.next();
                    if (!name.equalsIgnoreCase(part)) continue;
                    JsonNode v = c.get(name);
                    if (v.isArray()) v.forEach(next::add);
                    else next.add(v);
                }
            }
            cur = next;
        }
        List<String> out = new ArrayList<>();
        for (JsonNode c : cur) if (c.isValueNode() && !c.isNull()) out.add(c.asText());
        return out;
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

    private static ApiException invalid(String f, String why) {
        return ApiException.invalid("Invalid SCIM filter: " + why + ": " + f);
    }
}
