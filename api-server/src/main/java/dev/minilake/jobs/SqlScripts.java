package dev.minilake.jobs;

import dev.minilake.engines.sqltranslate.SqlToken;
import dev.minilake.engines.sqltranslate.SqlTokenizer;

import java.util.ArrayList;
import java.util.List;

/** Splits a SQL file into statements at top-level semicolons (never inside strings, identifiers or comments). */
final class SqlScripts {
    private SqlScripts() {
    }

    static List<String> split(String script) {
        List<String> out = new ArrayList<>();
        List<SqlToken> current = new ArrayList<>();
        for (SqlToken t : SqlTokenizer.tokenize(script)) {
            if (t.isSymbol(";")) {
                add(out, current);
                current = new ArrayList<>();
            } else {
                current.add(t);
            }
        }
        add(out, current);
        return out;
    }

    private static void add(List<String> out, List<SqlToken> tokens) {
        if (tokens.stream().allMatch(SqlToken::isTrivia)) return;
        out.add(SqlTokenizer.join(tokens).trim());
    }
}
