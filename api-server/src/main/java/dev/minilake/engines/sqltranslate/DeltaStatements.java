package dev.minilake.engines.sqltranslate;

import dev.minilake.engines.duckdb.DuckDbEngine;
import dev.minilake.engines.types.DataType;
import dev.minilake.engines.types.TypeMapping;
import dev.minilake.engines.types.TypeParseException;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.drop.Drop;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.truncate.Truncate;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.util.TablesNamesFinder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds what a Databricks statement does to EXTERNAL Delta tables, on the AST: which table
 * references must read a Delta snapshot (each becomes a per-statement view {@code "__delta_N"},
 * aliased with the table's own name), which one a DML statement writes (it becomes the temp table
 * {@code "__delta_target"}), and the Delta-only statements (CREATE ... LOCATION, DESCRIBE HISTORY,
 * OPTIMIZE, VACUUM, time travel with {@code VERSION|TIMESTAMP AS OF}). The rewritten SQL is still
 * Databricks SQL; {@link SqlTranslator} translates it afterwards.
 */
public final class DeltaStatements {
    public static final String TARGET = "__delta_target";
    private static final Set<String> CLAUSE_WORDS = Set.of("WHERE", "JOIN", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "ON",
            "GROUP", "ORDER", "LIMIT", "UNION", "EXCEPT", "INTERSECT", "HAVING", "WINDOW", "QUALIFY", "USING", "NATURAL",
            "WHEN", "SET", "LATERAL", "OFFSET", "FETCH", "AS");

    /** Tells which (lowercase, fully qualified) names are Delta tables. */
    @FunctionalInterface
    public interface Resolver {
        boolean isDelta(String catalog, String schema, String name);

        /**
         * Whether a plain read (latest version) of the table needs a snapshot view; false for a
         * table DuckDB reads as it is (a MANAGED table's own view in DuckDB).
         */
        default boolean readsAsDelta(String catalog, String schema, String name) {
            return isDelta(catalog, schema, name);
        }
    }

    /**
     * What the statement does to a Delta table. RENAME and COMMENT change only its Unity Catalog
     * record; SPARK is an ALTER TABLE that only Spark can commit (it changes the table's schema).
     */
    public enum Kind { QUERY, INSERT, INSERT_OVERWRITE, UPDATE, DELETE, MERGE, TRUNCATE, CREATE, DROP, HISTORY, OPTIMIZE, VACUUM, DESCRIBE, DETAIL,
        NOOP, RENAME, COMMENT, COLUMN_COMMENT, PROPERTIES, ADD_COLUMNS, RESTORE, SHOW_CREATE, SPARK }

    /** One Delta table read by the statement: latest, or pinned by version or timestamp. */
    public record Scan(String view, List<String> table, Long version, String timestamp) {
    }

    public record ColumnDef(String name, String typeText, boolean nullable, String comment) {
    }

    /**
     * CREATE [OR REPLACE] TABLE name [(cols)] [USING DELTA] [PARTITIONED BY (...)] [LOCATION '...'] [COMMENT ...]
     * [TBLPROPERTIES (...)] [AS query]: with a location an EXTERNAL table, else a MANAGED one. {@code query}
     * is the AS query as written (Databricks SQL), or null.
     */
    public record Create(List<String> table, boolean ifNotExists, String location, String using, List<ColumnDef> columns,
                         List<String> partitionedBy, String comment, Map<String, String> properties, boolean orReplace, String query,
                         List<String> like) {
    }

    /**
     * The plan: {@code sql} is the rewritten statement (null for commands), {@code target} the
     * written table (null for reads), {@code scans} the reads; {@code retainHours} for VACUUM.
     */
    public record Plan(Kind kind, String sql, List<String> target, List<Scan> scans, Create create, boolean ifExists,
                       Double retainHours, boolean extended, List<String> newName, String comment,
                       Map<String, String> setProperties, List<String> unsetProperties, List<ColumnDef> columns) {
        public Plan(Kind kind, String sql, List<String> target, List<Scan> scans, Create create, boolean ifExists,
                    Double retainHours, boolean extended) {
            this(kind, sql, target, scans, create, ifExists, retainHours, extended, null, null, null, null, null);
        }

        /** COMMENT ON COLUMN / ALTER COLUMN ... COMMENT: the column is the one entry of {@code columns}. */
        static Plan columnComment(List<String> target, String column, String comment) {
            return new Plan(Kind.COLUMN_COMMENT, null, target, List.of(), null, false, null, false, null, comment, null, null,
                    List.of(new ColumnDef(column, null, true, comment)));
        }

        static Plan addColumns(List<String> target, List<ColumnDef> columns) {
            return new Plan(Kind.ADD_COLUMNS, null, target, List.of(), null, false, null, false, null, null, null, null, columns);
        }

        static Plan rename(List<String> target, List<String> newName) {
            return new Plan(Kind.RENAME, null, target, List.of(), null, false, null, false, newName, null, null, null, null);
        }

        static Plan comment(List<String> target, String comment) {
            return new Plan(Kind.COMMENT, null, target, List.of(), null, false, null, false, null, comment, null, null, null);
        }

        static Plan properties(List<String> target, Map<String, String> set, List<String> unset) {
            return new Plan(Kind.PROPERTIES, null, target, List.of(), null, false, null, false, null, null, set, unset, null);
        }
    }

    private DeltaStatements() {
    }

    /** The plan when the statement involves an EXTERNAL Delta table (or creates one); empty for every other statement. */
    public static Optional<Plan> plan(String sql, String catalog, String schema, Resolver resolver) {
        return plan(ParsedSql.of(sql), catalog, schema, resolver);
    }

    /**
     * As {@link #plan(String, String, String, Resolver)}, sharing the statement's one parse. The
     * AST is rewritten only when a plan is returned; with no plan, the translator may still use it.
     */
    public static Optional<Plan> plan(ParsedSql parsed, String catalog, String schema, Resolver resolver) {
        String sql = parsed.text();
        List<SqlToken> sig = new ArrayList<>(parsed.significant());
        while (!sig.isEmpty() && sig.get(sig.size() - 1).isSymbol(";")) sig.remove(sig.size() - 1);
        if (sig.isEmpty()) return Optional.empty();
        Optional<Plan> command = command(sig, catalog, schema, resolver);
        if (command != null) return command;
        Optional<Plan> alter = alter(sig, catalog, schema, resolver);
        if (alter != null) return alter;

        List<Scan> scans = new ArrayList<>();
        String text = timeTravel(overwriteTable(sql), catalog, schema, resolver, scans);
        boolean asWritten = text.equals(sql);
        LexicalPass lexical = asWritten ? parsed.lexical() : LexicalPass.apply(text);
        Statement st;
        try {
            Statements all = asWritten ? parsed.statements() : SqlParser.parse(lexical.text);
            if (all.size() != 1) {
                if (!scans.isEmpty()) throw new UnsupportedConstructException("time travel in a statement MiniLake cannot parse");
                return Optional.empty();
            }
            st = all.get(0);
        } catch (JSQLParserException | RuntimeException e) {
            if (e instanceof UnsupportedConstructException u) throw u;
            if (!scans.isEmpty()) throw new UnsupportedConstructException("time travel in a statement MiniLake cannot parse");
            return mergeOnTokens(text, catalog, schema, resolver);
        }
        if (st instanceof CreateTable ct) return create(ct, lexical, catalog, schema, resolver);
        if (st instanceof Drop d) {
            if (d.getType().equalsIgnoreCase("VIEW")) {
                List<String> name = qualify(d.getName(), catalog, schema);
                if (resolver.isDelta(name.get(0), name.get(1), name.get(2))) {
                    throw new IllegalArgumentException("[EXPECT_VIEW_NOT_TABLE.USE_ALTER_TABLE] `" + String.join("`.`", name)
                            + "` is a table. DROP VIEW expects a view; use DROP TABLE instead.");
                }
                return Optional.empty();
            }
            if (!d.getType().equalsIgnoreCase("TABLE")) return Optional.empty();
            List<String> name = qualify(d.getName(), catalog, schema);
            if (!resolver.isDelta(name.get(0), name.get(1), name.get(2))) return Optional.empty();
            return Optional.of(new Plan(Kind.DROP, null, name, List.of(), null, d.isIfExists(), null, false));
        }

        Table targetNode = null;
        Kind kind = Kind.QUERY;
        if (st instanceof Insert ins) {
            targetNode = ins.getTable();
            kind = ins.isOverwrite() ? Kind.INSERT_OVERWRITE : Kind.INSERT;
        } else if (st instanceof Update u) {
            targetNode = u.getTable();
            kind = Kind.UPDATE;
        } else if (st instanceof Delete del) {
            targetNode = del.getTable();
            kind = Kind.DELETE;
        } else if (st instanceof Merge m) {
            targetNode = m.getTable();
            kind = Kind.MERGE;
        } else if (st instanceof Truncate t) {
            targetNode = t.getTable();
            kind = Kind.TRUNCATE;
        } else if (!(st instanceof Select)) {
            if (!scans.isEmpty()) throw new UnsupportedConstructException("time travel outside a query");
            return Optional.empty();
        }
        List<String> target = null;
        if (targetNode != null) {
            List<String> name = qualify(targetNode, catalog, schema);
            if (resolver.isDelta(name.get(0), name.get(1), name.get(2))) target = name;
        }
        final Table targetRef = target == null ? null : targetNode;
        final boolean aliasTarget = kind == Kind.MERGE;
        int before = scans.size();
        try {
            new TablesNamesFinder<Void>() {
                @Override
                public <S> Void visit(Table table, S context) {
                    if (table == targetRef) {
                        rename(table, TARGET, aliasTarget);
                    } else if (table.getName() != null && !table.getName().startsWith("\"__delta_")) {
                        List<String> name = qualify(table, catalog, schema);
                        if (resolver.readsAsDelta(name.get(0), name.get(1), name.get(2))) {
                            String view = "__delta_" + scans.size();
                            scans.add(new Scan(view, name, null, null));
                            rename(table, view, true);
                        }
                    }
                    return super.visit(table, context);
                }
            }.getTables(st);
        } catch (UnsupportedOperationException ignored) {
            // a statement the finder does not walk names no tables
        } catch (NullPointerException e) {
            // JSqlParser fails on a few forms it parses (a window's ROWS 1 PRECEDING): no plan here; the translator says why
            if (scans.size() == before && target == null) return Optional.empty();
            throw new UnsupportedConstructException("a form MiniLake cannot read in a statement on a Delta table");
        }
        if (target == null && scans.isEmpty()) return Optional.empty();
        if (target == null && kind != Kind.QUERY) {
            // a write into a DuckDB table reading Delta tables: a plain statement over the snapshot views
            kind = Kind.QUERY;
        }
        if (st instanceof Insert ins && target != null) {
            ins.setOverwrite(false);
            ins.setTableKeyword(false);
        }
        String rewritten = lexical.restore(st.toString());
        return Optional.of(new Plan(kind, rewritten, target, List.copyOf(scans), null, false, null, false));
    }

    /**
     * A MERGE JSqlParser cannot read (Databricks' {@code UPDATE SET *} and {@code INSERT *}, which
     * DuckDB reads as they are): its target and a named source are found on tokens and renamed there,
     * keeping their names as aliases. Empty when the target is not a Delta table.
     */
    private static Optional<Plan> mergeOnTokens(String sql, String catalog, String schema, Resolver resolver) {
        List<SqlToken> all = SqlTokenizer.tokenize(sql);
        List<Integer> sig = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) if (!all.get(i).isTrivia()) sig.add(i);
        if (sig.size() < 4 || !all.get(sig.get(0)).isWord("MERGE") || !all.get(sig.get(1)).isWord("INTO")) return Optional.empty();
        List<SqlToken> t = sig.stream().map(all::get).toList();
        int[] at = {2};
        List<String> targetParts = nameAt(t, at);
        if (targetParts.isEmpty() || targetParts.size() > 3) return Optional.empty();
        List<String> target = qualify(targetParts, catalog, schema);
        if (!resolver.isDelta(target.get(0), target.get(1), target.get(2))) return Optional.empty();
        int targetEnd = at[0];
        boolean targetAliased = targetEnd < t.size() && (t.get(targetEnd).isWord("AS") || isName(t.get(targetEnd)) && !t.get(targetEnd).isWord("USING"));
        // the tokens to replace: [from, to) of significant indexes, with their replacement text
        Map<Integer, String> replace = new LinkedHashMap<>();
        Map<Integer, Integer> until = new LinkedHashMap<>();
        replace.put(2, DuckDbEngine.quoteIdent(TARGET) + (targetAliased ? "" : " AS " + DuckDbEngine.quoteIdent(targetParts.get(targetParts.size() - 1))));
        until.put(2, targetEnd);
        List<Scan> scans = new ArrayList<>();
        int using = targetEnd;
        while (using < t.size() && !t.get(using).isWord("USING")) using++;
        if (using + 1 < t.size() && isName(t.get(using + 1))) {
            int[] src = {using + 1};
            List<String> sourceParts = nameAt(t, src);
            if (!sourceParts.isEmpty() && sourceParts.size() <= 3) {
                List<String> source = qualify(sourceParts, catalog, schema);
                if (resolver.readsAsDelta(source.get(0), source.get(1), source.get(2))) {
                    String view = "__delta_0";
                    scans.add(new Scan(view, source, null, null));
                    boolean aliased = src[0] < t.size() && (t.get(src[0]).isWord("AS") || isName(t.get(src[0])) && !t.get(src[0]).isWord("ON"));
                    replace.put(using + 1, DuckDbEngine.quoteIdent(view) + (aliased ? "" : " AS " + DuckDbEngine.quoteIdent(sourceParts.get(sourceParts.size() - 1))));
                    until.put(using + 1, src[0]);
                }
            }
        }
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (var e : replace.entrySet()) {
            int from = sig.get(e.getKey()), to = sig.get(until.get(e.getKey()) - 1) + 1;
            for (int i = copied; i < from; i++) out.append(all.get(i).text());
            out.append(e.getValue());
            copied = to;
        }
        for (int i = copied; i < all.size(); i++) out.append(all.get(i).text());
        return Optional.of(new Plan(Kind.MERGE, out.toString(), target, List.copyOf(scans), null, false, null, false));
    }

    /** {@code INSERT OVERWRITE name} as {@code INSERT OVERWRITE TABLE name}, the form JSqlParser reads. */
    static String overwriteTable(String sql) {
        if (!sql.toUpperCase(java.util.Locale.ROOT).contains("OVERWRITE")) return sql; // most statements: no tokenizing
        List<SqlToken> all = SqlTokenizer.tokenize(sql);
        List<Integer> sig = new ArrayList<>();
        for (int i = 0; i < all.size() && sig.size() < 3; i++) if (!all.get(i).isTrivia()) sig.add(i);
        if (sig.size() < 3 || !all.get(sig.get(0)).isWord("INSERT") || !all.get(sig.get(1)).isWord("OVERWRITE")
                || all.get(sig.get(2)).isWord("TABLE")) return sql;
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < all.size(); i++) {
            out.append(all.get(i).text());
            if (i == sig.get(1)) out.append(" TABLE");
        }
        return out.toString();
    }

    /** DESCRIBE HISTORY, OPTIMIZE, VACUUM and DESCRIBE of a Delta table, on tokens; null when not one of them. */
    private static Optional<Plan> command(List<SqlToken> t, String catalog, String schema, Resolver resolver) {
        int i = 0;
        Kind kind;
        boolean extended = false;
        if ((t.get(0).isWord("DESCRIBE") || t.get(0).isWord("DESC")) && t.size() > 1 && t.get(1).isWord("HISTORY")) {
            kind = Kind.HISTORY;
            i = 2;
        } else if ((t.get(0).isWord("DESCRIBE") || t.get(0).isWord("DESC")) && t.size() > 2 && t.get(1).isWord("DETAIL")) {
            kind = Kind.DETAIL;
            i = 2;
        } else if (t.get(0).isWord("DESCRIBE") || t.get(0).isWord("DESC")) {
            kind = Kind.DESCRIBE;
            i = 1;
            if (i < t.size() && t.get(i).isWord("TABLE")) i++;
            if (i < t.size() && (t.get(i).isWord("EXTENDED") || t.get(i).isWord("FORMATTED"))) {
                extended = true;
                i++;
            }
        } else if (t.get(0).isWord("RESTORE")) {
            return restore(t, catalog, schema, resolver);
        } else if (t.size() > 3 && t.get(0).isWord("SHOW") && t.get(1).isWord("CREATE") && t.get(2).isWord("TABLE")) {
            int[] at = {3};
            List<String> parts = nameAt(t, at);
            if (parts.isEmpty() || parts.size() > 3 || at[0] != t.size()) return null;
            List<String> name = qualify(parts, catalog, schema);
            if (!resolver.isDelta(name.get(0), name.get(1), name.get(2))) return null;
            return Optional.of(new Plan(Kind.SHOW_CREATE, null, name, List.of(), null, false, null, false));
        } else if (t.get(0).isWord("OPTIMIZE")) {
            kind = Kind.OPTIMIZE;
            i = 1;
        } else if (t.get(0).isWord("VACUUM")) {
            kind = Kind.VACUUM;
            i = 1;
        } else {
            return null;
        }
        if (i < t.size() && t.get(i).isWord("TABLE")) i++;
        List<String> parts = new ArrayList<>();
        while (i < t.size() && isName(t.get(i))) {
            parts.add(t.get(i).identifier().toLowerCase(Locale.ROOT));
            i++;
            if (i < t.size() && t.get(i).isSymbol(".")) i++;
            else break;
        }
        if (parts.isEmpty() || parts.size() > 3) return kind == Kind.DESCRIBE || kind == Kind.DETAIL ? null : Optional.empty();
        List<String> name = qualify(parts, catalog, schema);
        boolean delta = resolver.isDelta(name.get(0), name.get(1), name.get(2));
        if (kind == Kind.DESCRIBE || kind == Kind.DETAIL) {
            return delta && i == t.size() ? Optional.of(new Plan(kind, null, name, List.of(), null, false, null, extended)) : null;
        }
        if (!delta) {
            throw new IllegalArgumentException("[DELTA_TABLE_NOT_FOUND] " + kind.name() + " needs an EXTERNAL Delta table; `"
                    + String.join("`.`", name) + "` is not one");
        }
        Double retain = null;
        if (kind == Kind.OPTIMIZE && i < t.size() && t.get(i).isWord("ZORDER")) i = t.size(); // accepted, no clustering
        if (kind == Kind.VACUUM) {
            if (i + 2 < t.size() && t.get(i).isWord("RETAIN") && t.get(i + 1).kind() == SqlToken.Kind.NUMBER && t.get(i + 2).isWord("HOURS")) {
                retain = Double.parseDouble(t.get(i + 1).text());
                i += 3;
            }
            if (i + 1 < t.size() && t.get(i).isWord("DRY") && t.get(i + 1).isWord("RUN")) {
                throw new UnsupportedConstructException("VACUUM ... DRY RUN");
            }
        }
        if (i != t.size()) throw new UnsupportedConstructException(kind.name() + " with clause '" + t.get(i).text() + "'");
        return Optional.of(new Plan(kind, null, name, List.of(), null, false, retain, false));
    }

    /** {@code RESTORE [TABLE] name [TO] VERSION AS OF n | TIMESTAMP AS OF 'ts'}: the version is the plan's one scan. */
    private static Optional<Plan> restore(List<SqlToken> t, String catalog, String schema, Resolver resolver) {
        int[] at = {t.size() > 1 && t.get(1).isWord("TABLE") ? 2 : 1};
        List<String> parts = nameAt(t, at);
        if (parts.isEmpty() || parts.size() > 3) throw new UnsupportedConstructException("RESTORE without a table name");
        List<String> name = qualify(parts, catalog, schema);
        if (!resolver.isDelta(name.get(0), name.get(1), name.get(2))) {
            throw new IllegalArgumentException("[DELTA_TABLE_NOT_FOUND] RESTORE needs a Delta table; `" + String.join("`.`", name) + "` is not one");
        }
        int i = at[0];
        if (i < t.size() && t.get(i).isWord("TO")) i++;
        if (i + 4 != t.size() || !(t.get(i).isWord("VERSION") || t.get(i).isWord("TIMESTAMP")) || !t.get(i + 1).isWord("AS")
                || !t.get(i + 2).isWord("OF")) {
            throw new UnsupportedConstructException("RESTORE without VERSION AS OF n or TIMESTAMP AS OF 'timestamp'");
        }
        SqlToken value = t.get(i + 3);
        Scan to;
        if (t.get(i).isWord("VERSION")) {
            if (value.kind() != SqlToken.Kind.NUMBER) throw new UnsupportedConstructException("VERSION AS OF needs a number");
            to = new Scan(null, name, Long.parseLong(value.text()), null);
        } else {
            if (value.kind() != SqlToken.Kind.STRING) throw new UnsupportedConstructException("TIMESTAMP AS OF needs a string literal");
            to = new Scan(null, name, null, string(value));
        }
        return Optional.of(new Plan(Kind.RESTORE, null, name, List.of(to), null, false, null, false));
    }

    /**
     * {@code ALTER TABLE name RENAME TO other}, {@code COMMENT ON TABLE name IS ...} and any other
     * {@code ALTER TABLE} of a Delta table, on tokens; null when the statement is none of them or
     * names no Delta table.
     */
    private static Optional<Plan> alter(List<SqlToken> t, String catalog, String schema, Resolver resolver) {
        if (t.size() > 5 && t.get(0).isWord("COMMENT") && t.get(1).isWord("ON") && t.get(2).isWord("COLUMN")) {
            int[] at = {3};
            List<String> parts = nameAt(t, at);
            int i = at[0];
            if (parts.size() < 2 || parts.size() > 4 || i + 2 != t.size() || !t.get(i).isWord("IS")) return null;
            SqlToken v = t.get(i + 1);
            if (!(v.isWord("NULL") || v.kind() == SqlToken.Kind.STRING)) return null;
            List<String> name = qualify(parts.subList(0, parts.size() - 1), catalog, schema);
            if (!resolver.isDelta(name.get(0), name.get(1), name.get(2))) return null;
            return Optional.of(Plan.columnComment(name, parts.get(parts.size() - 1), v.isWord("NULL") ? null : string(v)));
        }
        boolean comment = t.size() > 3 && t.get(0).isWord("COMMENT") && t.get(1).isWord("ON") && t.get(2).isWord("TABLE");
        boolean alter = t.size() > 2 && t.get(0).isWord("ALTER") && t.get(1).isWord("TABLE");
        if (!comment && !alter) return null;
        int[] at = {comment ? 3 : 2};
        List<String> parts = nameAt(t, at);
        if (parts.isEmpty() || parts.size() > 3) return null;
        List<String> name = qualify(parts, catalog, schema);
        if (!resolver.isDelta(name.get(0), name.get(1), name.get(2))) return null;
        int i = at[0];
        if (comment) {
            if (i + 1 >= t.size() || !t.get(i).isWord("IS")) return null;
            SqlToken v = t.get(i + 1);
            if (i + 2 != t.size() || !(v.isWord("NULL") || v.kind() == SqlToken.Kind.STRING)) return null;
            String text = v.isWord("NULL") ? null : string(v);
            return Optional.of(Plan.comment(name, text));
        }
        if (i + 1 < t.size() && t.get(i).isWord("RENAME") && t.get(i + 1).isWord("TO")) {
            int[] to = {i + 2};
            List<String> other = nameAt(t, to);
            if (other.isEmpty() || other.size() > 3 || to[0] != t.size()) return null;
            List<String> target = qualify(other, name.get(0), name.get(1));
            return Optional.of(Plan.rename(name, target));
        }
        if (i + 2 < t.size() && (t.get(i).isWord("ALTER") || t.get(i).isWord("CHANGE"))) {
            // ALTER [COLUMN] col COMMENT '...'
            int j = i + 1;
            if (t.get(j).isWord("COLUMN")) j++;
            if (j + 3 == t.size() && isName(t.get(j)) && t.get(j + 1).isWord("COMMENT") && t.get(j + 2).kind() == SqlToken.Kind.STRING) {
                return Optional.of(Plan.columnComment(name, t.get(j).identifier(), string(t.get(j + 2))));
            }
            return Optional.of(new Plan(Kind.SPARK, null, name, List.of(), null, false, null, false));
        }
        if (i + 1 < t.size() && t.get(i).isWord("ADD") && (t.get(i + 1).isWord("COLUMN") || t.get(i + 1).isWord("COLUMNS"))) {
            List<ColumnDef> added = addedColumns(t.subList(i + 2, t.size()));
            return Optional.of(added == null ? new Plan(Kind.SPARK, null, name, List.of(), null, false, null, false) : Plan.addColumns(name, added));
        }
        boolean set = i + 1 < t.size() && t.get(i).isWord("SET") && t.get(i + 1).isWord("TBLPROPERTIES");
        boolean unset = i + 1 < t.size() && t.get(i).isWord("UNSET") && t.get(i + 1).isWord("TBLPROPERTIES");
        if (set || unset) {
            int j = i + 2;
            if (unset && j + 1 < t.size() && t.get(j).isWord("IF") && t.get(j + 1).isWord("EXISTS")) j += 2;
            if (j >= t.size() || !t.get(j).isSymbol("(")) return Optional.of(new Plan(Kind.SPARK, null, name, List.of(), null, false, null, false));
            Map<String, String> values = new LinkedHashMap<>();
            List<String> keys = new ArrayList<>();
            j++;
            while (j < t.size() && !t.get(j).isSymbol(")")) {
                String key = propertyKey(t, j);
                if (key == null) return Optional.of(new Plan(Kind.SPARK, null, name, List.of(), null, false, null, false));
                j = keyEnd(t, j);
                if (set) {
                    if (j + 1 >= t.size() || !t.get(j).isSymbol("=")) return Optional.of(new Plan(Kind.SPARK, null, name, List.of(), null, false, null, false));
                    SqlToken v = t.get(j + 1);
                    values.put(key, v.kind() == SqlToken.Kind.STRING ? string(v) : v.text());
                    j += 2;
                } else {
                    keys.add(key);
                }
                if (j < t.size() && t.get(j).isSymbol(",")) j++;
            }
            if (j != t.size() - 1) return Optional.of(new Plan(Kind.SPARK, null, name, List.of(), null, false, null, false));
            return Optional.of(Plan.properties(name, values, keys));
        }
        return Optional.of(new Plan(Kind.SPARK, null, name, List.of(), null, false, null, false));
    }

    /**
     * The column definitions of {@code ADD COLUMNS (a T [COMMENT '...'], ...)} (or one without
     * parentheses), read as the column list of a CREATE TABLE on the AST; null when that cannot
     * be read (Spark runs the statement then), e.g. for positions ({@code FIRST}, {@code AFTER}).
     */
    private static List<ColumnDef> addedColumns(List<SqlToken> t) {
        if (t.isEmpty()) return null;
        List<SqlToken> defs = t.get(0).isSymbol("(") && t.get(t.size() - 1).isSymbol(")") ? t.subList(1, t.size() - 1) : t;
        for (SqlToken x : defs) if (x.isWord("FIRST") || x.isWord("AFTER")) return null;
        StringBuilder text = new StringBuilder("CREATE TABLE __minilake_add (");
        for (SqlToken x : defs) text.append(x.text()).append(' ');
        LexicalPass lexical = LexicalPass.apply(text.append(")").toString());
        try {
            Statements parsed = SqlParser.parse(lexical.text);
            if (parsed.size() != 1 || !(parsed.get(0) instanceof CreateTable ct) || ct.getColumnDefinitions() == null) return null;
            List<ColumnDef> out = new ArrayList<>();
            for (ColumnDefinition cd : ct.getColumnDefinitions()) out.add(column(cd, lexical));
            return out;
        } catch (JSQLParserException | RuntimeException e) {
            if (e instanceof UnsupportedConstructException u) throw u;
            return null;
        }
    }

    /** A property key at {@code i}: a string, or dotted words ({@code delta.appendOnly}); null otherwise. */
    private static String propertyKey(List<SqlToken> t, int i) {
        if (t.get(i).kind() == SqlToken.Kind.STRING) return string(t.get(i));
        if (!isName(t.get(i))) return null;
        StringBuilder b = new StringBuilder(t.get(i).identifier());
        for (int j = i + 1; j + 1 < t.size() && t.get(j).isSymbol(".") && isName(t.get(j + 1)); j += 2) b.append('.').append(t.get(j + 1).identifier());
        return b.toString();
    }

    private static int keyEnd(List<SqlToken> t, int i) {
        if (t.get(i).kind() == SqlToken.Kind.STRING) return i + 1;
        int j = i + 1;
        while (j + 1 < t.size() && t.get(j).isSymbol(".") && isName(t.get(j + 1))) j += 2;
        return j;
    }

    /** A dotted name starting at {@code at[0]}, lowercase; {@code at[0]} moves past it. */
    private static List<String> nameAt(List<SqlToken> t, int[] at) {
        List<String> parts = new ArrayList<>();
        int i = at[0];
        while (i < t.size() && isName(t.get(i))) {
            parts.add(t.get(i).identifier().toLowerCase(Locale.ROOT));
            i++;
            if (i < t.size() && t.get(i).isSymbol(".")) i++;
            else break;
        }
        at[0] = i;
        return parts;
    }

    /** Replaces {@code name VERSION|TIMESTAMP AS OF x} by a view name, on tokens, recording the pinned scans. */
    private static String timeTravel(String sql, String catalog, String schema, Resolver resolver, List<Scan> scans) {
        List<SqlToken> all = SqlTokenizer.tokenize(sql);
        List<Integer> sig = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) if (!all.get(i).isTrivia()) sig.add(i);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (int k = 0; k + 3 < sig.size(); k++) {
            SqlToken w = all.get(sig.get(k));
            boolean version = w.isWord("VERSION"), timestamp = w.isWord("TIMESTAMP");
            if (!(version || timestamp) || !all.get(sig.get(k + 1)).isWord("AS") || !all.get(sig.get(k + 2)).isWord("OF")) continue;
            SqlToken value = all.get(sig.get(k + 3));
            int start = k - 1;
            List<String> parts = new ArrayList<>();
            while (start >= 0 && isName(all.get(sig.get(start)))) {
                parts.add(0, all.get(sig.get(start)).identifier().toLowerCase(Locale.ROOT));
                if (start - 1 >= 0 && all.get(sig.get(start - 1)).isSymbol(".")) start -= 2;
                else break;
            }
            if (parts.isEmpty() || parts.size() > 3 || start < 0 && parts.isEmpty()) continue;
            if (start < 0) start = 0;
            if (!isName(all.get(sig.get(start)))) start++;
            List<String> name = qualify(parts, catalog, schema);
            if (!resolver.isDelta(name.get(0), name.get(1), name.get(2))) {
                throw new IllegalArgumentException("[UNSUPPORTED_FEATURE.TIME_TRAVEL] Time travel needs an EXTERNAL Delta table; `"
                        + String.join("`.`", name) + "` is not one");
            }
            Long v = null;
            String ts = null;
            if (version) {
                if (value.kind() != SqlToken.Kind.NUMBER) throw new UnsupportedConstructException("VERSION AS OF needs a number");
                v = Long.parseLong(value.text());
            } else {
                if (value.kind() != SqlToken.Kind.STRING) throw new UnsupportedConstructException("TIMESTAMP AS OF needs a string literal");
                ts = value.text().substring(1, value.text().length() - 1).replace("''", "'");
            }
            String view = "__delta_" + scans.size();
            scans.add(new Scan(view, name, v, ts));
            for (int i = copied; i < sig.get(start); i++) out.append(all.get(i).text());
            out.append(DuckDbEngine.quoteIdent(view));
            boolean userAlias = k + 4 < sig.size() && (all.get(sig.get(k + 4)).isWord("AS")
                    || isName(all.get(sig.get(k + 4))) && !CLAUSE_WORDS.contains(all.get(sig.get(k + 4)).text().toUpperCase(Locale.ROOT)));
            if (!userAlias) out.append(" AS ").append(DuckDbEngine.quoteIdent(parts.get(parts.size() - 1)));
            copied = sig.get(k + 3) + 1;
            k += 3;
        }
        for (int i = copied; i < all.size(); i++) out.append(all.get(i).text());
        return out.toString();
    }

    /** The formats of Spark's file sources, which Unity Catalog tables may have besides Delta. */
    public static final java.util.Set<String> FILE_FORMATS = java.util.Set.of("PARQUET", "CSV", "JSON", "ORC", "TEXT");

    private static Optional<Plan> create(CreateTable ct, LexicalPass lexical, String catalog, String schema, Resolver resolver) {
        Map<String, String> props = new LinkedHashMap<>();
        List<String> partitions = new ArrayList<>();
        String location = null, using = null, comment = null;
        List<String> words = ct.getTableOptionsStrings() == null ? List.of() : ct.getTableOptionsStrings();
        List<SqlToken> t = SqlTokenizer.significant(String.join(" ", words));
        for (int i = 0; i < t.size(); i++) {
            SqlToken w = t.get(i);
            if (w.isWord("USING") && i + 1 < t.size()) using = t.get(++i).text().toUpperCase(Locale.ROOT);
            else if (w.isWord("LOCATION") && i + 1 < t.size()) location = string(t.get(++i));
            else if (w.isWord("COMMENT") && i + 1 < t.size()) comment = string(t.get(++i));
            else if (w.isWord("PARTITIONED") && i + 2 < t.size() && t.get(i + 1).isWord("BY") && t.get(i + 2).isSymbol("(")) {
                i += 3;
                while (i < t.size() && !t.get(i).isSymbol(")")) {
                    if (isName(t.get(i))) partitions.add(t.get(i).identifier());
                    i++;
                }
            } else if (w.isWord("TBLPROPERTIES") && i + 1 < t.size() && t.get(i + 1).isSymbol("(")) {
                i += 2;
                while (i + 2 < t.size() && !t.get(i).isSymbol(")")) {
                    String k = string(t.get(i));
                    String v = t.get(i + 1).isSymbol("=") ? string(t.get(i + 2)) : null;
                    if (k != null && v != null) props.put(k, v);
                    i += 3;
                    if (i < t.size() && t.get(i).isSymbol(",")) i++;
                }
            }
        }
        List<String> name = qualify(ct.getTable(), catalog, schema);
        List<String> options = ct.getCreateOptionsStrings() == null ? List.of() : ct.getCreateOptionsStrings();
        boolean temporary = options.stream().anyMatch(o -> o.equalsIgnoreCase("TEMP") || o.equalsIgnoreCase("TEMPORARY"));
        if (location == null) {
            // a file-format table (USING parquet, csv, ...) is a Unity Catalog table Spark writes and reads
            if (!temporary && using != null && FILE_FORMATS.contains(using)) {
                throw new UnsupportedConstructException("CREATE TABLE ... USING " + using + " (Spark writes file-format tables)");
            }
            // a temporary table, or one USING a format Spark does not know either, stays DuckDB's own
            if (temporary || using != null && !using.equals("DELTA")) return Optional.empty();
            if (resolver.isDelta(name.get(0), name.get(1), name.get(2)) && !ct.isOrReplace()) {
                if (ct.isIfNotExists()) return Optional.of(new Plan(Kind.NOOP, null, name, List.of(), null, false, null, false));
                throw new IllegalArgumentException("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table or view `" + String.join("`.`", name)
                        + "` because it already exists.");
            }
        } else {
            if (using != null && !using.equals("DELTA")) {
                throw new UnsupportedConstructException("CREATE TABLE ... USING " + using + " LOCATION (only DELTA external tables)");
            }
            if (ct.getSelect() != null) throw new UnsupportedConstructException("CREATE TABLE ... LOCATION ... AS SELECT");
            if (ct.isOrReplace()) throw new UnsupportedConstructException("CREATE OR REPLACE TABLE ... LOCATION");
        }
        List<String> like = null;
        String query = ct.getSelect() == null ? null : lexical.restore(ct.getSelect().toString());
        for (int i = 0; i < t.size(); i++) {
            if (!t.get(i).isWord("CLONE")) continue;
            // [SHALLOW | DEEP] CLONE source: a MANAGED copy of the source's schema, partitioning and rows
            if (location != null || temporary) throw new UnsupportedConstructException("CLONE into an EXTERNAL or temporary table");
            int[] at = {i + 1};
            List<String> parts = nameAt(t, at);
            if (parts.isEmpty() || parts.size() > 3 || at[0] != t.size()) throw new UnsupportedConstructException("CLONE of a table at a version");
            like = qualify(parts, catalog, schema);
            query = "SELECT * FROM " + String.join(".", like.stream().map(DuckDbEngine::quoteIdent).toList());
        }
        if (like == null && ct.getLikeTable() != null) {
            if (location != null || temporary) return Optional.empty();
            like = qualify(ct.getLikeTable(), catalog, schema);
        }
        List<ColumnDef> cols = new ArrayList<>();
        if (ct.getColumnDefinitions() != null) {
            for (ColumnDefinition cd : ct.getColumnDefinitions()) cols.add(column(cd, lexical));
        }
        if (location == null && cols.isEmpty() && query == null && like == null) return Optional.empty();
        return Optional.of(new Plan(Kind.CREATE, null, name, List.of(),
                new Create(name, ct.isIfNotExists(), location, using, cols, partitions, comment, props, ct.isOrReplace(), query, like),
                false, null, false));
    }

    private static ColumnDef column(ColumnDefinition cd, LexicalPass lexical) {
        String raw = cd.getColDataType().toString();
        String type;
        if (lexical.placeholders.containsKey(raw.trim())) {
            type = TypeMapping.toSparkDdl(lexical.placeholderTypes.get(raw.trim()));
        } else {
            DataType dt;
            try {
                dt = TypeMapping.parseSpark(raw.replace(" ", ""));
            } catch (TypeParseException e) {
                try {
                    dt = TypeMapping.parseDuckDb(raw);
                } catch (TypeParseException e2) {
                    throw new UnsupportedConstructException("column type " + raw);
                }
            }
            type = TypeMapping.toSparkDdl(dt);
        }
        boolean nullable = true;
        String comment = null;
        List<String> specs = cd.getColumnSpecs() == null ? List.of() : cd.getColumnSpecs();
        for (int i = 0; i < specs.size(); i++) {
            String spec = specs.get(i).toUpperCase(Locale.ROOT);
            if (spec.equals("DEFAULT") || spec.equals("GENERATED") || spec.equals("IDENTITY") || spec.equals("AUTOINCREMENT")) {
                throw new UnsupportedConstructException("column " + spec + " on a Delta table (MiniLake writes only the values given)");
            }
            if (specs.get(i).equalsIgnoreCase("NOT") && i + 1 < specs.size() && specs.get(i + 1).equalsIgnoreCase("NULL")) nullable = false;
            if (specs.get(i).equalsIgnoreCase("COMMENT") && i + 1 < specs.size()) {
                List<SqlToken> s = SqlTokenizer.significant(specs.get(i + 1));
                if (!s.isEmpty()) comment = string(s.get(0));
            }
        }
        return new ColumnDef(unquote(cd.getColumnName()), type, nullable, comment);
    }

    private static void rename(Table table, String name, boolean alias) {
        String original = unquote(table.getName());
        if (alias && table.getAlias() == null) table.setAlias(new Alias(DuckDbEngine.quoteIdent(original), false));
        table.setName(DuckDbEngine.quoteIdent(name));
        table.setSchemaName(null);
        table.setDatabaseName(null);
    }

    private static List<String> qualify(Table t, String catalog, String schema) {
        List<String> parts = new ArrayList<>();
        if (t.getDatabaseName() != null && !t.getDatabaseName().isEmpty()) parts.add(unquote(t.getDatabaseName()).toLowerCase(Locale.ROOT));
        if (t.getSchemaName() != null && !t.getSchemaName().isEmpty()) parts.add(unquote(t.getSchemaName()).toLowerCase(Locale.ROOT));
        parts.add(unquote(t.getName()).toLowerCase(Locale.ROOT));
        return qualify(parts, catalog, schema);
    }

    private static List<String> qualify(List<String> parts, String catalog, String schema) {
        return switch (parts.size()) {
            case 1 -> List.of(lower(catalog), lower(schema), parts.get(0));
            case 2 -> List.of(lower(catalog), parts.get(0), parts.get(1));
            default -> List.copyOf(parts);
        };
    }

    private static String lower(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }

    private static boolean isName(SqlToken t) {
        return t.kind() == SqlToken.Kind.WORD || t.kind() == SqlToken.Kind.QUOTED || t.kind() == SqlToken.Kind.BACKTICK;
    }

    private static String string(SqlToken t) {
        if (t.kind() != SqlToken.Kind.STRING) return null;
        return t.text().substring(1, t.text().length() - 1).replace("''", "'");
    }

    private static String unquote(String s) {
        if (s == null) return null;
        return s.length() > 1 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("`") && s.endsWith("`"))
                ? s.substring(1, s.length() - 1) : s;
    }
}
