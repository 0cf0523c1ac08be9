package dev.minilake.engines.sqltranslate;

import dev.minilake.engines.sqltranslate.SqlToken.Kind;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Databricks' IDENTIFIER clause: {@code IDENTIFIER(:table)}, {@code IDENTIFIER('main.s.t')} or a
 * {@code ||} concatenation of literals and named parameter markers, standing where a name goes.
 * It is bound before anything else reads the statement, into the backtick-quoted name it denotes,
 * so the router, the Delta planner and the translator see an ordinary name. A name therefore
 * travels as a bound parameter, never spliced into SQL: MiniLake's own callers rely on that too.
 * Spark, when it runs the statement, gets the original text and binds the clause itself.
 */
public final class IdentifierClause {
    private IdentifierClause() {
    }

    /** A clause whose string is no valid name, or names a parameter that is not bound. */
    public static final class InvalidIdentifier extends RuntimeException {
        InvalidIdentifier(String message) {
            super(message);
        }
    }

    /** The statement with every IDENTIFIER clause replaced by its name; the text itself when it has none. */
    public static String bind(String sql, Function<String, Optional<String>> parameter) {
        if (sql == null || !containsWord(sql)) return sql;
        List<SqlToken> tokens = SqlTokenizer.tokenize(sql);
        StringBuilder out = new StringBuilder(sql.length());
        boolean changed = false;
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken t = tokens.get(i);
            int open = t.isWord("IDENTIFIER") ? nextSignificant(tokens, i + 1) : -1;
            if (open < 0 || !tokens.get(open).isSymbol("(")) {
                out.append(t.text());
                continue;
            }
            StringBuilder value = new StringBuilder();
            int j = nextSignificant(tokens, open + 1);
            boolean expectOperand = true;
            while (j >= 0 && !tokens.get(j).isSymbol(")")) {
                SqlToken part = tokens.get(j);
                if (expectOperand && part.kind() == Kind.STRING) {
                    value.append(LexicalPass.sparkString(part.text()));
                } else if (expectOperand && part.kind() == Kind.PARAM) {
                    String name = part.text().substring(1);
                    value.append(parameter.apply(name).orElseThrow(() -> new InvalidIdentifier(
                            "[UNBOUND_SQL_PARAMETER] Found the unbound parameter: " + name + ". Please, fix `args` and provide a mapping of the parameter to a SQL literal.")));
                } else if (!expectOperand && part.isSymbol("||")) {
                    // an operator between two operands
                } else {
                    throw new InvalidIdentifier("[NOT_A_CONSTANT_STRING.NOT_CONSTANT] The expression in IDENTIFIER(...) must be a constant STRING: "
                            + "string literals and parameter markers joined by ||.");
                }
                expectOperand = !expectOperand;
                j = nextSignificant(tokens, j + 1);
            }
            if (j < 0 || expectOperand) throw new InvalidIdentifier("[PARSE_SYNTAX_ERROR] Syntax error in IDENTIFIER(...): it needs a constant STRING.");
            out.append(quoted(value.toString()));
            i = j;
            changed = true;
        }
        return changed ? out.toString() : sql;
    }

    /** The parts of a multi-part name as Spark reads it: dot-separated, each plain or backtick-quoted. */
    public static List<String> nameParts(String name) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean inQuotes = false;
        boolean quotedPart = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (inQuotes) {
                if (c == '`' && i + 1 < name.length() && name.charAt(i + 1) == '`') {
                    part.append('`');
                    i++;
                } else if (c == '`') {
                    inQuotes = false;
                } else {
                    part.append(c);
                }
            } else if (c == '`' && part.isEmpty() && !quotedPart) {
                inQuotes = true;
                quotedPart = true;
            } else if (c == '.') {
                parts.add(checked(part.toString(), quotedPart, name));
                part.setLength(0);
                quotedPart = false;
            } else if (quotedPart) {
                throw invalid(name);
            } else {
                part.append(c);
            }
        }
        if (inQuotes) throw invalid(name);
        parts.add(checked(part.toString(), quotedPart, name));
        return parts;
    }

    /** A backtick-quoted part may hold anything but nothing; a plain one only letters, digits and _, as Spark's parser reads it. */
    private static String checked(String part, boolean quoted, String name) {
        if (part.isEmpty() || !quoted && !part.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_')) throw invalid(name);
        return part;
    }

    private static InvalidIdentifier invalid(String name) {
        return new InvalidIdentifier("[INVALID_IDENTIFIER] The identifier " + name + " is invalid.");
    }

    private static String quoted(String name) {
        List<String> quotedParts = new ArrayList<>();
        for (String p : nameParts(name)) quotedParts.add('`' + p.replace("`", "``") + '`');
        return String.join(".", quotedParts);
    }

    private static int nextSignificant(List<SqlToken> tokens, int from) {
        for (int i = from; i < tokens.size(); i++) if (!tokens.get(i).isTrivia()) return i;
        return -1;
    }

    /** A cheap test that spares the tokenizer for nearly every statement. */
    private static boolean containsWord(String sql) {
        for (int i = 0; i + 10 <= sql.length(); i++) if (sql.regionMatches(true, i, "identifier", 0, 10)) return true;
        return false;
    }
}
