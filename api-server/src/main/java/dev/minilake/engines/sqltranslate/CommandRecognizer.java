package dev.minilake.engines.sqltranslate;

import dev.minilake.engines.sqltranslate.Command.Describe;
import dev.minilake.engines.sqltranslate.Command.ShowCatalogs;
import dev.minilake.engines.sqltranslate.Command.ShowCreateTable;
import dev.minilake.engines.sqltranslate.Command.ShowSchemas;
import dev.minilake.engines.sqltranslate.Command.ShowTables;
import dev.minilake.engines.sqltranslate.Command.Use;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Recognizes the Databricks-only statement forms JSqlParser cannot parse (SHOW ..., DESCRIBE ...,
 * USE ...) from their tokens. Anything else is not a command.
 */
public final class CommandRecognizer {
    private CommandRecognizer() {
    }

    public static Optional<Command> recognize(String sql) {
        return recognize(SqlTokenizer.significant(sql));
    }

    /** As {@link #recognize(String)}, from a statement's significant tokens. */
    public static Optional<Command> recognize(List<SqlToken> significant) {
        List<SqlToken> t = new ArrayList<>(significant);
        while (!t.isEmpty() && t.get(t.size() - 1).isSymbol(";")) t.remove(t.size() - 1);
        if (t.isEmpty()) return Optional.empty();
        Words w = new Words(t);
        if (w.accept("SHOW")) return show(w);
        if (w.accept("DESCRIBE") || w.accept("DESC")) return describe(w);
        if (w.accept("USE")) return use(w);
        if (w.accept("CREATE")) return create(w);
        if (w.accept("DROP")) return drop(w);
        if (w.accept("SET")) return set(w, t);
        if (w.accept("PUT")) {
            String local = w.string();
            if (local == null || !w.accept("INTO")) return Optional.empty();
            String remote = w.string();
            if (remote == null) return Optional.empty();
            return w.done(new Command.VolumeCommand("PUT", local, remote, w.accept("OVERWRITE")));
        }
        if (w.accept("GET")) {
            String remote = w.string();
            if (remote == null || !w.accept("TO")) return Optional.empty();
            String local = w.string();
            return local == null ? Optional.empty() : w.done(new Command.VolumeCommand("GET", local, remote, false));
        }
        if (w.accept("REMOVE")) {
            String remote = w.string();
            return remote == null ? Optional.empty() : w.done(new Command.VolumeCommand("REMOVE", null, remote, false));
        }
        if (w.accept("RESET")) return w.atEnd() ? Optional.of(new Command.ResetConf(null)) : w.done(new Command.ResetConf(w.confKey()));
        return Optional.empty();
    }

    /** The words after SET that make it a DuckDB engine or variable statement, never a Spark configuration. */
    private static final java.util.Set<String> NOT_A_CONF = java.util.Set.of("GLOBAL", "SESSION", "LOCAL", "VAR", "VARIABLE");

    /**
     * Spark's SET forms: {@code SET}, {@code SET key}, {@code SET key = value} (the value is the
     * rest of the text, a lone string literal unquoted) and Databricks' {@code SET TIME ZONE 'zone'}.
     */
    private static Optional<Command> set(Words w, List<SqlToken> all) {
        if (w.atEnd()) return Optional.of(new Command.SetConf(null, null));
        if (NOT_A_CONF.contains(w.peekWord())) return Optional.empty();
        if (w.accept("TIME")) {
            if (!w.accept("ZONE")) return Optional.empty();
            if (w.accept("LOCAL")) return w.done(new Command.ResetConf(SESSION_TIME_ZONE));
            String zone = w.string();
            return zone == null ? Optional.empty() : w.done(new Command.SetConf(SESSION_TIME_ZONE, zone));
        }
        String key = w.confKey();
        if (key.isEmpty()) return Optional.empty();
        if (w.atEnd()) return Optional.of(new Command.SetConf(key, null));
        if (!w.acceptSymbol("=")) return Optional.empty();
        List<SqlToken> rest = all.subList(w.pos, all.size());
        String value = rest.size() == 1 && rest.get(0).kind() == SqlToken.Kind.STRING
                ? rest.get(0).text().substring(1, rest.get(0).text().length() - 1).replace("''", "'")
                : joinValue(rest);
        return Optional.of(new Command.SetConf(key, value));
    }

    /**
     * An unquoted SET value as written: Spark takes the raw text after '=', so tokens are joined with
     * a space only where two words or numbers must have been apart ({@code America/New_York} stays whole).
     */
    static String joinValue(List<SqlToken> tokens) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            if (i > 0 && spaced(tokens.get(i - 1)) && spaced(tokens.get(i))) out.append(' ');
            out.append(tokens.get(i).text());
        }
        return out.toString();
    }

    private static boolean spaced(SqlToken t) {
        return t.kind() == SqlToken.Kind.WORD || t.kind() == SqlToken.Kind.NUMBER || t.kind() == SqlToken.Kind.STRING
                || t.kind() == SqlToken.Kind.QUOTED || t.kind() == SqlToken.Kind.BACKTICK;
    }

    /** The Spark configuration SET TIME ZONE sets. */
    public static final String SESSION_TIME_ZONE = "spark.sql.session.timeZone";

    private static Optional<Command> show(Words w) {
        if (w.accept("CATALOGS")) return w.done(new ShowCatalogs());
        if (w.peekWord().equals("SCHEMAS") || w.peekWord().equals("TABLES") || w.peekWord().equals("COLUMNS")) {
            Optional<Command> listing = catalogListing(w.copy());
            if (listing.isPresent()) return listing;
        }
        if (w.accept("SCHEMAS") || w.accept("DATABASES")) {
            if (w.accept("IN") || w.accept("FROM")) return w.done(new ShowSchemas(w.name().get(0)));
            return w.done(new ShowSchemas(null));
        }
        if (w.accept("TABLES")) {
            if (w.accept("IN") || w.accept("FROM")) {
                List<String> n = w.name();
                return n.size() == 2 ? w.done(new ShowTables(n.get(0), n.get(1))) : w.done(new ShowTables(null, n.get(0)));
            }
            return w.done(new ShowTables(null, null));
        }
        if (w.accept("CREATE") && w.accept("TABLE")) return w.done(new ShowCreateTable(w.name()));
        return Optional.empty();
    }

    /** The connectors' metadata forms of SHOW SCHEMAS / TABLES / COLUMNS (see {@link Command.ShowTablesInCatalog}), if it is one. */
    private static Optional<Command> catalogListing(Words w) {
        String what = w.peekWord();
        w.pos++;
        if (!w.accept("IN")) return Optional.empty();
        String catalog;
        if (w.accept("ALL")) {
            if (!w.accept("CATALOGS")) return Optional.empty();
            catalog = null;
        } else if (w.accept("CATALOG")) {
            List<String> n = w.name();
            if (n.size() != 1) return Optional.empty();
            catalog = n.get(0);
        } else {
            return Optional.empty();
        }
        String schemaLike = null, tableLike = null, like = null;
        if (w.accept("SCHEMA")) {
            if (!w.accept("LIKE") || (schemaLike = w.string()) == null) return Optional.empty();
        }
        if (what.equals("COLUMNS") && w.accept("TABLE")) {
            if (!w.accept("LIKE") || (tableLike = w.string()) == null) return Optional.empty();
        }
        if (w.accept("LIKE") && (like = w.string()) == null) return Optional.empty();
        return switch (what) {
            case "SCHEMAS" -> catalog == null && schemaLike == null ? w.done(new Command.ShowSchemasInAllCatalogs(like)) : Optional.empty();
            case "TABLES" -> w.done(new Command.ShowTablesInCatalog(catalog, schemaLike, like));
            default -> catalog == null ? Optional.empty() : w.done(new Command.ShowColumnsInCatalog(catalog, schemaLike, tableLike, like));
        };
    }

    private static Optional<Command> describe(Words w) {
        w.accept("TABLE");
        boolean extended = w.accept("EXTENDED") || w.accept("FORMATTED");
        if (w.atEnd()) return Optional.empty();
        List<String> name = w.name();
        return name.size() <= 3 ? w.done(new Describe(name, extended)) : Optional.empty();
    }

    private static Optional<Command> create(Words w) {
        boolean catalog = w.accept("CATALOG");
        if (!catalog && !(w.accept("SCHEMA") || w.accept("DATABASE"))) return Optional.empty();
        boolean ifNotExists = w.accept("IF") && w.accept("NOT") && w.accept("EXISTS");
        List<String> n = w.name();
        String comment = w.accept("COMMENT") ? w.string() : null;
        if (catalog) return n.size() == 1 ? w.done(new Command.CreateCatalog(n.get(0), ifNotExists, comment)) : Optional.empty();
        return n.size() == 2 ? w.done(new Command.CreateSchema(n.get(0), n.get(1), ifNotExists, comment))
                : w.done(new Command.CreateSchema(null, n.get(0), ifNotExists, comment));
    }

    private static Optional<Command> drop(Words w) {
        boolean catalog = w.accept("CATALOG");
        if (!catalog && !(w.accept("SCHEMA") || w.accept("DATABASE"))) return Optional.empty();
        boolean ifExists = w.accept("IF") && w.accept("EXISTS");
        List<String> n = w.name();
        boolean cascade = w.accept("CASCADE");
        if (!cascade) w.accept("RESTRICT");
        if (catalog) return n.size() == 1 ? w.done(new Command.DropCatalog(n.get(0), ifExists, cascade)) : Optional.empty();
        return n.size() == 2 ? w.done(new Command.DropSchema(n.get(0), n.get(1), ifExists, cascade))
                : w.done(new Command.DropSchema(null, n.get(0), ifExists, cascade));
    }

    private static Optional<Command> use(Words w) {
        if (w.accept("CATALOG")) return w.done(new Use(w.name().get(0), null));
        if (w.accept("SCHEMA") || w.accept("DATABASE")) {
            List<String> n = w.name();
            return n.size() == 2 ? w.done(new Use(n.get(0), n.get(1))) : w.done(new Use(null, n.get(0)));
        }
        List<String> n = w.name();
        return n.size() == 2 ? w.done(new Use(n.get(0), n.get(1))) : w.done(new Use(null, n.get(0)));
    }

    /** A cursor over keywords and dotted names. */
    private static final class Words {
        private final List<SqlToken> tokens;
        int pos;

        Words(List<SqlToken> tokens) {
            this.tokens = tokens;
        }

        /** A reader at the same position, to try a form without consuming this one's words. */
        Words copy() {
            Words w = new Words(tokens);
            w.pos = pos;
            return w;
        }

        boolean atEnd() {
            return pos >= tokens.size();
        }

        String peekWord() {
            return atEnd() || tokens.get(pos).kind() != SqlToken.Kind.WORD ? "" : tokens.get(pos).text().toUpperCase(java.util.Locale.ROOT);
        }

        boolean acceptSymbol(String symbol) {
            if (!atEnd() && tokens.get(pos).isSymbol(symbol)) {
                pos++;
                return true;
            }
            return false;
        }

        /** A configuration key: words, numbers, dots and dashes up to '=' or the end (spark.sql.shuffle.partitions). */
        String confKey() {
            StringBuilder key = new StringBuilder();
            while (!atEnd() && !tokens.get(pos).isSymbol("=")) {
                SqlToken t = tokens.get(pos);
                if (t.kind() == SqlToken.Kind.WORD || t.kind() == SqlToken.Kind.NUMBER || t.isSymbol(".") || t.isSymbol("-")) {
                    key.append(t.text());
                } else if (t.kind() == SqlToken.Kind.BACKTICK || t.kind() == SqlToken.Kind.QUOTED) {
                    key.append(t.identifier());
                } else {
                    return "";
                }
                pos++;
            }
            return key.toString();
        }

        boolean accept(String keyword) {
            if (!atEnd() && tokens.get(pos).isWord(keyword)) {
                pos++;
                return true;
            }
            return false;
        }

        /** A string literal's value, or null. */
        String string() {
            if (atEnd() || tokens.get(pos).kind() != SqlToken.Kind.STRING) return null;
            String t = tokens.get(pos++).text();
            return t.substring(1, t.length() - 1).replace("''", "'");
        }

        /** A dotted name of identifiers (quoted or not). */
        List<String> name() {
            List<String> parts = new ArrayList<>();
            while (!atEnd()) {
                SqlToken t = tokens.get(pos);
                if (t.kind() != SqlToken.Kind.WORD && t.kind() != SqlToken.Kind.QUOTED && t.kind() != SqlToken.Kind.BACKTICK) break;
                parts.add(t.identifier());
                pos++;
                if (atEnd() || !tokens.get(pos).isSymbol(".")) break;
                pos++;
            }
            if (parts.isEmpty()) parts.add(null);
            return parts;
        }

        /** The command, but only if every token was consumed (else this is not a form we know). */
        Optional<Command> done(Command c) {
            return atEnd() ? Optional.of(c) : Optional.empty();
        }
    }
}
