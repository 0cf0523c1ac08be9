package dev.minilake.engines.statements;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * Databricks SQL's STATEMENT_TIMEOUT: seconds from a statement's start after which it is halted,
 * 0 to 172800 (2 days, also the default). A session sets it with {@code SET STATEMENT_TIMEOUT = n}
 * or {@code session_configuration}; the statement then fails with QUERY_EXECUTION_TIMEOUT_EXCEEDED
 * and its work stops as a cancel stops it. No statement runs longer than this.
 */
final class StatementTimeout {
    static final long DEFAULT_SECONDS = 172_800;

    private StatementTimeout() {
    }

    /** The session's STATEMENT_TIMEOUT (any case), or the default; 0 and values out of range mean the default. */
    static long seconds(Map<String, String> conf) {
        for (Map.Entry<String, String> e : conf.entrySet()) {
            if (!e.getKey().toUpperCase(Locale.ROOT).equals("STATEMENT_TIMEOUT")) continue;
            try {
                long s = Long.parseLong(e.getValue().trim());
                return s > 0 && s <= DEFAULT_SECONDS ? s : DEFAULT_SECONDS;
            } catch (NumberFormatException ignored) {
                return DEFAULT_SECONDS;
            }
        }
        return DEFAULT_SECONDS;
    }

    static SqlError exceeded(long seconds) {
        return new SqlError("BAD_REQUEST", "[QUERY_EXECUTION_TIMEOUT_EXCEEDED] Query execution was cancelled due to exceeding"
                + " the timeout (" + seconds + "s). You can increase the limit in seconds by setting SET STATEMENT_TIMEOUT = value.",
                "57KD0");
    }

    static ScheduledThreadPoolExecutor scheduler() {
        ScheduledThreadPoolExecutor s = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "minilake-sql-timeouts");
            t.setDaemon(true);
            return t;
        });
        s.setRemoveOnCancelPolicy(true); // a statement that ended leaves no timer behind
        return s;
    }
}
