package dev.minilake.engines.statements;

import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.routing.EngineMode;
import dev.minilake.engines.routing.EngineRouter;
import dev.minilake.engines.routing.EngineRouter.Engine;
import dev.minilake.engines.spark.SparkResult;
import dev.minilake.engines.spark.SparkSql;
import dev.minilake.engines.spark.SparkSqlException;
import dev.minilake.engines.spark.SparkStatement;
import dev.minilake.engines.sqltranslate.UnsupportedConstructException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import dev.minilake.engines.sqltranslate.Command;
import dev.minilake.engines.sqltranslate.CommandRecognizer;
import dev.minilake.engines.sqltranslate.IdentifierClause;
import dev.minilake.engines.sqltranslate.ParsedSql;
import dev.minilake.engines.sqltranslate.SessionFacts;
import dev.minilake.engines.sqltranslate.SqlTranslator;
import dev.minilake.engines.sqltranslate.StatementGuard;
import dev.minilake.engines.sqltranslate.VolumePaths;
import dev.minilake.engines.sqltranslate.ViewStatement;
import dev.minilake.engines.sqltranslate.Translation;
import dev.minilake.engines.sqltranslate.Translation.DuckSql;
import dev.minilake.engines.types.SparkType;
import dev.minilake.engines.statements.StatementRequest.Parameter;
import org.duckdb.DuckDBResultSet;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Consumer;

/**
 * Runs one statement: guard, route (see {@link EngineRouter}), then on DuckDB translate, set the
 * context, bind named parameters, execute; or on Spark in the session's Spark session; and spool
 * rows to chunk files. DuckDB serializes writers itself; a conflict is a FAILED statement.
 */
final class StatementRunner {
    private static final Logger log = LoggerFactory.getLogger("minilake.sql");
    private final DuckDbEngine duckdb;
    /** A named session's state; see {@link StatementEngine#session}. */
    private final Function<String, SessionState> sessions;
    /** What current_user() answers: the workspace's user, as Databricks answers the caller's name. */
    private final String userName;
    private final CatalogDdl catalogDdl;
    private final ResultSpool spool;
    private final ArrowSpool arrowSpool;
    private final DeltaSql deltaSql;
    private final SparkSql spark;

    StatementRunner(DuckDbEngine duckdb, Function<String, SessionState> sessions, String userName, CatalogDdl catalogDdl, ResultSpool spool,
                    ArrowSpool arrowSpool, DeltaSql deltaSql, VolumePaths volumePaths, SparkSql spark, VolumeStaging staging,
                    TableCatalog tables) {
        this.tables = tables;
        this.staging = staging;
        this.spark = spark;
        this.userName = userName;
        this.volumePaths = volumePaths;
        this.duckdb = duckdb;
        this.sessions = sessions;
        this.catalogDdl = catalogDdl;
        this.spool = spool;
        this.arrowSpool = arrowSpool;
        this.deltaSql = deltaSql;
    }

    private final VolumePaths volumePaths;
    private final VolumeStaging staging;
    private final TableCatalog tables;

    void run(StatementExecution exec, Consumer<SqlContext> onUse) {
        if (!exec.start()) return;
        long started = System.nanoTime();
        try {
            // IDENTIFIER(:name) is bound first: every later step sees a plain quoted name
            ParsedSql sql = ParsedSql.of(IdentifierClause.bind(exec.request.statement(),
                    name -> Optional.ofNullable(parameter(exec.request.parameters(), name).value())));
            StatementGuard.check(sql.text());
            Command recognized = CommandRecognizer.recognize(sql.significant()).orElse(null);
            if (recognized instanceof Command.VolumeCommand vc) {
                stage(exec, vc); // neither engine's: the client moves the bytes through the URL the answer names
                return;
            }
            RowSource listing = recognized == null ? null : CatalogListings.answer(tables, recognized);
            if (listing != null) { // the connectors' metadata calls, answered from Unity Catalog on any warehouse
                exec.engine = "minilake";
                exec.succeed(spool(exec, listing));
                return;
            }
            EngineMode mode = exec.request.engineMode();
            SessionState session = exec.request.sessionId() != null ? sessions.apply(exec.request.sessionId())
                    : SessionState.forOneStatement(duckdb, idle);
            // USE, SET and RESET change MiniLake's session, which every later statement brings to its engine
            if (mode == EngineMode.SPARK && !sessionCommand(sql)) {
                onSpark(exec, session, "the warehouse's " + EngineMode.TAG + " tag is spark", null);
                return;
            }
            ViewStatement view = ViewStatement.recognize(sql.text()).orElse(null);
            if (view != null && !view.create() && mode == EngineMode.AUTO && session.sparkTempViews.remove(view.simpleName())) {
                onSpark(exec, session, "the temporary view is Spark's", null);
                return;
            }
            if (view != null && !view.create() && dropView(exec, session, view)) return;
            if (view != null && view.create() && mode == EngineMode.AUTO && viewNeedsSpark(view, session)) {
                onSpark(exec, session, "the view's query needs Spark", null);
                madeOnSpark(exec, session, view);
                return;
            }
            if (mode == EngineMode.AUTO && view == null && ViewStatement.mentions(sql.significant(), session.sparkTempViews)) {
                onSpark(exec, session, "it reads a temporary view only Spark has", null);
                return;
            }
            Optional<String> exact = mode == EngineMode.AUTO ? EngineRouter.sparkFirst(sql) : Optional.empty();
            if (mode == EngineMode.AUTO && exact.isEmpty() && !sessionCommand(sql) && !SessionConf.utc(session.conf())) {
                // DuckDB's timestamps are UTC; Spark reads and renders them in the session's zone
                exact = Optional.of("runs in a session whose time zone is " + session.conf().get(SessionConf.TIME_ZONE)
                        + " (DuckDB computes timestamps in UTC)");
            }
            if (exact.isPresent()) {
                onSpark(exec, session, exact.get(), null);
                return;
            }
            if (mode == EngineMode.AUTO && bindsTimestampNtz(exec)) {
                // DuckDB's statements have one naive timestamp, which reads as TIMESTAMP: Spark types TIMESTAMP_NTZ;
                // without Spark, DuckDB answers as before (the value as a TIMESTAMP)
                try {
                    onSpark(exec, session, "it binds a TIMESTAMP_NTZ parameter", null);
                    return;
                } catch (dev.minilake.engines.spark.SparkSqlException e) {
                    if (!e.isUnavailable() || exec.isTerminal()) throw e;
                }
            }
            exec.engine = Engine.DUCKDB.label();
            Optional<dev.minilake.engines.sqltranslate.DeltaStatements.Plan> delta;
            try {
                delta = deltaSql.plan(sql, exec.context);
            } catch (UnsupportedConstructException e) {
                // a Delta feature MiniLake's own writer lacks (generated or identity columns, ...): Delta on Spark has it
                if (mode != EngineMode.AUTO) throw e;
                onSpark(exec, session, "it uses a Delta feature only Spark writes", e);
                return;
            }
            if (delta.isPresent() && delta.get().kind() == dev.minilake.engines.sqltranslate.DeltaStatements.Kind.SPARK
                    && mode != EngineMode.DUCKDB) {
                // a schema change of a Delta table: Spark commits it, and DuckDB's view of a MANAGED table follows its log
                onSpark(exec, session, "it changes a Delta table's schema", null);
                return;
            }
            if (delta.isPresent()) {
                try (SessionState.Lease lease = session.lease(exec.context)) {
                    lease.use(exec.context);
                    exec.succeed(deltaSql.run(lease.connection(), delta.get(), host(exec, onUse), exec.context));
                } catch (Exception e) {
                    // DuckDB could not parse what it was to run, or Delta Kernel refused a table feature (CHECK
                    // constraints, ...) before it committed anything: Spark writes Delta natively
                    boolean feature = dev.minilake.engines.delta.DeltaFeatures.refusedForWrite(e) || EngineRouter.kernelCannotWrite(e); // without Spark, the refusal stands
                    if (mode != EngineMode.AUTO || exec.isTerminal() || !(EngineRouter.unparsed(e) || feature)) throw e;
                    onSpark(exec, session, feature ? "MiniLake's Delta writer cannot write a table feature it names" : "DuckDB cannot parse it", e);
                }
                return;
            }
            // CREATE VIEW IF NOT EXISTS of a view that exists changes nothing, so nothing is recorded either
            boolean viewExisted = view != null && view.create() && view.ifExistsOrNot() && (view.temporary()
                    ? session.duckTempViews.containsKey(view.simpleName())
                    : tables.tableType(view.fullName(exec.context.catalog(), exec.context.schema())).isPresent());
            Translation t;
            try {
                t = SqlTranslator.translate(sql, volumePaths);
            } catch (UnsupportedConstructException e) {
                if (mode == EngineMode.AUTO && EngineRouter.readOnly(sql)) {
                    onSpark(exec, session, "DuckDB cannot translate it", e);
                } else if (mode == EngineMode.DUCKDB) {
                    exec.fail(SqlErrors.unsupportedOnDuckDb(e.getMessage()));
                } else {
                    throw e;
                }
                return;
            }
            try {
                try (SessionState.Lease lease = session.lease(exec.context)) {
                    lease.use(exec.context);
                    exec.succeed(execute(lease.connection(), exec, t, onUse, session));
                    if (plainQuery(t)) lease.leftNothingBehind();
                }
                if (view != null && !viewExisted && exec.state() == StatementExecution.State.SUCCEEDED) madeOnDuckDb(exec, session, view, sql.text());
            } catch (Exception e) {
                if (mode == EngineMode.AUTO && !exec.isTerminal() && sparkMayRead(e, sql, view, session)) {
                    onSpark(exec, session, view != null ? "DuckDB cannot make the view" : "it reads a view only Spark has", e);
                    if (view != null) madeOnSpark(exec, session, view);
                    return;
                }
                // a DuckDB bind, parse or function error never reaches the user while Spark may answer instead
                // and a write or command DuckDB could not even parse ran nowhere, so Spark may run it (EXTERNAL Delta tables)
                boolean mayAnswer = EngineRouter.readOnly(sql) ? EngineRouter.sparkMayAnswer(e) : EngineRouter.sparkMayRun(sql.text(), e);
                // a table or catalog DuckDB misses in a MERGE it could not map to a Delta table (UPDATE SET *) or in an ALTER TABLE, or a catalog
                // in SQL it ran with unmapped names, is no answer; when it is truly missing, Spark says so and DuckDB's error stands
                mayAnswer |= EngineRouter.changesTablesSparkMayHave(sql.text()) ? EngineRouter.missingObject(e) || EngineRouter.notBaseTable(e)
                        : (EngineRouter.sparkStatement(sql.text()) || EngineRouter.readOnly(sql)) && !t.parsed() && EngineRouter.missingCatalog(e);
                if (mode != EngineMode.AUTO || t.command() != null || exec.isTerminal() || !mayAnswer) throw e;
                onSpark(exec, session, "DuckDB failed", e);
            }
        } catch (UnboundParameter e) {
            exec.fail(SqlErrors.unboundParameter(e.getMessage()));
        } catch (StatementParameters.InvalidValue e) {
            exec.fail(SqlErrors.invalidParameterValue(e.getMessage()));
        } catch (IdentifierClause.InvalidIdentifier e) {
            exec.fail(SqlErrors.invalidIdentifier(e.getMessage()));
        } catch (SparkSqlException e) {
            exec.fail(SqlErrors.spark(e));
        } catch (Throwable e) {
            if (!exec.isTerminal()) exec.fail(SqlErrors.of(e));
        } finally {
            long ms = (System.nanoTime() - started) / 1_000_000;
            if (Engine.SPARK.label().equals(exec.engine)) log.info("statement {} ran on spark in {} ms ({})", exec.id, ms, exec.state());
            else if (log.isDebugEnabled()) log.debug("statement {} ran on duckdb in {} ms ({})", exec.id, ms, exec.state());
        }
    }

    /**
     * Whether a view's query must run on Spark: it calls what DuckDB answers differently, or reads a
     * view or temporary view that only Spark has. Then the view is Spark's alone, and so is every read of it.
     */
    private boolean viewNeedsSpark(ViewStatement view, SessionState session) {
        // a column list: Spark checks its arity against the query (DuckDB takes fewer names) and keeps its comments
        if (view.columnList()) return true;
        ParsedSql query = ParsedSql.of(view.query());
        if (EngineRouter.sparkFirst(query).isPresent()) return true;
        if (ViewStatement.mentions(query.significant(), session.sparkTempViews)) return true;
        return ViewStatement.mentions(query.significant(), tables.sparkOnlyViewNames());
    }

    /** Whether DuckDB failed a statement Spark may answer because it names a view only Spark has, or is a view DuckDB cannot make. */
    private boolean sparkMayRead(Exception e, ParsedSql sql, ViewStatement view, SessionState session) {
        // DuckDB made nothing: the view's query may be Spark's (Spark reports the user's own mistakes as Databricks does)
        if (view != null) return view.create() && !EngineRouter.lakeRefused(e);
        if (!EngineRouter.missingObject(e)) return false;
        return ViewStatement.mentions(sql.significant(), session.sparkTempViews)
                || ViewStatement.mentions(sql.significant(), tables.sparkOnlyViewNames());
    }

    /** After DuckDB made a view: Unity Catalog keeps a permanent one's Spark SQL; a session keeps a temporary one's statement for Spark. */
    private void madeOnDuckDb(StatementExecution exec, SessionState session, ViewStatement view, String statement) {
        if (!view.temporary()) {
            tables.recordView(view.fullName(exec.context.catalog(), exec.context.schema()), view.query(),
                    exec.context.catalog(), exec.context.schema());
        } else if (exec.request.sessionId() != null) {
            session.sparkTempViews.remove(view.simpleName());
            session.duckTempViews.put(view.simpleName(), statement);
            session.duckTempViewsOnSpark.remove(view.simpleName());
        }
    }

    /** After Spark made a view: a temporary one is the Spark session's alone, so its reads go there. */
    private static void madeOnSpark(StatementExecution exec, SessionState session, ViewStatement view) {
        if (view.temporary() && exec.request.sessionId() != null && exec.state() == StatementExecution.State.SUCCEEDED) {
            session.duckTempViews.remove(view.simpleName());
            session.sparkTempViews.add(view.simpleName());
        }
    }

    /**
     * DROP VIEW of a Unity Catalog view, on whichever engine has it: Unity Catalog forgets it and DuckDB's
     * translation goes too. A temporary view (the session's) is left to the engine that has it.
     */
    private boolean dropView(StatementExecution exec, SessionState session, ViewStatement view) {
        String simple = view.simpleName();
        boolean temp = view.temporary() || view.name().size() == 1 && (session.sparkTempViews.contains(simple) || session.duckTempViews.containsKey(simple));
        if (temp) {
            session.duckTempViews.remove(simple);
            session.duckTempViewsOnSpark.remove(simple);
            return false;
        }
        if (exec.request.engineMode() == EngineMode.SPARK) return false;
        exec.engine = "minilake";
        String full = view.fullName(exec.context.catalog(), exec.context.schema());
        Optional<String> type = tables.tableType(full);
        String quoted = "`" + String.join("`.`", full.split("\\.")) + "`";
        if (type.isEmpty()) {
            if (view.ifExistsOrNot()) exec.succeed(SpooledResult.empty(List.of()));
            else exec.fail(new SqlError("BAD_REQUEST", "[TABLE_OR_VIEW_NOT_FOUND] The table or view " + quoted + " cannot be found."
                    + " Verify the spelling and correctness of the schema and catalog.", "42P01"));
            return true;
        }
        if (!type.get().equals("VIEW")) {
            exec.fail(new SqlError("BAD_REQUEST", "[EXPECT_VIEW_NOT_TABLE.USE_ALTER_TABLE] The table " + quoted
                    + " does not support DROP VIEW. Please use DROP TABLE instead.", "42809"));
            return true;
        }
        tables.delete(full);
        exec.succeed(SpooledResult.empty(List.of()));
        return true;
    }

    /** Idle connections of statements outside sessions; see {@link IdleConnections}. */
    private final IdleConnections idle = new IdleConnections();

    /** Closes the idle connections (reset, shutdown). */
    void closeIdleConnections() {
        idle.clear();
    }

    /** Statements MiniLake answers from its session state whatever the engine. */
    private static boolean sessionCommand(ParsedSql sql) {
        var t = sql.significant();
        if (t.isEmpty()) return false;
        String first = t.get(0).text().toUpperCase(Locale.ROOT);
        return first.equals("USE") || first.equals("SET") || first.equals("RESET");
    }

    /**
     * Runs the statement on Spark, in the Spark session of its MiniLake session (holding the session,
     * so its statements stay in order), with its catalog, schema and SET configurations.
     */
    private static boolean bindsTimestampNtz(StatementExecution exec) {
        return exec.request.parameters().stream().anyMatch(p -> p.type() != null && p.type().trim().equalsIgnoreCase("TIMESTAMP_NTZ"));
    }

    private void onSpark(StatementExecution exec, SessionState session, String reason, Throwable duckdbError) throws Exception {
        exec.engine = Engine.SPARK.label();
        log.debug("statement {} goes to spark: {}", exec.id, reason);
        boolean named = exec.request.sessionId() != null;
        SessionState.Lease lease = named ? session.lease(exec.context) : null;
        try {
            Long limit = exec.request.rowLimit();
            List<SparkStatement.Parameter> params = exec.request.parameters().stream().map(p -> new SparkStatement.Parameter(p.name(), p.type(), p.value())).toList();
            SparkStatement st = new SparkStatement(exec.request.statement(), exec.request.sessionId(), exec.context.catalog(),
                    exec.context.schema(), named ? Map.copyOf(session.conf()) : Map.of(), params, limit == null ? 0 : limit + 1, exec.id);
            if (named) giveSparkTheTempViews(exec, session);
            // a cancel stops the Spark job group too: interrupting this thread alone would leave Spark writing
            if (!exec.onCancel(() -> java.util.concurrent.CompletableFuture.runAsync(() -> spark.cancel(exec.id)))) return;
            try (SparkResult result = spark.execute(st)) {
                exec.succeed(spool(exec, new SparkRows(result)));
            } finally {
                deltaSql.afterSpark();
            }
        } catch (SparkSqlException e) {
            if (duckdbError == null) throw e;
            // Spark was only asked because DuckDB failed: without Spark, or when Spark fails the same
            // way (e.g. both find a syntax error), DuckDB's error, already in Spark's terms, stands
            SqlError duck = SqlErrors.of(duckdbError);
            // and so does it when Spark's error has no real class (a legacy one, e.g. "Catalog main does not support functions")
            // and when Spark cannot see the table (a temporary one, or a table a data dir from before Delta MANAGED tables kept in DuckDB)
            if (e.isUnavailable() || duck.message().startsWith("[" + e.errorClass() + "]")
                    || e.errorClass().startsWith("_LEGACY_ERROR") || e.errorClass().equals("INTERNAL_ERROR")
                    || e.errorClass().startsWith("TABLE_OR_VIEW_NOT_FOUND") || e.errorClass().startsWith("CATALOG_NOT_FOUND")
                    || e.errorClass().startsWith("SCHEMA_NOT_FOUND")) {
                exec.fail(duck);
                return;
            }
            throw e;
        } finally {
            if (lease != null) lease.close();
        }
    }

    /**
     * Before a Spark statement that may read a temporary view DuckDB made in this session, the
     * session's Spark session makes the views it lacks too, in the order they were made, from the
     * same statements.
     */
    private void giveSparkTheTempViews(StatementExecution exec, SessionState session) {
        if (session.duckTempViews.isEmpty()) return;
        java.util.Set<String> missing = new java.util.HashSet<>(session.duckTempViews.keySet());
        missing.removeAll(session.duckTempViewsOnSpark);
        if (!ViewStatement.mentions(ParsedSql.of(exec.request.statement()).significant(), missing)) return;
        for (Map.Entry<String, String> v : session.duckTempViews.entrySet()) {
            if (session.duckTempViewsOnSpark.contains(v.getKey())) continue;
            SparkStatement make = new SparkStatement(v.getValue(), exec.request.sessionId(), exec.context.catalog(), exec.context.schema(),
                    Map.copyOf(session.conf()), List.of(), 0, null);
            try (SparkResult ignored = spark.execute(make)) {
                session.duckTempViewsOnSpark.add(v.getKey());
            } catch (Exception e) {
                log.debug("temporary view {} not made on Spark: {}", v.getKey(), e.getMessage());
            }
        }
    }

    /** The statement machinery DeltaSql runs its rewritten statements with (parameters, cancel, spooling). */
    private DeltaSql.Host host(StatementExecution exec, Consumer<SqlContext> onUse) {
        return new DeltaSql.Host() {
            @Override
            public SpooledResult query(Connection c, Translation t) throws Exception {
                return execute(c, exec, t, onUse, null);
            }

            @Override
            public long update(Connection c, Translation t) throws Exception {
                long n = 0;
                for (DuckSql s : t.statements()) n = StatementRunner.this.update(c, exec, s);
                return n;
            }

            @Override
            public SpooledResult rows(RowSource rows) throws Exception {
                return spool(exec, rows);
            }

            @Override
            public SpooledResult affected(long n) throws Exception {
                return affectedRows(exec, n);
            }
        };
    }

    private SpooledResult execute(Connection c, StatementExecution exec, Translation t, Consumer<SqlContext> onUse,
                                  SessionState session) throws Exception {
        if (session != null && (t.command() instanceof Command.SetConf || t.command() instanceof Command.ResetConf)) {
            return spool(exec, SessionConf.apply(session.conf(), t.command()));
        }
        if (t.command() instanceof Command.Use u) {
            SqlContext next = exec.context.with(u.catalog(), u.schema());
            SessionState.use(c, next);
            exec.context = next;
            onUse.accept(next);
            return SpooledResult.empty(List.of());
        }
        if (t.kind() == dev.minilake.engines.sqltranslate.StatementKind.DDL && t.command() != null) {
            catalogDdl.run(exec.context, t.command());
            return SpooledResult.empty(List.of());
        }
        if (t.command() instanceof Command.ShowTables st) return spool(exec, deltaSql.showTables(c, exec.context, st));
        if (t.command() != null) return spool(exec, CommandRunner.run(c, exec.context, t.command()));
        if (!t.informationSchema().isEmpty()) {
            try (InformationSchemaTables views = InformationSchemaTables.fill(c, tables, exec.context.catalog(), t.informationSchema())) {
                return runStatements(c, exec, t);
            }
        }
        return runStatements(c, exec, t);
    }

    private SpooledResult runStatements(Connection c, StatementExecution exec, Translation t) throws Exception {
        if (t.statements().size() == 1) return single(c, exec, t.statements().get(0), t);
        c.setAutoCommit(false);
        try {
            long affected = 0;
            for (DuckSql s : t.statements()) affected = update(c, exec, s);
            c.commit();
            return affectedRows(exec, affected);
        } catch (Exception e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true); // a session's later statements commit on their own again
        }
    }

    private SpooledResult single(Connection c, StatementExecution exec, DuckSql s, Translation t) throws Exception {
        try (PreparedStatement ps = prepare(c, exec, s)) {
            if (!exec.running(ps)) return null;
            if (ps.execute()) {
                try (ResultSet rs = ps.getResultSet()) {
                    return spool(exec, rs);
                }
            }
            long n = ps.getUpdateCount();
            return t.kind() == dev.minilake.engines.sqltranslate.StatementKind.DML ? affectedRows(exec, n) : SpooledResult.empty(List.of());
        }
    }

    private long update(Connection c, StatementExecution exec, DuckSql s) throws Exception {
        try (PreparedStatement ps = prepare(c, exec, s)) {
            if (!exec.running(ps)) throw new SQLException("canceled");
            ps.execute();
            return ps.getUpdateCount();
        }
    }

    /** A volume command: checked, its ticket issued, and answered as Databricks answers a staging operation. */
    private void stage(StatementExecution exec, Command.VolumeCommand c) {
        exec.engine = "minilake";
        java.nio.file.Path file;
        try {
            if (!c.volumePath().startsWith("/Volumes/")) {
                throw new VolumeStaging.StagingRefused("[INVALID_PARAMETER_VALUE] A volume command names a file under /Volumes/<catalog>/<schema>/<volume>/: '"
                        + c.volumePath() + "'.");
            }
            file = java.nio.file.Path.of(volumePaths.resolve(c.volumePath()));
            exec.volumeAnswer = staging.issue(c, file);
        } catch (VolumeStaging.StagingRefused e) {
            exec.fail(SqlErrors.invalidParameterValue(e.getMessage()));
            return;
        } catch (dev.minilake.core.error.ApiException e) {
            exec.fail(new SqlError(e.code().name(), e.getMessage(), "42704"));
            return;
        }
        exec.succeed(SpooledResult.empty(VolumeStaging.COLUMNS));
    }

    /** Databricks answers DML with a one-row num_affected_rows result. */
    private SpooledResult affectedRows(StatementExecution exec, long n) throws Exception {
        ResultColumn col = new ResultColumn("num_affected_rows", SparkType.BIGINT);
        return spool(exec, RowSource.of(List.of(col), List.<String[]>of(new String[]{Long.toString(Math.max(n, 0))})));
    }

    /** ARROW_STREAM results go from DuckDB's Arrow export straight to chunk files where the types allow. */
    private SpooledResult spool(StatementExecution exec, ResultSet rs) throws Exception {
        JdbcRows rows = new JdbcRows(rs);
        if ("ARROW_STREAM".equals(exec.request.format()) && exec.dir != null && rs instanceof DuckDBResultSet duck && ArrowSpool.handles(rows.duckTypes())) {
            return arrowSpool.spool(duck, rows.columns(), exec.dir, exec.request.rowLimit(), exec.request.byteLimit(), exec::isTerminal);
        }
        return spool(exec, rows);
    }

    private SpooledResult spool(StatementExecution exec, RowSource rows) throws Exception {
        return spool.spool(rows, exec.dir, exec.request.rowLimit(), exec.request.byteLimit(), "INLINE".equals(exec.request.disposition()));
    }

    private PreparedStatement prepare(Connection c, StatementExecution exec, DuckSql s) throws SQLException {
        PreparedStatement ps = c.prepareStatement(s.sql());
        try {
            List<Parameter> params = exec.request.parameters();
            for (int i = 0; i < s.parameters().size(); i++) {
                String name = s.parameters().get(i);
                if (SessionFacts.isFact(name)) {
                    ps.setString(i + 1, name.equals(SessionFacts.CURRENT_CATALOG) ? exec.context.catalog() : userName);
                    continue;
                }
                Parameter p = parameter(params, name);
                ps.setObject(i + 1, StatementParameters.jdbcValue(p));
            }
            return ps;
        } catch (RuntimeException | SQLException e) {
            ps.close();
            throw e;
        }
    }

    /** The request's parameter a marker binds; see {@link StatementParameters}. */
    private static Parameter parameter(List<Parameter> params, String name) {
        return StatementParameters.find(params, name);
    }

    /**
     * One parsed, read-only DuckDB statement: it leaves nothing in its connection. A text that did
     * not parse may hide a second statement, so it never counts.
     */
    private static boolean plainQuery(Translation t) {
        return t.parsed() && t.command() == null && t.statements().size() == 1
                && t.kind() == dev.minilake.engines.sqltranslate.StatementKind.QUERY;
    }

    /** A named parameter with no value in the request. */
    static final class UnboundParameter extends RuntimeException {
        UnboundParameter(String name) {
            super(name);
        }
    }
}
