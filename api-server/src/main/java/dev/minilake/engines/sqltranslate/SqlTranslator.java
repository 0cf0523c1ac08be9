package dev.minilake.engines.sqltranslate;

import dev.minilake.engines.sqltranslate.Translation.DuckSql;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.UseStatement;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.alter.Alter;
import net.sf.jsqlparser.statement.alter.AlterExpression;
import net.sf.jsqlparser.statement.alter.AlterOperation;
import net.sf.jsqlparser.statement.comment.Comment;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
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
        return translate(ParsedSql.of(sql), volumes);
    }

    /** As {@link #translate(String, VolumePaths)}, from the statement's one parse, whose AST it rewrites. */
    public static Translation translate(ParsedSql parsed, VolumePaths volumes) {
        String withTable = DeltaStatements.overwriteTable(parsed.text()); // INSERT OVERWRITE t: JSqlParser wants TABLE
        if (!withTable.equals(parsed.text())) parsed = ParsedSql.of(withTable);
        Optional<Command> command = CommandRecognizer.recognize(parsed.significant());
        if (command.isPresent()) return Translation.command(command.get());
        LexicalPass lexical = parsed.lexical();
        Statement st;
        try {
            Statements all = parsed.statements();
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
        List<Translation.InformationSchemaRef> infoSchema = InformationSchemaNames.rewrite(st);
        CatalogNames.rewrite(st);
        if (st instanceof Select query) SparkColumnNames.apply(query, lexical::restoreWritten);
        List<Comment> columnComments = new ArrayList<>();
        if (st instanceof CreateTable ct) {
            stripTableOptions(ct, options);
            if (ct.getColumnDefinitions() != null) {
                for (ColumnDefinition cd : ct.getColumnDefinitions()) takeComment(ct.getTable(), cd).ifPresent(columnComments::add);
            }
        }
        if (st instanceof Alter alter && addsColumns(alter)) {
            // Spark's ADD COLUMNS (a T, b U) is one DuckDB ADD COLUMN per column
            for (AlterExpression.ColumnDataType column : alter.getAlterExpressions().get(0).getColDataTypeList()) {
                Optional<Comment> comment = takeComment(alter.getTable(), column);
                AlterExpression add = new AlterExpression();
                add.setOperation(AlterOperation.ADD);
                add.hasColumn(true);
                add.addColDataType(column);
                Alter one = new Alter();
                one.setTable(alter.getTable());
                one.setAlterExpressions(new ArrayList<>(List.of(add)));
                out.add(deparse(one, lexical, volumes));
                comment.ifPresent(c -> out.add(deparse(c, lexical, volumes)));
            }
            return new Translation(StatementKind.DDL, null, out, options, true);
        }
        if (st instanceof Insert ins && ins.isOverwrite()) {
            out.add(new DuckSql("DELETE FROM " + ins.getTable().getFullyQualifiedName(), List.of()));
            ins.setOverwrite(false);
            ins.setTableKeyword(false);
        }
        out.add(deparse(st, lexical, volumes));
        for (Comment c : columnComments) out.add(deparse(c, lexical, volumes));
        return new Translation(classify(st), null, out, options, true, infoSchema);
    }

    /**
     * Takes a column's {@code COMMENT 'text'} out of its definition (DuckDB has no column comment in
     * DDL) and returns it as {@code COMMENT ON COLUMN}, which DuckDB keeps and Unity Catalog reads back.
     */
    private static Optional<Comment> takeComment(Table table, ColumnDefinition column) {
        List<String> specs = column.getColumnSpecs();
        if (specs == null) return Optional.empty();
        for (int i = 0; i + 1 < specs.size(); i++) {
            String text = specs.get(i + 1);
            if (!specs.get(i).equalsIgnoreCase("COMMENT") || text.length() < 2 || !text.startsWith("'") || !text.endsWith("'")) continue;
            List<String> rest = new ArrayList<>(specs);
            rest.remove(i + 1);
            rest.remove(i);
            column.setColumnSpecs(rest.isEmpty() ? null : rest);
            Comment comment = new Comment();
            comment.setColumn(new Column(table, column.getColumnName()));
            comment.setComment(new StringValue(text.substring(1, text.length() - 1)));
            return Optional.of(comment);
        }
        return Optional.empty();
    }

    /** One ALTER TABLE ... ADD [COLUMNS] (a T, ...) with nothing else in it. */
    private static boolean addsColumns(Alter alter) {
        List<AlterExpression> expressions = alter.getAlterExpressions();
        return expressions != null && expressions.size() == 1 && expressions.get(0).getOperation() == AlterOperation.ADD
                && expressions.get(0).getColDataTypeList() != null && !expressions.get(0).getColDataTypeList().isEmpty();
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
                SparkJoins.rewrite(select); // LATERAL VIEW and JOIN without ON, which DuckDB lacks
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
