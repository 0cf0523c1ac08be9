package dev.minilake.engines.sqltranslate;

import dev.minilake.engines.sqltranslate.SqlToken.Kind;

import java.util.ArrayList;
import java.util.List;

/**
 * A small SQL lexer for the Databricks dialect: the few statement forms JSqlParser cannot parse are
 * recognized on tokens, never with regular expressions over raw text.
 */
public final class SqlTokenizer {
    private static final List<String> MULTI = List.of("::", ":=", "<=", ">=", "<>", "!=", "||", "=>");

    private SqlTokenizer() {
    }

    public static List<SqlToken> tokenize(String sql) {
        List<SqlToken> out = new ArrayList<>();
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            int start = i;
            Kind kind;
            if (Character.isWhitespace(c)) {
                while (i < n && Character.isWhitespace(sql.charAt(i))) i++;
                kind = Kind.SPACE;
            } else if (c == '-' && sql.startsWith("--", i)) {
                while (i < n && sql.charAt(i) != '\n') i++;
                kind = Kind.COMMENT;
            } else if (c == '/' && sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                kind = Kind.COMMENT;
            } else if (c == '\'' || c == '"' || c == '`') {
                i = quotedEnd(sql, i, c);
                kind = c == '\'' ? Kind.STRING : c == '"' ? Kind.QUOTED : Kind.BACKTICK;
            } else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(sql.charAt(i + 1)))) {
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '.')) i++;
                kind = Kind.NUMBER;
            } else if (isIdentStart(c)) {
                while (i < n && isIdentPart(sql.charAt(i))) i++;
                kind = Kind.WORD;
            } else if (c == ':' && i + 1 < n && isIdentStart(sql.charAt(i + 1))
                    && (i == 0 || sql.charAt(i - 1) != ':')) {
                i++;
                while (i < n && isIdentPart(sql.charAt(i))) i++;
                kind = Kind.PARAM;
            } else {
                String two = i + 2 <= n ? sql.substring(i, i + 2) : "";
                i += MULTI.contains(two) ? 2 : 1;
                kind = Kind.SYMBOL;
            }
            out.add(new SqlToken(kind, sql.substring(start, i)));
        }
        return out;
    }

    /** The tokens without whitespace and comments. */
    public static List<SqlToken> significant(String sql) {
        return tokenize(sql).stream().filter(t -> !t.isTrivia()).toList();
    }

    /** The statements of a text, split at top-level semicolons (never inside strings or comments), each with its tokens. */
    public static List<List<SqlToken>> splitStatements(String sql) {
        List<List<SqlToken>> out = new ArrayList<>();
        List<SqlToken> current = new ArrayList<>();
        for (SqlToken t : tokenize(sql)) {
            if (t.isSymbol(";")) {
                out.add(current);
                current = new ArrayList<>();
            } else {
                current.add(t);
            }
        }
        out.add(current);
        return out;
    }

    /** The non-empty statements of a text (a script, an init file), as text. */
    public static List<String> statements(String sql) {
        return splitStatements(sql).stream().filter(s -> s.stream().anyMatch(t -> !t.isTrivia()))
                .map(s -> join(s).strip()).toList();
    }

    public static String join(List<SqlToken> tokens) {
        StringBuilder b = new StringBuilder();
        tokens.forEach(t -> b.append(t.text()));
        return b.toString();
    }

    private static int quotedEnd(String sql, int i, char q) {
        int j = i + 1;
        while (j < sql.length()) {
            char c = sql.charAt(j);
            if (c == '\\' && q == '\'') {
                j += 2;
                continue;
            }
            if (c == q) {
                if (j + 1 < sql.length() && sql.charAt(j + 1) == q) {
                    j += 2;
                    continue;
                }
                return j + 1;
            }
            j++;
        }
        return sql.length();
    }

    private static boolean isIdentStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static boolean isIdentPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }
}
