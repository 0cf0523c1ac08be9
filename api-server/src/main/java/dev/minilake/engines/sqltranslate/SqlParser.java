package dev.minilake.engines.sqltranslate;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statements;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * JSqlParser with a time limit, parsing on the caller's thread. JSqlParser's own timeout parses on
 * another thread and waits for it; those two thread switches cost more than parsing a short
 * statement. Here a watchdog raises the parser's {@code interrupted} flag instead, which the
 * generated parser polls, so a pathological input still fails after {@link #TIMEOUT_MILLIS}.
 *
 * <p>As JSqlParser does, a statement is parsed first without its "complex parsing" mode (fast) and,
 * only when that fails and the text is not nested too deeply, once more with it.
 */
final class SqlParser {
    /** A parse that takes longer is a pathological input, refused rather than waited on. */
    private static final int TIMEOUT_MILLIS = 5000;
    private static final ScheduledThreadPoolExecutor WATCHDOG = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "minilake-sql-parse-watchdog");
        t.setDaemon(true);
        return t;
    });

    static {
        WATCHDOG.setRemoveOnCancelPolicy(true); // a parse that finished leaves nothing queued
    }

    private SqlParser() {
    }

    static Statements parse(String sql) throws JSQLParserException {
        try {
            return parse(sql, false);
        } catch (JSQLParserException simple) {
            if (CCJSqlParserUtil.getNestingDepth(sql) > CCJSqlParserUtil.ALLOWED_NESTING_DEPTH) throw simple;
            return parse(sql, true);
        }
    }

    private static Statements parse(String sql, boolean complex) throws JSQLParserException {
        CCJSqlParser parser = CCJSqlParserUtil.newParser(sql).withAllowComplexParsing(complex);
        ScheduledFuture<?> watchdog = WATCHDOG.schedule(() -> {
            parser.interrupted = true;
        }, TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        try {
            Statements statements = parser.Statements();
            if (parser.interrupted) throw new JSQLParserException("Time out occurred.");
            return statements;
        } catch (Exception | StackOverflowError e) {
            // ParseException, the token manager's errors, and a stack too small for a deeply nested text
            throw new JSQLParserException(parser.interrupted ? "Time out occurred." : String.valueOf(e.getMessage()), e);
        } finally {
            watchdog.cancel(false);
        }
    }
}
