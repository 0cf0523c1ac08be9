package dev.minilake.engines.statements;

import dev.minilake.engines.types.SparkType;
import dev.minilake.engines.types.TypeMapping;
import dev.minilake.engines.delta.DeltaScans;
import dev.minilake.engines.delta.DeltaTables;
import dev.minilake.engines.delta.DeltaTables.DataFile;
import dev.minilake.engines.delta.DeltaTables.DeltaException;
import dev.minilake.engines.delta.DeltaTables.NewFile;
import dev.minilake.engines.delta.DeltaTables.Snapshot;
import dev.minilake.engines.duckdb.DuckDbSql;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.IsDistinctExpression;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.create.table.ColDataType;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.select.Distinct;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;
import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.sqltranslate.DeltaStatements;
import dev.minilake.engines.sqltranslate.DeltaStatements.Kind;
import dev.minilake.engines.sqltranslate.DeltaStatements.Plan;
import dev.minilake.engines.sqltranslate.DeltaStatements.Scan;
import dev.minilake.engines.sqltranslate.SqlTranslator;
import dev.minilake.engines.sqltranslate.VolumePaths;
import dev.minilake.engines.sqltranslate.Translation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Runs statements that touch Delta tables (MANAGED and EXTERNAL). A read of an EXTERNAL table, or
 * of any table at a pinned version, resolves a snapshot through the Delta engine and scans exactly
 * its Parquet files through a per-statement temp view; a plain read of MANAGED tables needs none,
 * since DuckDB holds a view of each one's latest version (see DeltaMirrors), checked fresh first.
 * Every write runs the statement in DuckDB against a temp table, writes Parquet with DuckDB's COPY
 * into the table directory and makes one Delta commit, then refreshes a MANAGED table's view.
 * Nothing is committed when any step fails, and the files written for it are deleted.
 */
final class DeltaSql {
    private static final double DEFAULT_RETAIN_HOURS = 168;

    /** What DeltaSql needs from the statement it runs in. */
    interface Host {
        SpooledResult query(Connection c, Translation t) throws Exception;

        long update(Connection c, Translation t) throws Exception;

        SpooledResult rows(RowSource rows) throws Exception;

        SpooledResult affected(long n) throws Exception;
    }

    private final TableCatalog tables;
    private final DeltaTables delta;

    private final VolumePaths volumePaths;

    DeltaSql(TableCatalog tables, DeltaTables delta, VolumePaths volumePaths) {
        this.tables = tables;
        this.delta = delta;
        this.volumePaths = volumePaths;
    }

    /**
     * The plan when the statement involves a Delta table; empty for every other statement, and for a
     * plain read of MANAGED tables at their latest versions, which DuckDB answers from its views of
     * them (brought up to date here first). A write's other MANAGED tables are read the same way.
     */
    Optional<Plan> plan(dev.minilake.engines.sqltranslate.ParsedSql sql, SqlContext ctx) {
        return DeltaStatements.plan(sql, ctx.catalog(), ctx.schema(), new DeltaStatements.Resolver() {
            @Override
            public boolean isDelta(String catalog, String schema, String name) {
                return tables.deltaTable(catalog, schema, name).isPresent();
            }

            @Override
            public boolean readsAsDelta(String catalog, String schema, String name) {
                Optional<TableCatalog.DeltaTable> t = tables.deltaTable(catalog, schema, name);
                if (t.isEmpty()) return false;
                if (!t.get().managed()) return true;
                tables.ensureFresh(t.get().fullName());
                return false;
            }
        });
    }

    /** After Spark ran a statement: DuckDB's views of MANAGED tables follow what it committed. */
    void afterSpark() {
        tables.ensureAllFresh();
    }

    SpooledResult run(Connection c, Plan plan, Host host, SqlContext ctx) throws Exception {
        return switch (plan.kind()) {
            case CREATE -> plan.create().location() == null ? createManaged(c, plan, host, ctx) : create(plan, host);
            case RENAME -> {
                tables.rename(String.join(".", plan.target()), String.join(".", plan.newName()));
                yield host.rows(RowSource.of(List.of(), List.of()));
            }
            case COMMENT -> {
                tables.comment(String.join(".", plan.target()), plan.comment());
                yield host.rows(RowSource.of(List.of(), List.of()));
            }
            case ADD_COLUMNS -> {
                List<TableCatalog.Column> cols = new ArrayList<>();
                for (DeltaStatements.ColumnDef d : plan.columns()) {
                    cols.add(new TableCatalog.Column(d.name(), d.typeText(), d.nullable(), d.comment()));
                }
                tables.addColumns(String.join(".", plan.target()), cols);
                yield host.rows(RowSource.of(List.of(), List.of()));
            }
            case COLUMN_COMMENT -> {
                tables.setColumnComment(String.join(".", plan.target()), plan.columns().get(0).name(), plan.comment());
                yield host.rows(RowSource.of(List.of(), List.of()));
            }
            case PROPERTIES -> {
                tables.setProperties(String.join(".", plan.target()), plan.setProperties(), plan.unsetProperties());
                yield host.rows(RowSource.of(List.of(), List.of()));
            }
            case SPARK -> throw new DeltaException("[UNSUPPORTED_FEATURE] This ALTER TABLE of Delta table `"
                    + String.join("`.`", plan.target()) + "` changes its schema, which only Spark commits; Spark is not available to run it.");
            case DROP -> {
                String full = String.join(".", plan.target());
                if (tables.exists(full)) tables.delete(full);
                yield host.rows(RowSource.of(List.of(), List.of()));
            }
            case NOOP -> host.rows(RowSource.of(List.of(), List.of()));
            case HISTORY -> history(plan, host);
            case DESCRIBE -> describe(plan, host);
            case DETAIL -> detail(plan, host);
            case RESTORE -> restore(plan, host);
            case SHOW_CREATE -> showCreate(plan, host);
            case VACUUM -> vacuum(plan, host);
            case OPTIMIZE -> optimize(c, plan, host);
            case QUERY -> {
                for (Scan s : plan.scans()) view(c, s.view(), snapshot(s));
                yield host.query(c, translate(plan.sql()));
            }
            default -> write(c, plan, host);
        };
    }

    private SpooledResult create(Plan plan, Host host) throws Exception {
        DeltaStatements.Create cr = plan.create();
        List<TableCatalog.Column> cols = columns(cr);
        tables.createExternal(cr.table().get(0), cr.table().get(1), cr.table().get(2), cr.location(), cols, cr.partitionedBy(),
                cr.comment(), cr.properties().isEmpty() ? null : cr.properties(), cr.ifNotExists());
        return host.rows(RowSource.of(List.of(), List.of()));
    }

    private static List<TableCatalog.Column> columns(DeltaStatements.Create cr) {
        List<TableCatalog.Column> cols = new ArrayList<>();
        for (DeltaStatements.ColumnDef d : cr.columns()) {
            cols.add(new TableCatalog.Column(d.name(), d.typeText(), d.nullable(), d.comment()));
        }
        return cols;
    }

    private static final String CTAS_NAME = "__delta_ctas";
    private static final Table CTAS = DuckDbSql.table(CTAS_NAME);

    /**
     * CREATE [OR REPLACE] TABLE without LOCATION: a MANAGED Delta table. With AS query, the query's
     * rows go to a temp table first (its columns are the table's), then into the table's first
     * commit; a failure leaves no table behind.
     */
    private SpooledResult createManaged(Connection c, Plan plan, Host host, SqlContext ctx) throws Exception {
        DeltaStatements.Create cr = plan.create();
        List<String> t = cr.table();
        String full = String.join(".", t);
        if (cr.ifNotExists() && tables.exists(full)) return host.rows(RowSource.of(List.of(), List.of()));
        List<TableCatalog.Column> cols = columns(cr);
        List<String> partitionedBy = cr.partitionedBy();
        if (cr.like() != null) {
            // CREATE TABLE t LIKE s: s's columns and partitioning, no rows
            List<String> src = cr.like();
            Optional<TableCatalog.DeltaTable> srcDelta = tables.deltaTable(src.get(0), src.get(1), src.get(2));
            if (srcDelta.isPresent()) {
                Snapshot s = delta.latest(srcDelta.get().location());
                cols = new ArrayList<>();
                for (DeltaTables.Column col : s.columns()) {
                    cols.add(new TableCatalog.Column(col.name(), TypeMapping.toSparkDdl(col.type()), col.nullable(), col.comment()));
                }
                partitionedBy = s.partitionColumns();
            } else {
                PlainSelect none = DuckDbSql.selectAll(DuckDbSql.catalogTable(src.get(0), src.get(1), src.get(2)));
                none.setLimit(new Limit().withRowCount(new LongValue(0)));
                exec(c, DuckDbSql.createTempTableAs(CTAS, none.toString()));
                try {
                    cols = tempTableColumns(c);
                } finally {
                    exec(c, DuckDbSql.drop("TABLE", CTAS, true));
                }
            }
        }
        final List<String> partitions = partitionedBy;
        try {
            if (cr.query() != null) {
                // the query may read Delta tables too, at their latest or a pinned version
                String query = cr.query();
                Optional<Plan> inner = plan(dev.minilake.engines.sqltranslate.ParsedSql.of(query), ctx);
                if (inner.isPresent()) {
                    if (inner.get().kind() != Kind.QUERY) throw new DeltaException("[PARSE_SYNTAX_ERROR] CREATE TABLE ... AS needs a query.");
                    for (Scan s : inner.get().scans()) view(c, s.view(), snapshot(s));
                    query = inner.get().sql();
                }
                Translation q = translate(query);
                if (q.command() != null || q.statements().size() != 1) throw new DeltaException("[PARSE_SYNTAX_ERROR] CREATE TABLE ... AS needs a query.");
                Translation.DuckSql d = q.statements().get(0);
                host.update(c, new Translation(dev.minilake.engines.sqltranslate.StatementKind.DDL, null,
                        List.of(new Translation.DuckSql(DuckDbSql.createTempTableAs(CTAS, d.sql()), d.parameters())), Map.of(), true));
                if (cols.isEmpty()) cols = tempTableColumns(c);
            }
            if (cr.orReplace() && tables.exists(full)) tables.delete(full);
            tables.createManaged(t.get(0), t.get(1), t.get(2), cols, partitions, cr.comment(),
                    cr.properties().isEmpty() ? null : cr.properties(), cr.ifNotExists());
            if (cr.query() != null) {
                try {
                    Path dir = location(t);
                    DeltaTables.Write w = delta.begin(dir, "CREATE TABLE AS SELECT");
                    List<NewFile> added = new ArrayList<>();
                    try {
                        added.addAll(writeFiles(c, w.snapshot(), CTAS_NAME));
                        w.commit(added, List.of());
                    } catch (Exception e) {
                        w.abort();
                        for (NewFile f : added) Files.deleteIfExists(f.path());
                        throw e;
                    }
                    tables.refresh(full);
                } catch (Exception e) {
                    try {
                        tables.delete(full);
                    } catch (RuntimeException undo) {
                        e.addSuppressed(undo);
                    }
                    throw e;
                }
            }
        } finally {
            if (cr.query() != null) exec(c, DuckDbSql.drop("TABLE", CTAS, true));
        }
        return host.rows(RowSource.of(List.of(), List.of()));
    }

    /** The CTAS temp table's columns as Unity Catalog columns, in Spark's types. */
    private static List<TableCatalog.Column> tempTableColumns(Connection c) throws SQLException {
        List<TableCatalog.Column> cols = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("DESCRIBE " + CTAS)) {
            while (rs.next()) {
                String name = rs.getString(1);
                String type = TypeMapping.toSparkDdl(TypeMapping.parseDuckDb(rs.getString(2)));
                cols.add(new TableCatalog.Column(name, type, true, null));
            }
        }
        return cols;
    }

    private Path location(List<String> name) {
        return tables.deltaTable(name.get(0), name.get(1), name.get(2))
                .orElseThrow(() -> new DeltaException("[TABLE_OR_VIEW_NOT_FOUND] The table `" + String.join("`.`", name) + "` cannot be found."))
                .location();
    }

    private Snapshot snapshot(Scan s) {
        Path dir = location(s.table());
        if (s.version() != null) return delta.atVersion(dir, s.version());
        if (s.timestamp() != null) return delta.atTimestamp(dir, epochMillis(s.timestamp()));
        return delta.latest(dir);
    }

    // ---- reads ----

    private static void view(Connection c, String name, Snapshot s) throws SQLException {
        exec(c, DuckDbSql.createOrReplaceView(DuckDbSql.table(name), DeltaScans.scan(s), true));
    }

    // ---- writes ----

    private SpooledResult write(Connection c, Plan plan, Host host) throws Exception {
        Path dir = location(plan.target());
        DeltaTables.Write w = delta.begin(dir, plan.kind().name().replace('_', ' '));
        List<NewFile> added = new ArrayList<>();
        boolean committed = false;
        try {
            Snapshot s = w.snapshot();
            // the files are checked where they are read (scanSql): a plain INSERT lists none
            DeltaScans.requireReadableLayout(s);
            for (Scan scan : plan.scans()) {
                boolean same = scan.version() == null && scan.timestamp() == null && scan.table().equals(plan.target());
                view(c, scan.view(), same ? s : snapshot(scan));
            }
            targetTable(c, s);
            // UPDATE, DELETE and MERGE: rows are loaded file by file, so a changed row names its file
            boolean rewrite = plan.kind() == Kind.UPDATE || plan.kind() == Kind.DELETE || plan.kind() == Kind.MERGE;
            if (rewrite) loadByRowidRange(c, s);
            long n = plan.kind() == Kind.TRUNCATE ? 0 : host.update(c, translate(plan.sql()));
            // MERGE answers with Delta's four counts: inserted rows got new rowids, deleted ones lost theirs, the rest of n were updated
            long[] merged = plan.kind() == Kind.MERGE ? new long[]{count(c, MERGE_INSERTED), count(c, MERGE_DELETED)} : null;
            List<DataFile> removed = switch (plan.kind()) {
                case INSERT -> List.of();
                case INSERT_OVERWRITE, TRUNCATE -> s.files();
                default -> n > 0 ? changedFiles(c, s) : List.of();
            };
            if (plan.kind() == Kind.INSERT || plan.kind() == Kind.INSERT_OVERWRITE) {
                added.addAll(writeFiles(c, s, DeltaStatements.TARGET));
            } else if (rewrite && n > 0) {
                // rows inserted by a MERGE, and the rows left in the changed files; the other files stay as they are
                exec(c, REWRITE_ROWS);
                added.addAll(writeFiles(c, s, REWRITE_VIEW));
            }
            long version = w.commit(added, removed);
            committed = true;
            tables.committed(String.join(".", plan.target()), s, version, added, removed);
            if (merged != null) return mergeCounts(host, n, merged[0], merged[1]);
            return plan.kind() == Kind.TRUNCATE ? host.rows(RowSource.of(List.of(), List.of())) : host.affected(n);
        } finally {
            if (!committed) {
                w.abort();
                for (NewFile f : added) Files.deleteIfExists(f.path());
            }
            for (String drop : DROP_REWRITE_TABLES) exec(c, drop);
        }
    }

    /** num_affected_rows, num_updated_rows, num_deleted_rows, num_inserted_rows, as Delta's MERGE reports them. */
    private static SpooledResult mergeCounts(Host host, long affected, long inserted, long deleted) throws Exception {
        var bigint = SparkType.BIGINT;
        List<ResultColumn> cols = List.of(new ResultColumn("num_affected_rows", bigint), new ResultColumn("num_updated_rows", bigint),
                new ResultColumn("num_deleted_rows", bigint), new ResultColumn("num_inserted_rows", bigint));
        long n = Math.max(affected, 0);
        long updated = Math.max(0, n - inserted - deleted);
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{Long.toString(n), Long.toString(updated), Long.toString(deleted), Long.toString(inserted)});
        return host.rows(RowSource.of(cols, rows));
    }

    // The temp tables of an UPDATE, DELETE or MERGE rewrite. Their names are constants, so the
    // statements over them are constant text: only the table's own columns vary, and those go
    // through JSqlParser's model (rowValues, targetTable).
    private static final String TARGET = DeltaStatements.TARGET; // "__delta_target", the rows the statement changes
    private static final String REWRITE_VIEW = "__delta_rewrite";
    private static final String BEFORE = "__delta_rows_before";
    private static final String AFTER = "__delta_rows_after";
    private static final String CHANGED = "__delta_changed_rows";

    /** Rows with a rowid no file had: inserted by the MERGE. */
    private static final String MERGE_INSERTED = """
            SELECT count(*) FROM "__delta_target" t WHERE NOT EXISTS (SELECT 1 FROM "__delta_rows_before" b WHERE b.rid = t.rowid)""";
    /** Rowids gone from the target: deleted by the MERGE. */
    private static final String MERGE_DELETED = """
            SELECT count(*) FROM "__delta_rows_before" b WHERE NOT EXISTS (SELECT 1 FROM "__delta_target" t WHERE t.rowid = b.rid)""";
    private static final String FILE_ROWIDS = """
            CREATE OR REPLACE TEMP TABLE "__delta_file_rowids" (f VARCHAR, lo BIGINT, hi BIGINT)""";
    private static final String MAX_ROWID = "SELECT coalesce(max(rowid), -1) FROM \"__delta_target\"";
    private static final String ADD_FILE_ROWIDS = """
            INSERT INTO "__delta_file_rowids" VALUES (?, ?, ?)""";
    /** The files holding a changed or deleted row (see {@link #changedRows}). */
    private static final String TOUCHED_FILES = """
            CREATE OR REPLACE TEMP TABLE "__delta_touched_files" AS SELECT DISTINCT r.f AS f
            FROM "__delta_file_rowids" r JOIN "__delta_changed_rows" x ON x.rid BETWEEN r.lo AND r.hi""";
    /** Rows inserted by a MERGE, and the rows left in the changed files. */
    private static final String REWRITE_ROWS = """
            CREATE OR REPLACE TEMP VIEW "__delta_rewrite" AS SELECT * FROM "__delta_target" t
            WHERE NOT EXISTS (SELECT 1 FROM "__delta_rows_before" b WHERE b.rid = t.rowid)
               OR EXISTS (SELECT 1 FROM "__delta_file_rowids" r JOIN "__delta_touched_files" f ON f.f = r.f WHERE t.rowid BETWEEN r.lo AND r.hi)""";
    private static final List<String> DROP_REWRITE_TABLES = List.of("DROP VIEW IF EXISTS \"__delta_rewrite\"",
            "DROP VIEW IF EXISTS \"__delta_changed_rows\"",
            "DROP VIEW IF EXISTS \"__delta_rows_after\"", "DROP TABLE IF EXISTS \"__delta_touched_files\"",
            "DROP TABLE IF EXISTS \"__delta_rows_before\"", "DROP TABLE IF EXISTS \"__delta_file_rowids\"",
            "DROP TABLE IF EXISTS \"__delta_target\"");

    /**
     * Loads the target temp table one file at a time, recording each file's rowid range, and keeps
     * every row's values by rowid, so that after the statement a changed or deleted row names its
     * file. The statement's own SQL is left as written (a MERGE may insert without a column list).
     */
    private static void loadByRowidRange(Connection c, Snapshot s) throws SQLException {
        exec(c, FILE_ROWIDS);
        DeltaScans.requireReadable(s);
        try (PreparedStatement ranges = c.prepareStatement(ADD_FILE_ROWIDS)) {
            for (DataFile f : s.files()) {
                long before = count(c, MAX_ROWID);
                exec(c, DuckDbSql.insertInto(DuckDbSql.table(TARGET), DeltaScans.scan(s, List.of(f))));
                long after = count(c, MAX_ROWID);
                if (after > before) {
                    ranges.setString(1, f.path().toString());
                    ranges.setLong(2, before + 1);
                    ranges.setLong(3, after);
                    ranges.execute();
                }
            }
        }
        exec(c, DuckDbSql.createTempTableAs(DuckDbSql.table(BEFORE), rowValues(s).toString()));
    }

    /** {@code SELECT rowid AS rid, "a" AS c0, "b" AS c1, ... FROM "__delta_target"}: each row's values, by rowid. */
    private static PlainSelect rowValues(Snapshot s) {
        List<SelectItem<?>> items = new ArrayList<>();
        items.add(DuckDbSql.item(new Column("rowid"), "rid"));
        for (int i = 0; i < s.columns().size(); i++) items.add(DuckDbSql.item(DuckDbSql.column(s.columns().get(i).name()), "c" + i));
        return DuckDbSql.select(items, DuckDbSql.table(TARGET));
    }

    /**
     * {@code SELECT b.rid FROM before b LEFT JOIN after a ON a.rid = b.rid WHERE a.rid IS NULL OR
     * a.c0 IS DISTINCT FROM b.c0 OR ...}: the rows the statement deleted or changed, by value.
     */
    private static PlainSelect changedRows(Snapshot s) {
        Table before = DuckDbSql.table(BEFORE).withAlias(new Alias("b", false));
        Table after = DuckDbSql.table(AFTER).withAlias(new Alias("a", false));
        Expression changed = new IsNullExpression(new Column(new Table("a"), "rid"));
        for (int i = 0; i < s.columns().size(); i++) {
            IsDistinctExpression differs = new IsDistinctExpression();
            differs.setLeftExpression(new Column(new Table("a"), "c" + i));
            differs.setRightExpression(new Column(new Table("b"), "c" + i));
            changed = new OrExpression(changed, differs);
        }
        Join join = new Join().withLeft(true).withRightItem(after);
        join.addOnExpression(new EqualsTo(new Column(new Table("a"), "rid"), new Column(new Table("b"), "rid")));
        PlainSelect select = DuckDbSql.select(List.of(DuckDbSql.item(new Column(new Table("b"), "rid"))), before);
        select.addJoins(join);
        return DuckDbSql.where(select, changed);
    }

    /** The files holding a row the statement changed or deleted (compared by value, so exact). */
    private static List<DataFile> changedFiles(Connection c, Snapshot s) throws SQLException {
        exec(c, DuckDbSql.createOrReplaceView(DuckDbSql.table(AFTER), rowValues(s), true));
        exec(c, DuckDbSql.createOrReplaceView(DuckDbSql.table(CHANGED), changedRows(s), true));
        exec(c, TOUCHED_FILES);
        return filesNamedIn(c, s);
    }

    /** The snapshot files that the touched-files temp table names. */
    private static List<DataFile> filesNamedIn(Connection c, Snapshot s) throws SQLException {
        java.util.Set<String> paths = new java.util.HashSet<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT f FROM \"__delta_touched_files\"")) {
            while (rs.next()) paths.add(rs.getString(1));
        }
        return s.files().stream().filter(f -> paths.contains(f.path().toString())).toList();
    }

    private static void targetTable(Connection c, Snapshot s) throws SQLException {
        List<ColumnDefinition> cols = new ArrayList<>();
        for (DeltaTables.Column col : s.columns()) {
            cols.add(new ColumnDefinition(DuckDbSql.ident(col.name()), new ColDataType(TypeMapping.toDuckDbStorage(col.type())),
                    col.nullable() ? List.of() : List.of("NOT", "NULL")));
        }
        exec(c, DuckDbSql.drop("TABLE", DuckDbSql.table(TARGET), true));
        CreateTable create = new CreateTable();
        create.setTable(DuckDbSql.table(TARGET));
        create.setCreateOptionsStrings(List.of("TEMP"));
        create.setColumnDefinitions(cols);
        exec(c, create.toString());
    }

    /** Writes the rows of a temp table as Parquet files under the table directory, one per partition. */
    private static List<NewFile> writeFiles(Connection c, Snapshot s, String source) throws SQLException, IOException {
        List<NewFile> out = new ArrayList<>();
        Table src = DuckDbSql.table(source);
        List<String> data = s.dataColumns().stream().map(DeltaTables.Column::name).toList();
        if (data.isEmpty()) throw new DeltaException("MiniLake cannot write a Delta table whose columns are all partition columns.");
        try {
            if (s.partitionColumns().isEmpty()) {
                long rows = count(c, DuckDbSql.select(List.of(DuckDbSql.item(DuckDbSql.countStar())), src).toString());
                if (rows == 0) return out;
                Path file = s.table().resolve(fileName());
                out.add(new NewFile(file, Map.of(), rows));
                exec(c, DuckDbSql.copyToParquet(DuckDbSql.select(DuckDbSql.columns(data), src), file));
                return out;
            }
            List<String> pcols = s.partitionColumns();
            List<SelectItem<?>> asText = new ArrayList<>();
            for (String p : pcols) asText.add(DuckDbSql.item(DuckDbSql.cast(DuckDbSql.column(p), "VARCHAR")));
            PlainSelect distinct = DuckDbSql.select(asText, src);
            distinct.setDistinct(new Distinct());
            List<List<String>> tuples = new ArrayList<>();
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(distinct.toString())) {
                while (rs.next()) {
                    List<String> t = new ArrayList<>();
                    for (int i = 0; i < pcols.size(); i++) t.add(rs.getString(i + 1));
                    tuples.add(t);
                }
            }
            for (List<String> t : tuples) {
                Map<String, String> values = new HashMap<>();
                Expression cond = null;
                Path d = s.table();
                for (int i = 0; i < pcols.size(); i++) {
                    String col = pcols.get(i), v = t.get(i);
                    values.put(col, v);
                    String type = TypeMapping.toDuckDbStorage(s.columns().stream().filter(x -> x.name().equals(col)).findFirst().orElseThrow().type());
                    Expression is = v == null ? new IsNullExpression(DuckDbSql.column(col))
                            : new EqualsTo(DuckDbSql.column(col), DuckDbSql.cast(DuckDbSql.string(v), type));
                    cond = cond == null ? is : new AndExpression(cond, is);
                    d = d.resolve(col + "=" + (v == null ? "__HIVE_DEFAULT_PARTITION__" : escape(v)));
                }
                Files.createDirectories(d);
                Path file = d.resolve(fileName());
                long rows = count(c, DuckDbSql.where(DuckDbSql.select(List.of(DuckDbSql.item(DuckDbSql.countStar())), src), cond).toString());
                out.add(new NewFile(file, values, rows));
                exec(c, DuckDbSql.copyToParquet(DuckDbSql.where(DuckDbSql.select(DuckDbSql.columns(data), src), cond), file));
            }
            return out;
        } catch (SQLException | IOException | RuntimeException e) {
            for (NewFile f : out) Files.deleteIfExists(f.path());
            throw e;
        }
    }

    private static String fileName() {
        return "part-00000-" + UUID.randomUUID() + "-c000.snappy.parquet";
    }

    /** Hive-style escaping of a partition directory value. */
    private static String escape(String v) {
        StringBuilder b = new StringBuilder();
        for (char ch : v.toCharArray()) {
            if (Character.isLetterOrDigit(ch) && ch < 128 || ch == '-' || ch == '_' || ch == '.' || ch == ' ') b.append(ch);
            else b.append(String.format("%%%02X", (int) ch));
        }
        return b.toString();
    }

    // ---- maintenance and metadata ----

    private SpooledResult optimize(Connection c, Plan plan, Host host) throws Exception {
        Path dir = location(plan.target());
        DeltaTables.Write w = delta.begin(dir, "OPTIMIZE");
        List<NewFile> added = new ArrayList<>();
        boolean committed = false;
        try {
            Snapshot s = w.snapshot();
            DeltaScans.requireReadable(s);
            Map<Map<String, String>, Long> perPartition = new HashMap<>();
            for (DataFile f : s.files()) perPartition.merge(f.partitionValues(), 1L, Long::sum);
            boolean worth = perPartition.values().stream().anyMatch(n -> n > 1);
            long removedCount = 0;
            if (worth) {
                targetTable(c, s);
                exec(c, DuckDbSql.insertInto(DuckDbSql.table(TARGET), DeltaScans.scan(s)));
                added.addAll(writeFiles(c, s, DeltaStatements.TARGET));
                w.commit(added, s.files());
                tables.refresh(String.join(".", plan.target()));
                removedCount = s.files().size();
            } else {
                w.abort();
            }
            committed = true;
            List<ResultColumn> cols = List.of(ResultColumn.string("path"), new ResultColumn("numFilesAdded", SparkType.BIGINT),
                    new ResultColumn("numFilesRemoved", SparkType.BIGINT));
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[]{dir.toString(), Long.toString(added.size()), Long.toString(removedCount)});
            return host.rows(RowSource.of(cols, rows));
        } finally {
            if (!committed) {
                w.abort();
                for (NewFile f : added) Files.deleteIfExists(f.path());
            }
            exec(c, DuckDbSql.drop("TABLE", DuckDbSql.table(TARGET), true));
        }
    }

    /**
     * Deletes data files the latest version does not use, once they are older than the retention
     * (removed longer ago, by the log's tombstones; or never committed and last written longer ago).
     */
    private SpooledResult vacuum(Plan plan, Host host) throws Exception {
        Path dir = location(plan.target());
        double hours = plan.retainHours() == null ? DEFAULT_RETAIN_HOURS : plan.retainHours();
        long cutoff = System.currentTimeMillis() - (long) (hours * 3_600_000L);
        Snapshot s = delta.latest(dir);
        Set<Path> live = new HashSet<>();
        for (DataFile f : s.files()) live.add(f.path().toAbsolutePath().normalize());
        Map<String, Long> tombstones = tombstones(dir);
        List<Path> deleted = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                Path rel = dir.relativize(p);
                if (rel.startsWith("_delta_log") || rel.getFileName().toString().startsWith("_")
                        || rel.getFileName().toString().startsWith(".")) continue;
                if (!p.getFileName().toString().endsWith(".parquet")) continue;
                Path abs = p.toAbsolutePath().normalize();
                if (live.contains(abs)) continue;
                Long removedAt = tombstones.get(rel.toString().replace('\\', '/'));
                long age = removedAt != null ? removedAt : Files.getLastModifiedTime(p).toMillis();
                if (age <= cutoff) {
                    Files.deleteIfExists(p);
                    deleted.add(p);
                }
            }
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{dir.toString(), Long.toString(deleted.size())});
        return host.rows(RowSource.of(List.of(ResultColumn.string("path"),
                new ResultColumn("numDeletedFiles", SparkType.BIGINT)), rows));
    }

    /** Relative path to deletion time of every remove action still in the JSON log. */
    private static Map<String, Long> tombstones(Path dir) throws IOException {
        Map<String, Long> out = new HashMap<>();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        try (Stream<Path> s = Files.list(dir.resolve("_delta_log"))) {
            for (Path p : s.filter(x -> x.getFileName().toString().matches("\\d{20}\\.json")).toList()) {
                for (String line : Files.readAllLines(p)) {
                    if (!line.contains("\"remove\"")) continue;
                    var node = json.readTree(line).get("remove");
                    if (node == null) continue;
                    String path = java.net.URLDecoder.decode(node.get("path").asText().replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
                    out.put(path, node.has("deletionTimestamp") ? node.get("deletionTimestamp").asLong() : 0L);
                }
            }
        }
        return out;
    }

    private SpooledResult history(Plan plan, Host host) throws Exception {
        Path dir = location(plan.target());
        var bigint = SparkType.BIGINT;
        List<ResultColumn> cols = List.of(new ResultColumn("version", bigint),
                new ResultColumn("timestamp", SparkType.TIMESTAMP),
                ResultColumn.string("userName"), ResultColumn.string("operation"), ResultColumn.string("operationParameters"),
                ResultColumn.string("operationMetrics"), ResultColumn.string("engineInfo"));
        List<String[]> rows = new ArrayList<>();
        for (DeltaTables.HistoryEntry e : delta.history(dir)) {
            String metrics = "{\"numAddedFiles\":\"" + e.numFilesAdded() + "\",\"numRemovedFiles\":\"" + e.numFilesRemoved() + "\"}";
            rows.add(new String[]{Long.toString(e.version()), Instant.ofEpochMilli(e.timestampMillis()).toString(), e.userName(),
                    operation(e), e.operationParameters(), metrics, e.engineInfo()});
        }
        return host.rows(RowSource.of(cols, rows));
    }

    /** The statement MiniLake ran (kept in engineInfo, since Kernel records every data change as WRITE), else the log's operation. */
    private static String operation(DeltaTables.HistoryEntry e) {
        int at = e.engineInfo() == null ? -1 : e.engineInfo().indexOf("MiniLake/");
        if (at >= 0) {
            int sp = e.engineInfo().indexOf(' ', at);
            if (sp > 0) return e.engineInfo().substring(sp + 1);
        }
        return e.operation();
    }

    private SpooledResult describe(Plan plan, Host host) throws Exception {
        Path dir = location(plan.target());
        Snapshot s = delta.latest(dir);
        List<String[]> rows = new ArrayList<>();
        for (DeltaTables.Column c : s.columns()) rows.add(new String[]{c.name(), TypeMapping.toSparkDdl(c.type()), c.comment()});
        if (!s.partitionColumns().isEmpty()) {
            rows.add(new String[]{"# Partition Information", "", ""});
            rows.add(new String[]{"# col_name", "data_type", "comment"});
            for (String p : s.partitionColumns()) {
                s.columns().stream().filter(c -> c.name().equals(p)).findFirst()
                        .ifPresent(c -> rows.add(new String[]{c.name(), TypeMapping.toSparkDdl(c.type()), c.comment()}));
            }
        }
        if (plan.extended()) {
            rows.add(new String[]{"", "", ""});
            rows.add(new String[]{"# Detailed Table Information", "", ""});
            rows.add(new String[]{"Catalog", plan.target().get(0), ""});
            rows.add(new String[]{"Database", plan.target().get(1), ""});
            rows.add(new String[]{"Table", plan.target().get(2), ""});
            boolean managed = tables.deltaTable(plan.target().get(0), plan.target().get(1), plan.target().get(2))
                    .map(TableCatalog.DeltaTable::managed).orElse(false);
            rows.add(new String[]{"Type", managed ? "MANAGED" : "EXTERNAL", ""});
            rows.add(new String[]{"Location", dir.toString(), ""});
            rows.add(new String[]{"Provider", "delta", ""});
            rows.add(new String[]{"Version", Long.toString(s.version()), ""});
        }
        return host.rows(RowSource.of(List.of(ResultColumn.string("col_name"), ResultColumn.string("data_type"),
                ResultColumn.string("comment")), rows));
    }

    /**
     * RESTORE TABLE t TO VERSION AS OF n: one commit that removes the files the latest version has
     * and that version lacks, and adds back the ones it had (they must still be on disk: VACUUM may
     * have deleted them). Answers Delta's six metrics.
     */
    private SpooledResult restore(Plan plan, Host host) throws Exception {
        Path dir = location(plan.target());
        Snapshot to = snapshot(plan.scans().get(0));
        DeltaTables.Write w = delta.begin(dir, "RESTORE");
        boolean committed = false;
        try {
            Snapshot cur = w.snapshot();
            DeltaScans.requireReadable(to);
            Set<Path> had = new HashSet<>(), has = new HashSet<>();
            for (DataFile f : to.files()) had.add(f.path());
            for (DataFile f : cur.files()) has.add(f.path());
            List<DataFile> removed = cur.files().stream().filter(f -> !had.contains(f.path())).toList();
            List<NewFile> added = new ArrayList<>();
            long removedSize = 0, restoredSize = 0, size = 0;
            for (DataFile f : removed) removedSize += f.size();
            for (DataFile f : to.files()) {
                size += f.size();
                if (has.contains(f.path())) continue;
                if (!Files.exists(f.path())) {
                    throw new DeltaException("[DELTA_FILE_NOT_FOUND_DETAILED] The file " + f.relativePath() + " of version " + to.version()
                            + " no longer exists (VACUUM deleted it), so the table cannot be restored to that version.");
                }
                added.add(new NewFile(f.path(), f.partitionValues(), 0));
                restoredSize += f.size();
            }
            long version = w.commit(added, removed);
            committed = true;
            tables.committed(String.join(".", plan.target()), cur, version, added, removed);
            var bigint = SparkType.BIGINT;
            List<ResultColumn> cols = new ArrayList<>();
            for (String name : List.of("table_size_after_restore", "num_of_files_after_restore", "num_removed_files", "num_restored_files",
                    "removed_files_size", "restored_files_size")) cols.add(new ResultColumn(name, bigint));
            List<String[]> rows = new ArrayList<>();
            rows.add(new String[]{Long.toString(size), Integer.toString(to.files().size()), Integer.toString(removed.size()),
                    Integer.toString(added.size()), Long.toString(removedSize), Long.toString(restoredSize)});
            return host.rows(RowSource.of(cols, rows));
        } finally {
            if (!committed) w.abort();
        }
    }

    /** SHOW CREATE TABLE of a Delta table, in Spark's layout: columns with comments, partitioning, comment, location, properties. */
    private SpooledResult showCreate(Plan plan, Host host) throws Exception {
        String full = String.join(".", plan.target());
        TableCatalog.DeltaTable t = tables.deltaTable(plan.target().get(0), plan.target().get(1), plan.target().get(2)).orElseThrow();
        Snapshot s = delta.latest(t.location());
        List<String> cols = new ArrayList<>();
        for (DeltaTables.Column c : s.columns()) {
            cols.add("  " + c.name() + " " + TypeMapping.toSparkDdl(c.type()).toUpperCase(java.util.Locale.ROOT) + (c.nullable() ? "" : " NOT NULL")
                    + (c.comment() == null ? "" : " COMMENT " + DuckDbEngine.quoteLiteral(c.comment())));
        }
        StringBuilder ddl = new StringBuilder("CREATE TABLE " + full + " (\n" + String.join(",\n", cols) + ")\nUSING delta");
        if (!s.partitionColumns().isEmpty()) ddl.append("\nPARTITIONED BY (").append(String.join(", ", s.partitionColumns())).append(')');
        String comment = tables.comment(full).orElse(null);
        if (comment != null) ddl.append("\nCOMMENT ").append(DuckDbEngine.quoteLiteral(comment));
        if (!t.managed()) ddl.append("\nLOCATION ").append(DuckDbEngine.quoteLiteral(t.location().toUri().toString()));
        Map<String, String> props = new java.util.TreeMap<>(s.configuration());
        props.put("delta.minReaderVersion", Integer.toString(s.protocol().minReaderVersion()));
        props.put("delta.minWriterVersion", Integer.toString(s.protocol().minWriterVersion()));
        List<String> p = new ArrayList<>();
        props.forEach((k, v) -> p.add("  " + DuckDbEngine.quoteLiteral(k) + " = " + DuckDbEngine.quoteLiteral(v)));
        ddl.append("\nTBLPROPERTIES (\n").append(String.join(",\n", p)).append(")\n");
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{ddl.toString()});
        return host.rows(RowSource.of(List.of(ResultColumn.string("createtab_stmt")), rows));
    }

    /** DESCRIBE DETAIL: one row of the table's Delta facts, in the columns Delta gives it. */
    private SpooledResult detail(Plan plan, Host host) throws Exception {
        Path dir = location(plan.target());
        Snapshot s = delta.latest(dir);
        long size = 0;
        for (DataFile f : s.files()) size += f.size();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        var sql = (java.util.function.Function<String, SparkType>) TypeMapping::resultTypeOfDuckDb;
        List<ResultColumn> cols = List.of(ResultColumn.string("format"), ResultColumn.string("id"), ResultColumn.string("name"),
                ResultColumn.string("description"), ResultColumn.string("location"), new ResultColumn("createdAt", sql.apply("TIMESTAMP")),
                new ResultColumn("lastModified", sql.apply("TIMESTAMP")), new ResultColumn("partitionColumns", sql.apply("VARCHAR[]")),
                new ResultColumn("clusteringColumns", sql.apply("VARCHAR[]")), new ResultColumn("numFiles", sql.apply("BIGINT")),
                new ResultColumn("sizeInBytes", sql.apply("BIGINT")), new ResultColumn("properties", sql.apply("MAP(VARCHAR, VARCHAR)")),
                new ResultColumn("minReaderVersion", sql.apply("INTEGER")), new ResultColumn("minWriterVersion", sql.apply("INTEGER")),
                new ResultColumn("tableFeatures", sql.apply("VARCHAR[]")));
        String description = tables.comment(String.join(".", plan.target())).orElse(null);
        String[] row = {"delta", s.tableId(), String.join(".", plan.target()), description, dir.toUri().toString(),
                s.createdAtMillis() == null ? null : timestamp(s.createdAtMillis()), timestamp(s.timestampMillis()),
                json.writeValueAsString(s.partitionColumns()), "[]", Long.toString(s.files().size()), Long.toString(size),
                json.writeValueAsString(new java.util.TreeMap<>(s.configuration())), Integer.toString(s.protocol().minReaderVersion()),
                Integer.toString(s.protocol().minWriterVersion()), json.writeValueAsString(s.protocol().features())};
        List<String[]> rows = new ArrayList<>();
        rows.add(row);
        return host.rows(RowSource.of(cols, rows));
    }

    private static String timestamp(long millis) {
        return Instant.ofEpochMilli(millis).toString(); // as DESCRIBE HISTORY shows its timestamps
    }

    /** SHOW TABLES: DuckDB's tables and views plus the schema's EXTERNAL Delta tables, sorted by name. */
    RowSource showTables(Connection c, SqlContext ctx, dev.minilake.engines.sqltranslate.Command.ShowTables st) throws Exception {
        RowSource duck = CommandRunner.run(c, ctx, st);
        List<String[]> rows = new ArrayList<>();
        for (String[] r = duck.next(); r != null; r = duck.next()) rows.add(r);
        String catalog = st.catalog() != null ? st.catalog() : ctx.catalog();
        String schema = st.schema() != null ? st.schema() : ctx.schema();
        for (String name : tables.externalTableNames(catalog, schema)) rows.add(new String[]{schema, name, "false"});
        rows.sort(java.util.Comparator.comparing(r -> r[1]));
        return RowSource.of(duck.columns(), rows);
    }

    // ---- helpers ----

    private static long epochMillis(String ts) {
        String s = ts.trim().replace(' ', 'T');
        try {
            return OffsetDateTime.parse(s).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(s).toEpochMilli();
            } catch (DateTimeParseException e2) {
                try {
                    return LocalDateTime.parse(s).toInstant(ZoneOffset.UTC).toEpochMilli();
                } catch (DateTimeParseException e3) {
                    try {
                        return java.time.LocalDate.parse(s).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
                    } catch (DateTimeParseException e4) {
                        throw new DeltaException("[INVALID_TIMESTAMP] TIMESTAMP AS OF '" + ts + "' is not a timestamp.");
                    }
                }
            }
        }
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /** Translation of the rewritten statement (still Databricks SQL) to DuckDB, /Volumes paths mapped. */
    private Translation translate(String sql) {
        return SqlTranslator.translate(sql, volumePaths);
    }
}
