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
        List<SqlToken> t = new ArrayList<>(SqlTokenizer.significant(sql));
        while (!t.isEmpty() && t.get(t.size() - 1).isSymbol(";")) t.remove(t.size() - 1);
        if (t.isEmpty()) return Optional.empty();
        Words w = new Words(t);
        if (w.accept("SHOW")) return show(w);
        if (w.accept("DESCRIBE") || w.accept("DESC")) return describe(w);
        if (w.accept("USE")) return use(w);
        if (w.accept("CREATE")) return create(w);
        if (w.accept("DROP")) return drop(w);
        return Optional.empty();
    }

    private static Optional<Command> show(Words w) {
        if (w.accept("CATALOGS")) return w.done(new ShowCatalogs());
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
        private int pos;

        Words(List<SqlToken> tokens) {
            this.tokens = tokens;
        }

        boolean atEnd() {
            return pos >= tokens.size();
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
