package dev.minilake.engines.sqltranslate;

import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statements;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * JSqlParser with a time limit, on a shared pool. JSqlParser enforces its timeout by parsing on
 * another thread; without a pool it makes a new executor and thread for every parse, which cost
 * over a millisecond a statement, more than the parse itself.
 */
final class SqlParser {
    /** A parse that takes longer is a pathological input, refused rather than waited on. */
    private static final int TIMEOUT_MILLIS = 5000;
    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final ExecutorService POOL = new ThreadPoolExecutor(0, 64, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
        Thread t = new Thread(r, "minilake-sql-parse-" + THREADS.incrementAndGet());
        t.setDaemon(true);
        return t;
    }, new ThreadPoolExecutor.CallerRunsPolicy());

    private SqlParser() {
    }

    static Statements parse(String sql) throws JSQLParserException {
        return CCJSqlParserUtil.parseStatements(sql, POOL, p -> p.withTimeOut(TIMEOUT_MILLIS));
    }
}
