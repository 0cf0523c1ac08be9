package dev.minilake.engines.sqltranslate;

import dev.minilake.engines.sqltranslate.Translation.DuckSql;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.UseStatement;
import net.sf.jsqlparser.statement.alter.Alter;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.merge.Merge;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.util.deparser.SelectDeParser;
import net.sf.jsqlparser.util.deparser.StatementDeParser;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Databricks SQL to DuckDB, on JSqlParser's AST. Commands (SHOW, DESCRIBE, USE) are recognized on
 * tokens first; SQL that JSqlParser cannot parse goes to DuckDB unchanged (apart from the lexical
 * pass), so DuckDB reports its own error or runs its own syntax (e.g. MERGE ... UPDATE SET *).
 */
public final class SqlTranslator {
    private static final List<String> OPTION_KEYWORDS = List.of("USING", "COMMENT", "PARTITIONED", "CLUSTER",
            "TBLPROPERTIES", "LOCATION", "OPTIONS");

    private SqlTranslator() {
    }

    public static Translation translate(String sql) {
        return translate(sql, VolumePaths.NONE);
    }

    /** As {@link #translate(String)}, with /Volumes/... paths in file functions mapped by {@code volumes}. */
    public static Translation translate(String sql, VolumePaths volumes) {
        Optional<Command> command = CommandRecognizer.recognize(sql);
        if (command.isPresent()) return Translation.command(command.get());
        LexicalPass lexical = LexicalPass.apply(sql);
        Statement st;
        try {
            Statements all = SqlParser.parse(lexical.text);
            if (all.size() > 1) throw new UnsupportedConstructException("more than one statement in one request");
            if (all.isEmpty()) return passThrough(lexical);
            st = all.get(0);
        } catch (JSQLParserException | RuntimeException e) {
            if (e instanceof UnsupportedConstructException u) throw u;
            return passThrough(lexical);
        }
        if (st instanceof UseStatement use) {
            String[] parts = use.getName().split("\\.");
            return Translation.command(parts.length == 2 ? new Command.Use(unquote(parts[0]), unquote(parts[1]))
                    : new Command.Use(null, unquote(parts[0])));
        }
        try {
            return translate(st, lexical, volumes);
        } catch (UnsupportedConstructException e) {
            throw e;
        } catch (RuntimeException e) {
            // JSqlParser's deparser fails on a few forms it parses (ROWS 1 PRECEDING): not for DuckDB then, Spark may run it
            throw new UnsupportedConstructException("a form the translator cannot write for DuckDB (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static Translation translate(Statement st, LexicalPass lexical, VolumePaths volumes) {
        Map<String, String> options = new LinkedHashMap<>();
        List<DuckSql> out = new ArrayList<>();
        CatalogNames.rewrite(st);
        if (st instanceof Select query) SparkColumnNames.apply(query, lexical::restoreWritten);
        if (st instanceof CreateTable ct) stripTableOptions(ct, options);
        if (st instanceof Insert ins && ins.isOverwrite()) {
            out.add(new DuckSql("DELETE FROM " + ins.getTable().getFullyQualifiedName(), List.of()));
            ins.setOverwrite(false);
            ins.setTableKeyword(false);
        }
        out.add(deparse(st, lexical, volumes));
        return new Translation(classify(st), null, out, options, true);
    }

    private static DuckSql deparse(Statement st, LexicalPass lexical, VolumePaths volumes) {
        StringBuilder buffer = new StringBuilder();
        SparkFunctionDeParser expressions = new SparkFunctionDeParser(volumes);
        SelectDeParser selects = new SelectDeParser(expressions, buffer) {
            @Override
            public <S> StringBuilder visit(net.sf.jsqlparser.statement.select.TableFunction function, S context) {
                SparkColumnNames.nameRangeColumn(function);
                return super.visit(function, context);
            }

            @Override
            public <S> StringBuilder visit(PlainSelect select, S context) {
                if (select.getLateralViews() != null && !select.getLateralViews().isEmpty()) {
                    throw new UnsupportedConstructException("LATERAL VIEW (use unnest() in the select list or FROM)");
                }
                return super.visit(select, context);
            }
        };
        expressions.setSelectVisitor(selects);
        expressions.setBuilder(buffer);
        st.accept(new StatementDeParser(expressions, selects, buffer), null);
        return new DuckSql(lexical.restore(buffer.toString()), List.copyOf(expressions.parameterNames));
    }

    private static Translation passThrough(LexicalPass lexical) {
        List<String> names = new ArrayList<>();
        String sql = lexical.restore(LexicalPass.bindNamedParameters(lexical.text, names));
        return new Translation(classifyByFirstWord(sql), null, List.of(new DuckSql(sql, names)), Map.of(), false);
    }

    /** Moves Delta/Spark table options out of the DDL: DuckDB has none of them. */
    private static void stripTableOptions(CreateTable ct, Map<String, String> options) {
        List<String> words = new ArrayList<>();
        if (ct.getTableOptionsStrings() != null) words.addAll(ct.getTableOptionsStrings());
        ct.setTableOptionsStrings(null);
        String key = null;
        StringBuilder value = new StringBuilder();
        for (String w : words) {
            String upper = w.toUpperCase(Locale.ROOT);
            if (OPTION_KEYWORDS.contains(upper)) {
                if (key != null) options.put(key, value.toString().trim());
                key = upper.toLowerCase(Locale.ROOT);
                value.setLength(0);
            } else if (key == null) {
                throw new UnsupportedConstructException("table option " + w);
            } else if (!(upper.equals("BY") && value.length() == 0)) {
                value.append(value.length() == 0 ? "" : " ").append(w);
            }
        }
        if (key != null) options.put(key, value.toString().trim());
        if (options.containsKey("partitioned")) options.put("partitioned_by", options.remove("partitioned"));
        if (options.containsKey("cluster")) options.put("cluster_by", options.remove("cluster"));
    }

    static StatementKind classify(Statement st) {
        if (st instanceof Select) return StatementKind.QUERY;
        if (st instanceof Insert || st instanceof Update || st instanceof Delete || st instanceof Merge) return StatementKind.DML;
        String name = st.getClass().getPackageName();
        if (st instanceof Alter || name.contains(".create.") || name.contains(".drop") || name.contains(".truncate")
                || name.contains(".comment")) return StatementKind.DDL;
        return StatementKind.OTHER;
    }

    private static StatementKind classifyByFirstWord(String sql) {
        List<SqlToken> t = SqlTokenizer.significant(sql);
        String first = t.isEmpty() ? "" : t.get(0).text().toUpperCase(Locale.ROOT);
        return switch (first) {
            case "SELECT", "WITH", "VALUES", "FROM", "TABLE", "(" -> StatementKind.QUERY;
            case "INSERT", "UPDATE", "DELETE", "MERGE" -> StatementKind.DML;
            case "CREATE", "DROP", "ALTER", "TRUNCATE", "COMMENT" -> StatementKind.DDL;
            default -> StatementKind.OTHER;
        };
    }

    private static String unquote(String s) {
        return s.startsWith("\"") && s.endsWith("\"") && s.length() > 1 ? s.substring(1, s.length() - 1).replace("\"\"", "\"") : s;
    }
}
