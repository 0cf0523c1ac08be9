package dev.minilake.engines.sqltranslate;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Refuses the statements that would change the shared engine for every client: attaching or
 * detaching databases, engine settings ({@code SET GLOBAL}, {@code SET VARIABLE}, a SET inside a
 * script; a plain Spark {@code SET key = value} is a session configuration and passes), extensions,
 * database export/import, DuckDB secrets and procedures. DuckDB's locked configuration and file sandbox stop most of these too; this check
 * names the rule in a Databricks-style error before DuckDB sees the text, and it covers what a
 * locked DuckDB still allows (ATTACH and DETACH inside the lake, {@code SET schema}).
 *
 * <p>Statements are read from their tokens, each one of a {@code ;}-separated text, so a refused
 * statement cannot hide behind another.
 */
public final class StatementGuard {
    private static final Set<String> ENGINE_WORDS = Set.of("ATTACH", "DETACH", "SET", "RESET", "INSTALL", "LOAD", "FORCE",
            "EXPORT", "IMPORT", "PRAGMA", "CALL", "ADD");
    private static final Set<String> SECRET_MODIFIERS = Set.of("OR", "REPLACE", "PERSISTENT", "TEMP", "TEMPORARY");

    private StatementGuard() {
    }

    /** Throws {@link RefusedStatementException} when any statement in {@code sql} is one a client may not run. */
    public static void check(String sql) {
        List<List<SqlToken>> statements = SqlTokenizer.splitStatements(sql);
        for (List<SqlToken> all : statements) {
            List<SqlToken> statement = all.stream().filter(t -> !t.isTrivia()).toList();
            if (statement.isEmpty()) continue;
            String first = word(statement, 0);
            if ((first.equals("SET") || first.equals("RESET")) && isSessionConf(sql)) {
                engineWideKey(sql);
                continue;
            }
            if (ENGINE_WORDS.contains(first)) throw refused(first, statement);
            if ((first.equals("CREATE") || first.equals("DROP")) && namesSecret(statement)) {
                throw new RefusedStatementException("[INSUFFICIENT_PERMISSIONS] " + first
                        + " SECRET manages engine-wide credentials and is not allowed; use the Secrets API (/api/2.0/secrets).");
            }
        }
    }

    /** A whole text that is one Spark SET/RESET of a session configuration, which never reaches the engine. */
    private static boolean isSessionConf(String sql) {
        return CommandRecognizer.recognize(sql)
                .map(c -> c instanceof Command.SetConf || c instanceof Command.ResetConf).orElse(false);
    }

    /** A session SET of a key that would change the shared Spark or reach files is refused, naming the key. */
    private static void engineWideKey(String sql) {
        CommandRecognizer.recognize(sql).ifPresent(c -> {
            if (c instanceof Command.SetConf set && set.key() != null && set.value() != null && EngineWideConfs.isEngineWide(set.key())) {
                throw new RefusedStatementException("[INSUFFICIENT_PERMISSIONS] SET " + set.key() + " is not allowed: it is an engine-wide"
                        + " or path configuration of the Spark every client shares. Session configurations such as"
                        + " spark.sql.shuffle.partitions or spark.sql.session.timeZone may be set.");
            }
        });
    }

    private static RefusedStatementException refused(String first, List<SqlToken> statement) {
        String what = switch (first) {
            case "ATTACH", "DETACH" -> "Catalogs are attached by Unity Catalog, not by SQL; create or delete a catalog"
                    + " through the Unity Catalog API or CREATE/DROP CATALOG.";
            case "SET", "RESET" -> "Engine settings are shared by every client, so SQL may not change them ("
                    + String.join(" ", statement.subList(0, Math.min(statement.size(), 2)).stream().map(SqlToken::text).toList())
                    + "). SET key = value sets a configuration of the statement's own session.";
            case "INSTALL", "LOAD", "FORCE" -> "Extensions are built in and loaded at start; SQL may not install or load any.";
            case "EXPORT", "IMPORT" -> "EXPORT/IMPORT DATABASE would read or write outside the lake.";
            case "PRAGMA" -> "PRAGMA statements change or reveal the engine; they are not part of Databricks SQL.";
            case "ADD" -> "ADD JAR, ADD FILE and ADD ARCHIVE change the Spark every client shares; a job task can use libraries.";
            default -> "CALL of engine procedures is not supported.";
        };
        return new RefusedStatementException("[INSUFFICIENT_PERMISSIONS] " + first + " is not allowed. " + what);
    }

    private static boolean namesSecret(List<SqlToken> statement) {
        for (int i = 1; i < statement.size(); i++) {
            String w = word(statement, i);
            if (w.equals("SECRET")) return true;
            if (!SECRET_MODIFIERS.contains(w)) return false;
        }
        return false;
    }

    private static String word(List<SqlToken> tokens, int i) {
        SqlToken t = tokens.get(i);
        return t.kind() == SqlToken.Kind.WORD ? t.text().toUpperCase(Locale.ROOT) : "";
    }

    /** A statement a client may not run; its message leads with the Spark-style error class. */
    public static final class RefusedStatementException extends RuntimeException {
        RefusedStatementException(String message) {
            super(message);
        }
    }
}
