package dev.minilake.engines.duckdb;

import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.create.table.ColDataType;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableFunction;
import net.sf.jsqlparser.statement.select.UnionOp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The SQL MiniLake itself sends to DuckDB, built as JSqlParser's model and rendered in one place:
 * a name is always a quoted identifier and a value a literal made here (or a bound parameter),
 * never a piece of text spliced into a statement.
 *
 * <p>A few DuckDB forms that JSqlParser does not model ({@code UNION ALL BY NAME},
 * {@code COPY ... TO}, {@code ATTACH}, {@code CREATE TEMP VIEW}) are small named renderings here,
 * over model parts; their file paths and aliases go through the same quoting. DuckDB takes no
 * bound parameter in a view's body, in ATTACH or in COPY's target, hence literals there.
 */
public final class DuckDbSql {
    private DuckDbSql() {
    }

    // ---- names and values

    /** A quoted identifier, {@code "a""b"}. */
    public static String ident(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /** A string literal, {@code 'it''s'}. */
    public static String literal(String value) {
        return '\'' + value.replace("'", "''") + '\'';
    }

    /** A table or view by its quoted parts: {@code table("db", "schema", "t")}. */
    public static Table table(String... parts) {
        List<String> quoted = new ArrayList<>(parts.length);
        for (String p : parts) quoted.add(ident(p));
        return new Table(quoted);
    }

    /** The table of a Unity Catalog name, in the catalog's attached database. */
    public static Table catalogTable(String catalog, String schema, String name) {
        return catalogObject(catalog, schema, name);
    }

    /** An object (schema, table, macro) of a Unity Catalog catalog, in the catalog's attached database. */
    public static Table catalogObject(String catalog, String... parts) {
        String[] all = new String[parts.length + 1];
        all[0] = DuckDbEngine.databaseName(catalog);
        System.arraycopy(parts, 0, all, 1, parts.length);
        return table(all);
    }

    public static Column column(String name) {
        return new Column(ident(name));
    }

    public static StringValue string(String value) {
        // StringValue keeps its text as written: quote it here, once
        return new StringValue(literal(value));
    }

    /** {@code CAST(e AS type)}; the type is DuckDB type text made by the type model, never user text. */
    public static Expression cast(Expression e, String duckType) {
        CastExpression c = new CastExpression("CAST");
        c.setLeftExpression(e);
        c.setColDataType(new ColDataType(duckType));
        return c;
    }

    public static Expression nullOf(String duckType) {
        return cast(new NullValue(), duckType);
    }


    public static Function function(String name, Expression... args) {
        Function f = new Function(name);
        if (args.length > 0) f.setParameters(new ExpressionList<>(args));
        return f;
    }

    /** {@code count(*)}. */
    public static Function countStar() {
        return function("count", new AllColumns());
    }

    // ---- queries

    public static SelectItem<?> item(Expression e) {
        return SelectItem.from(e);
    }

    /** {@code e AS "alias"}. */
    public static SelectItem<?> item(Expression e, String alias) {
        return SelectItem.from(e, new net.sf.jsqlparser.expression.Alias(ident(alias), true));
    }

    public static PlainSelect select(List<SelectItem<?>> items, FromItem from) {
        PlainSelect s = new PlainSelect();
        s.setSelectItems(new ArrayList<>(items));
        if (from != null) s.setFromItem(from);
        return s;
    }

    /** {@code SELECT * FROM from}. */
    public static PlainSelect selectAll(FromItem from) {
        return select(List.of(SelectItem.from(new AllColumns())), from);
    }

    public static PlainSelect where(PlainSelect s, Expression condition) {
        s.setWhere(condition);
        return s;
    }

    /** A query as a FROM item: {@code (SELECT ...)}. */
    public static FromItem subquery(Select s) {
        return new ParenthesedSelect().withSelect(s);
    }

    /** {@code read_parquet(['f1', 'f2'], union_by_name = true, hive_partitioning = false)}. */
    public static FromItem readParquet(List<Path> files) {
        List<Expression> paths = new ArrayList<>();
        for (Path f : files) paths.add(string(f.toString()));
        Function f = function("read_parquet", new net.sf.jsqlparser.expression.ArrayConstructor(new ExpressionList<>(paths), false),
                new net.sf.jsqlparser.expression.operators.relational.EqualsTo(new Column("union_by_name"), new net.sf.jsqlparser.expression.BooleanValue(true)),
                new net.sf.jsqlparser.expression.operators.relational.EqualsTo(new Column("hive_partitioning"), new net.sf.jsqlparser.expression.BooleanValue(false)));
        return new TableFunction(f);
    }

    /** {@code a UNION ALL b UNION ALL ...}. */
    public static Select unionAll(List<? extends Select> parts) {
        if (parts.size() == 1) return parts.get(0);
        return union(parts, UnionOp::new);
    }

    /** {@code a UNION ALL BY NAME b}: columns matched by name, those missing on one side NULL. */
    public static Select unionAllByName(Select a, Select b) {
        return union(List.of(a, b), UnionAllByName::new);
    }

    private static Select union(List<? extends Select> parts, java.util.function.Supplier<UnionOp> op) {
        SetOperationList u = new SetOperationList();
        List<net.sf.jsqlparser.statement.select.SetOperation> ops = new ArrayList<>();
        for (int i = 1; i < parts.size(); i++) ops.add(op.get().withAll(true));
        u.setSelects(new ArrayList<>(parts));
        u.setOperations(ops);
        return u;
    }

    /** DuckDB's {@code UNION ALL BY NAME}, which JSqlParser's UnionOp does not print. */
    private static final class UnionAllByName extends UnionOp {
        @Override
        public String toString() {
            return "UNION ALL BY NAME";
        }
    }

    // ---- statements

    /** {@code CREATE OR REPLACE [TEMP] VIEW name AS body}. */
    public static String createOrReplaceView(Table view, Select body, boolean temporary) {
        return "CREATE OR REPLACE " + (temporary ? "TEMP " : "") + "VIEW " + view + " AS " + body;
    }

    /** {@code INSERT INTO table query}. */
    public static String insertInto(Table table, Select query) {
        return "INSERT INTO " + table + " " + query;
    }

    /** {@code CREATE OR REPLACE TEMP TABLE name AS query}; the query is DuckDB SQL the translator made. */
    public static String createTempTableAs(Table table, String translatedQuery) {
        return "CREATE OR REPLACE TEMP TABLE " + table + " AS " + translatedQuery;
    }

    public static String drop(String kind, Table name, boolean ifExists) {
        return "DROP " + kind + (ifExists ? " IF EXISTS " : " ") + name;
    }

    /**
     * {@code CREATE MACRO name(params) AS (body)}, or {@code AS TABLE body} for a table macro. The
     * body and parameters are a function's own SQL, checked by the caller to be one statement.
     */
    public static String createMacro(Table name, List<String> parameters, String body, boolean table) {
        return "CREATE MACRO " + name + "(" + String.join(", ", parameters) + ") AS " + (table ? "TABLE " + body : "(" + body + ")");
    }

    public static String createSchema(Table schema) {
        return "CREATE SCHEMA " + schema;
    }

    /** {@code SET name = 'value'} of an engine-wide setting. */
    public static String set(String setting, String value) {
        return "SET " + setting + " = " + literal(value);
    }

    /** {@code COPY (query) TO 'file' (FORMAT PARQUET, COMPRESSION SNAPPY)}. */
    public static String copyToParquet(Select query, Path file) {
        return "COPY (" + query + ") TO " + literal(file.toString()) + " (FORMAT PARQUET, COMPRESSION SNAPPY)";
    }

    public static String attach(Path file, String alias) {
        return "ATTACH " + literal(file.toString()) + " AS " + ident(alias);
    }

    public static String detach(String alias) {
        return "DETACH " + ident(alias);
    }

    /** {@code USE "db"."schema"}. */
    public static String use(String database, String schema) {
        return "USE " + ident(database) + "." + ident(schema);
    }

    /** Columns of {@code names}, for a select list: {@code "a", "b"}. */
    public static List<SelectItem<?>> columns(List<String> names) {
        List<SelectItem<?>> items = new ArrayList<>();
        for (String n : names) items.add(item(column(n)));
        return Collections.unmodifiableList(items);
    }
}
