package dev.minilake.engines.sqltranslate;

import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.sqltranslate.SqlToken.Kind;
import dev.minilake.engines.types.DataType;
import dev.minilake.engines.types.TypeMapping;
import dev.minilake.engines.types.TypeParseException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The token-level part of translation, for what JSqlParser cannot read: backtick identifiers become
 * DuckDB quoted identifiers, and Spark complex types ({@code ARRAY<INT>}, {@code MAP<K,V>},
 * {@code STRUCT<a:T>}) become placeholder type names that {@link #restore} swaps for the DuckDB
 * type after the AST was deparsed. The types are parsed and rendered by the one type model
 * ({@link TypeMapping#parseSparkInStatement}).
 */
final class LexicalPass {
    private static final String PLACEHOLDER = "minilake_type_";

    final String text;
    final Map<String, String> placeholders;
    /** The parsed Spark type each placeholder stands for, so DDL records the type as written (not read back from DuckDB's). */
    final Map<String, DataType> placeholderTypes;
    /** The Spark text each placeholder stands for (ARRAY<INT>), for names shown as the user wrote them. */
    private final Map<String, String> written;

    private LexicalPass(String text, Map<String, String> placeholders, Map<String, DataType> placeholderTypes, Map<String, String> written) {
        this.text = text;
        this.placeholders = placeholders;
        this.placeholderTypes = placeholderTypes;
        this.written = written;
    }

    static LexicalPass apply(String sql) {
        List<SqlToken> tokens = SqlTokenizer.tokenize(sql);
        Map<String, String> placeholders = new LinkedHashMap<>();
        Map<String, String> written = new LinkedHashMap<>();
        Map<String, DataType> types = new LinkedHashMap<>();
        StringBuilder out = new StringBuilder();
        int[] startOf = new int[tokens.size()];
        for (int i = 0; i < tokens.size(); i++) {
            SqlToken t = tokens.get(i);
            startOf[i] = out.length();
            int pathEnd = t.kind() == Kind.PARAM || t.isSymbol(":") ? jsonPathEnd(tokens, i) : -1;
            if (pathEnd > i) {
                // Databricks' col:path JSON access, a string as get_json_object answers it (a lexer sees :name as a parameter)
                int first = nameChainStart(tokens, i - 1);
                String column = out.substring(startOf[first]);
                out.setLength(startOf[first]);
                StringBuilder path = new StringBuilder("$");
                if (t.kind() == Kind.PARAM) path.append('.').append(jsonKey(t.text().substring(1)));
                for (int j = i + 1; j < pathEnd; j++) {
                    SqlToken p = tokens.get(j);
                    if (p.isSymbol(".")) path.append('.').append(jsonKey(tokens.get(++j).identifier()));
                    else if (p.isSymbol("[")) {
                        SqlToken k = tokens.get(++j);
                        if (k.kind() == Kind.NUMBER) path.append('[').append(k.text()).append(']');
                        else path.append('.').append(jsonKey(k.text().substring(1, k.text().length() - 1).replace("''", "'")));
                        j++; // the ]
                    }
                }
                out.append("json_extract_string(").append(column).append(", ").append(duckString(path.toString())).append(')');
                i = pathEnd - 1;
            } else if (t.isTypedNumber()) {
                // 2Y, 2S, 2L, 1D, 1F, 1BD: JSqlParser would read the suffix as a column alias, a silent wrong answer
                throw new UnsupportedConstructException("the typed numeric literal " + t.text());
            } else if (t.kind() == Kind.BACKTICK) {
                out.append(DuckDbEngine.quoteIdent(t.identifier()));
            } else if (t.kind() == Kind.STRING) {
                out.append(duckString(sparkString(t.text())));
            } else if (t.kind() == Kind.QUOTED && !identifierPosition(tokens, i)) {
                // Spark (and Databricks SQL) read "text" as a string literal, not as an identifier
                String body = t.text().substring(1, t.text().length() - 1).replace("\"\"", "\"");
                out.append(duckString(sparkString("'" + body.replace("'", "\\'") + "'")));
            } else if (t.kind() == Kind.WORD && t.text().equalsIgnoreCase("r") && i + 1 < tokens.size()
                    && tokens.get(i + 1).kind() == Kind.STRING) {
                // r'...': a raw literal, its backslashes are characters
                String raw = tokens.get(++i).text();
                out.append(duckString(raw.substring(1, raw.length() - 1).replace("''", "'")));
            } else if (isComplexTypeStart(tokens, i)) {
                int last = complexTypeEnd(tokens, i);
                List<SqlToken> type = tokens.subList(i, last + 1);
                String spark = SqlTokenizer.join(type).replaceAll("\\s+", "");
                String name = PLACEHOLDER + placeholders.size();
                DataType parsed = sparkType(type, spark);
                placeholders.put(name, TypeMapping.toDuckDbInStatement(parsed));
                types.put(name, parsed);
                written.put(name, spark);
                out.append(name);
                i = last;
            } else {
                out.append(t.text());
            }
        }
        return new LexicalPass(out.toString(), placeholders, types, written);
    }

    /** Words after which a double-quoted token names a relation (MiniLake's own rewrites quote names so; Spark's parser never sees them). */
    private static final java.util.Set<String> BEFORE_NAME = java.util.Set.of("FROM", "JOIN", "INTO", "UPDATE", "TABLE", "VIEW", "AS", "EXISTS", "USING");

    /**
     * Whether a double-quoted token stands where only a name can: after FROM, JOIN, INTO, AS and the
     * like, or beside a dot of a qualified name. Spark's parser refuses "..." there, so such a token
     * comes from MiniLake's own rewrites, which quote names as DuckDB does; anywhere else it is text.
     */
    private static boolean identifierPosition(List<SqlToken> tokens, int i) {
        SqlToken before = neighbour(tokens, i, -1), after = neighbour(tokens, i, 1);
        if (before != null && (before.isSymbol(".") || before.kind() == Kind.WORD && BEFORE_NAME.contains(before.text().toUpperCase(java.util.Locale.ROOT)))) {
            return true;
        }
        // an alias written without AS right after a quoted name: FROM "__scan" "events"
        if (before != null && (before.kind() == Kind.QUOTED || before.kind() == Kind.BACKTICK)) return true;
        return after != null && (after.isSymbol(".") || after.isSymbol("=") && before != null && before.isWord("SET"));
    }

    private static SqlToken neighbour(List<SqlToken> tokens, int i, int step) {
        for (int j = i + step; j >= 0 && j < tokens.size(); j += step) {
            if (!tokens.get(j).isTrivia()) return tokens.get(j);
        }
        return null;
    }

    /**
     * The value of a Spark string literal: Spark reads backslash escapes in literals ({@code '\\d'}
     * is {@code \d}, {@code '\t'} a tab), DuckDB does not. {@code \%} and {@code \_} keep their
     * backslash, for LIKE patterns, as in Spark.
     */
    static String sparkString(String literal) {
        String body = literal.length() >= 2 && literal.endsWith("'") ? literal.substring(1, literal.length() - 1) : literal.substring(1);
        StringBuilder v = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\'' && i + 1 < body.length() && body.charAt(i + 1) == '\'') {
                // kept as one quote (Spark reads 'it''s' as two adjacent literals, "its"), as paths like it''s.csv rely on it
                v.append('\'');
                i++;
            } else if (c != '\\' || i + 1 >= body.length()) {
                v.append(c);
            } else {
                char e = body.charAt(++i);
                switch (e) {
                    case 'n' -> v.append('\n');
                    case 't' -> v.append('\t');
                    case 'r' -> v.append('\r');
                    case 'b' -> v.append('\b');
                    case '0' -> v.append('\0');
                    case 'Z' -> v.append('\u001A');
                    case '%', '_' -> v.append('\\').append(e);
                    case 'u' -> {
                        if (i + 4 < body.length() && body.substring(i + 1, i + 5).matches("[0-9a-fA-F]{4}")) {
                            v.append((char) Integer.parseInt(body.substring(i + 1, i + 5), 16));
                            i += 4;
                        } else {
                            v.append('u');
                        }
                    }
                    default -> v.append(e);
                }
            }
        }
        return v.toString();
    }

    /**
     * Where a {@code col:path} JSON path that starts at the parameter-like token {@code i} ends
     * (exclusive), or -1: the token before it is a column name written right against the colon, and
     * the path goes on with {@code .key}, {@code [n]} or {@code ['key']}, nothing between.
     */
    private static int jsonPathEnd(List<SqlToken> tokens, int i) {
        if (i == 0) return -1;
        SqlToken before = tokens.get(i - 1);
        boolean name = before.kind() == Kind.BACKTICK || before.kind() == Kind.QUOTED
                || before.kind() == Kind.WORD && !PATH_KEYWORDS.contains(before.text().toUpperCase(java.util.Locale.ROOT));
        if (!name) return -1;
        // a bare colon must open a bracket key right away (raw:['a b'], raw:[0])
        if (tokens.get(i).isSymbol(":") && !(i + 1 < tokens.size() && tokens.get(i + 1).isSymbol("["))) return -1;
        int j = i + 1;
        while (j < tokens.size()) {
            SqlToken p = tokens.get(j);
            if (p.isSymbol(".") && j + 1 < tokens.size() && (tokens.get(j + 1).kind() == Kind.WORD || tokens.get(j + 1).kind() == Kind.BACKTICK)) {
                j += 2;
            } else if (p.isSymbol("[") && j + 2 < tokens.size() && tokens.get(j + 2).isSymbol("]")
                    && (tokens.get(j + 1).kind() == Kind.NUMBER || tokens.get(j + 1).kind() == Kind.STRING)) {
                j += 3;
            } else {
                break;
            }
        }
        return j == i + 1 && tokens.get(i).isSymbol(":") ? -1 : j;
    }

    /** Words that may stand right before a named parameter ({@code WHERE x IN(:a)} aside, these end clauses). */
    private static final java.util.Set<String> PATH_KEYWORDS = java.util.Set.of("SELECT", "WHERE", "AND", "OR", "NOT", "THEN", "ELSE",
            "WHEN", "IN", "IS", "LIKE", "LIMIT", "OFFSET", "BY", "ON", "AS", "RETURN", "SET", "VALUES", "BETWEEN", "CASE", "END", "HAVING");

    /** The first token of the dotted name that ends at {@code i} ({@code t.raw} in {@code t.raw:path}). */
    private static int nameChainStart(List<SqlToken> tokens, int i) {
        int j = i;
        while (j >= 2 && tokens.get(j - 1).isSymbol(".") && (tokens.get(j - 2).kind() == Kind.WORD
                || tokens.get(j - 2).kind() == Kind.BACKTICK || tokens.get(j - 2).kind() == Kind.QUOTED)) j -= 2;
        return j;
    }

    /** A JSON path key, quoted when it is not a plain name. */
    private static String jsonKey(String key) {
        return key.matches("[A-Za-z_][A-Za-z0-9_]*") ? key : '"' + key.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** A DuckDB string literal for {@code value}. */
    static String duckString(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /** Puts the Spark text back where the placeholders were (for names, not for SQL DuckDB runs). */
    String restoreWritten(String text) {
        if (written.isEmpty()) return text;
        StringBuilder out = new StringBuilder();
        for (SqlToken t : SqlTokenizer.tokenize(text)) {
            out.append(t.kind() == Kind.WORD && written.containsKey(t.text()) ? written.get(t.text()) : t.text());
        }
        return out.toString();
    }

    /** Puts the DuckDB types back where the placeholders were, on tokens of the deparsed SQL. */
    String restore(String deparsed) {
        if (placeholders.isEmpty()) return deparsed;
        StringBuilder out = new StringBuilder();
        for (SqlToken t : SqlTokenizer.tokenize(deparsed)) {
            out.append(t.kind() == Kind.WORD && placeholders.containsKey(t.text()) ? placeholders.get(t.text()) : t.text());
        }
        return out.toString();
    }

    /** For SQL JSqlParser cannot parse: named parameters become {@code ?}, on tokens, recording their names. */
    static String bindNamedParameters(String sql, List<String> names) {
        StringBuilder out = new StringBuilder();
        for (SqlToken t : SqlTokenizer.tokenize(sql)) {
            if (t.kind() == Kind.PARAM) {
                names.add(t.text().substring(1));
                out.append('?');
            } else {
                out.append(t.text());
            }
        }
        return out.toString();
    }

    /**
     * Where the complex type that starts at {@code i} ends: its closing {@code >}, or, when it is
     * not closed, the last token before a {@code )} or {@code ;} outside its own parentheses.
     */
    private static int complexTypeEnd(List<SqlToken> tokens, int i) {
        int angles = 0, parens = 0, last = i;
        for (int j = i; j < tokens.size(); j++) {
            SqlToken t = tokens.get(j);
            if (t.isSymbol(";") || t.isSymbol(")") && parens == 0) break;
            last = j;
            if (t.isSymbol("(")) parens++;
            else if (t.isSymbol(")")) parens--;
            else if (t.isSymbol("<")) angles++;
            else if (t.isSymbol(">") && --angles == 0) return j;
        }
        return last;
    }

    /**
     * The type the tokens spell, read by the type model's own lexer from the significant tokens
     * joined by spaces: {@code a:int} (a name and a parameter token here) reads as a, ':', int, and a
     * comment's string literal is handed over with its Spark escapes resolved.
     */
    private static DataType sparkType(List<SqlToken> type, String written) {
        StringBuilder text = new StringBuilder();
        for (SqlToken t : type) {
            if (!t.isTrivia()) text.append(t.kind() == Kind.STRING ? duckString(sparkString(t.text())) : t.text()).append(' ');
        }
        try {
            return TypeMapping.parseSparkInStatement(text.toString());
        } catch (TypeParseException e) {
            throw new UnsupportedConstructException("type " + written);
        }
    }

    private static boolean isComplexTypeStart(List<SqlToken> tokens, int i) {
        SqlToken t = tokens.get(i);
        if (!(t.isWord("ARRAY") || t.isWord("MAP") || t.isWord("STRUCT"))) return false;
        for (int j = i + 1; j < tokens.size(); j++) {
            if (!tokens.get(j).isTrivia()) return tokens.get(j).isSymbol("<");
        }
        return false;
    }
}
