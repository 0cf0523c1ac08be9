package dev.minilake.engines.statements;

import dev.minilake.engines.sqltranslate.Command;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Spark's SET and RESET over a session's configuration: {@code SET k = v} stores and echoes the pair,
 * {@code SET k} shows it ({@code <undefined>} when unset, as Spark prints), {@code SET} lists the
 * session's pairs, {@code RESET [k]} forgets them. The engine never sees these; MiniLake accepts
 * configurations that have no meaning for its engines, as a warehouse accepts unknown keys.
 */
final class SessionConf {
    private static final List<ResultColumn> COLUMNS = List.of(ResultColumn.string("key"), ResultColumn.string("value"));

    private SessionConf() {
    }

    /** The key Spark keeps a session's time zone under; SET TIME ZONE and the connector's TIMEZONE set it. */
    static final String TIME_ZONE = "spark.sql.session.timeZone";

    /**
     * A new session's {@code session_confs} as Spark keys: the SQL Sessions API's names ({@code TIMEZONE},
     * {@code ANSI_MODE}, in any case) become the Spark configurations they stand for; any other key is
     * kept as sent. An unknown time zone is refused, as Spark refuses it in SET TIME ZONE.
     */
    static Map<String, String> fromSessionConfs(Map<String, String> confs) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        confs.forEach((k, v) -> {
            String key = switch (k.toUpperCase(java.util.Locale.ROOT)) {
                case "TIMEZONE" -> TIME_ZONE;
                case "ANSI_MODE" -> "spark.sql.ansi.enabled";
                default -> k;
            };
            if (key.equals(TIME_ZONE)) {
                try {
                    java.time.ZoneId.of(v);
                } catch (java.time.DateTimeException e) {
                    throw new IllegalArgumentException("[INVALID_CONF_VALUE.TIME_ZONE] The value '" + v
                            + "' in the config \"" + k + "\" is invalid. Cannot resolve the given timezone.");
                }
            }
            out.put(key, v);
        });
        return out;
    }

    /** Whether a session's time zone is one DuckDB's UTC timestamps answer alike (unset, UTC, or an alias of it). */
    static boolean utc(Map<String, String> conf) {
        String tz = conf.get(TIME_ZONE);
        if (tz == null) return true;
        try {
            return java.time.ZoneId.of(tz).normalized().equals(java.time.ZoneOffset.UTC);
        } catch (java.time.DateTimeException e) {
            return false;
        }
    }

    static RowSource apply(Map<String, String> conf, Command command) {
        List<String[]> rows = new ArrayList<>();
        if (command instanceof Command.SetConf set) {
            if (set.key() == null) {
                conf.forEach((k, v) -> rows.add(new String[]{k, v}));
            } else if (set.value() == null) {
                rows.add(new String[]{set.key(), conf.getOrDefault(set.key(), "<undefined>")});
            } else {
                conf.put(set.key(), set.value());
                rows.add(new String[]{set.key(), set.value()});
            }
            return RowSource.of(COLUMNS, rows);
        }
        Command.ResetConf reset = (Command.ResetConf) command;
        if (reset.key() == null) conf.clear();
        else conf.remove(reset.key());
        return RowSource.of(List.of(), rows);
    }
}
