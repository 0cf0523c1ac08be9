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
