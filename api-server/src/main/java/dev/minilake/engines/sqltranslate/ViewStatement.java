package dev.minilake.engines.sqltranslate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code CREATE [OR REPLACE] [GLOBAL] [TEMP|TEMPORARY] VIEW [IF NOT EXISTS] name [(columns)] [...] AS query}
 * and {@code DROP VIEW [IF EXISTS] name}, read from their tokens: the view's name, whether it is
 * temporary, and the query's own Spark SQL text, which Unity Catalog keeps as the view's definition.
 * Views are recognized before either engine sees them, because where a view lives (DuckDB, Spark, or
 * both) depends on its query.
 */
public record ViewStatement(boolean create, boolean temporary, boolean replace, boolean ifExistsOrNot, List<String> name,
                            String query, boolean columnList) {

    public static Optional<ViewStatement> recognize(String sql) {
        List<SqlToken> all = SqlTokenizer.tokenize(sql);
        List<Integer> sig = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) if (!all.get(i).isTrivia()) sig.add(i);
        Cursor c = new Cursor(all, sig);
        if (c.accept("DROP")) {
            boolean temporary = c.accept("TEMPORARY") || c.accept("TEMP");
            if (!c.accept("VIEW")) return Optional.empty();
            boolean ifExists = c.accept("IF") && c.accept("EXISTS");
            List<String> name = c.name();
            if (name == null || !c.atEndOrSemicolon()) return Optional.empty();
            return Optional.of(new ViewStatement(false, temporary, false, ifExists, name, null, false));
        }
        if (!c.accept("CREATE")) return Optional.empty();
        boolean replace = c.accept("OR") && c.accept("REPLACE");
        c.accept("GLOBAL");
        boolean temporary = c.accept("TEMPORARY") || c.accept("TEMP");
        if (!c.accept("VIEW")) return Optional.empty();
        boolean ifNotExists = c.accept("IF") && c.accept("NOT") && c.accept("EXISTS");
        List<String> name = c.name();
        if (name == null) return Optional.empty();
        boolean columnList = c.peek() != null && c.peek().isSymbol("(");
        // the query starts after the first AS outside parentheses (the column list and TBLPROPERTIES have none at depth 0)
        int depth = 0;
        for (int k = c.pos; k < sig.size(); k++) {
            SqlToken t = all.get(sig.get(k));
            if (t.isSymbol("(")) depth++;
            else if (t.isSymbol(")")) depth--;
            else if (depth == 0 && t.isWord("AS")) {
                StringBuilder q = new StringBuilder();
                for (int j = sig.get(k) + 1; j < all.size(); j++) q.append(all.get(j).text());
                String query = q.toString().strip();
                while (query.endsWith(";")) query = query.substring(0, query.length() - 1).strip();
                return query.isEmpty() ? Optional.empty() : Optional.of(new ViewStatement(true, temporary, replace, ifNotExists, name, query, columnList));
            }
        }
        return Optional.empty();
    }

    /** The name's last part, lower-case: what a statement that reads the view mentions. */
    public String simpleName() {
        return name.get(name.size() - 1).toLowerCase(Locale.ROOT);
    }

    /** The name qualified with the statement's current catalog and schema, lower-case. */
    public String fullName(String catalog, String schema) {
        List<String> n = new ArrayList<>(name);
        if (n.size() < 2) n.add(0, schema);
        if (n.size() < 3) n.add(0, catalog);
        return String.join(".", n).toLowerCase(Locale.ROOT);
    }

    /** Whether a statement's tokens mention {@code simpleName} (lower-case) as an identifier. */
    public static boolean mentions(List<SqlToken> significant, java.util.Set<String> simpleNames) {
        if (simpleNames.isEmpty()) return false;
        for (SqlToken t : significant) {
            if ((t.kind() == SqlToken.Kind.WORD || t.kind() == SqlToken.Kind.BACKTICK || t.kind() == SqlToken.Kind.QUOTED)
                    && simpleNames.contains(t.identifier().toLowerCase(Locale.ROOT))) return true;
        }
        return false;
    }

    private static final class Cursor {
        final List<SqlToken> all;
        final List<Integer> sig;
        int pos;

        Cursor(List<SqlToken> all, List<Integer> sig) {
            this.all = all;
            this.sig = sig;
        }

        SqlToken peek() {
            return pos < sig.size() ? all.get(sig.get(pos)) : null;
        }

        boolean accept(String word) {
            SqlToken t = peek();
            if (t != null && t.isWord(word)) {
                pos++;
                return true;
            }
            return false;
        }

        boolean atEndOrSemicolon() {
            SqlToken t = peek();
            return t == null || t.isSymbol(";");
        }

        /** A dotted name of words or quoted identifiers; null if there is none. */
        List<String> name() {
            List<String> parts = new ArrayList<>();
            while (true) {
                SqlToken t = peek();
                if (t == null || !(t.kind() == SqlToken.Kind.WORD || t.kind() == SqlToken.Kind.BACKTICK || t.kind() == SqlToken.Kind.QUOTED)) {
                    return null;
                }
                parts.add(t.identifier());
                pos++;
                SqlToken dot = peek();
                if (dot == null || !dot.isSymbol(".")) break;
                pos++;
            }
            return parts.size() > 3 ? null : parts;
        }
    }
}
