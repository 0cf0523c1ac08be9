package dev.minilake.engines.sqltranslate;

import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.Modulo;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.TableFunction;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Result columns named as Spark names them, not as DuckDB does: an unaliased {@code count(*)} is
 * {@code count(1)}, {@code upper('a')} is {@code upper(a)}, {@code 1 + 1} is {@code (1 + 1)}, and
 * Spark's {@code range(n)} yields a column {@code id}. Names are computed from the statement as the
 * user wrote it (before functions are translated) and set as quoted aliases on the AST. An
 * expression whose Spark name is not known here keeps DuckDB's name rather than a guess.
 */
final class SparkColumnNames {
    private final UnaryOperator<String> restoreText;

    private SparkColumnNames(UnaryOperator<String> restoreText) {
        this.restoreText = restoreText;
    }

    /**
     * Names the result columns of a query statement (the outermost select, or the first branch of a set operation);
     * {@code restoreText} turns the lexical pass's placeholders back into the text the user wrote.
     */
    static void apply(Select select, UnaryOperator<String> restoreText) {
        PlainSelect plain = outermost(select);
        if (plain == null) return;
        SparkColumnNames names = new SparkColumnNames(restoreText);
        for (SelectItem<?> item : plain.getSelectItems()) {
            if (item.getAlias() != null || item.getExpression() instanceof Column || item.getExpression() instanceof AllColumns) continue;
            String name = names.name(item.getExpression());
            if (name != null) item.setAlias(new Alias('"' + name.replace("\"", "\"\"") + '"', true));
        }
    }

    private static PlainSelect outermost(Select select) {
        if (select instanceof PlainSelect p) return p;
        if (select instanceof SetOperationList s && !s.getSelects().isEmpty()) return outermost(s.getSelects().get(0));
        return null;
    }

    /** Spark's {@code range(...)} table function has one column, {@code id}; DuckDB's is {@code range}. */
    static void nameRangeColumn(TableFunction tf) {
        if (tf.getFunction() == null || !"range".equalsIgnoreCase(tf.getFunction().getName())) return;
        Alias alias = tf.getAlias();
        if (alias == null) {
            tf.setAlias(new Alias("range", false).addAliasColumns("id"));
        } else if (alias.getAliasColumns() == null || alias.getAliasColumns().isEmpty()) {
            alias.addAliasColumns("id");
        }
    }

    /** Spark's name for an expression, or null where this does not know it. */
    String name(Expression e) {
        if (e instanceof Column c) return unquote(c.getColumnName());
        if (e instanceof StringValue s) return s.getValue().replace("''", "'");
        if (e instanceof LongValue l) return l.getStringValue();
        if (e instanceof DoubleValue d) return d.toString();
        if (e instanceof NullValue) return "NULL";
        if (e instanceof Function f) return function(f);
        if (e instanceof CastExpression c && c.getColDataType() != null) {
            String inner = name(c.getLeftExpression());
            // the lexical pass hid complex types behind placeholders: the name shows the type as written
            return inner == null ? null : "CAST(" + inner + " AS " + restoreText.apply(c.getColDataType().toString()).toUpperCase(Locale.ROOT) + ")";
        }
        if (e instanceof ParenthesedExpressionList<?> p && p.size() == 1) return name(p.get(0));
        String op = e instanceof Addition ? "+" : e instanceof Subtraction ? "-" : e instanceof Multiplication ? "*"
                : e instanceof Division ? "/" : e instanceof Modulo ? "%" : null;
        if (op != null) {
            var b = (net.sf.jsqlparser.expression.BinaryExpression) e;
            String l = name(b.getLeftExpression());
            String r = name(b.getRightExpression());
            return l == null || r == null ? null : "(" + l + " " + op + " " + r + ")";
        }
        return null;
    }

    /** Generators: Spark names their output columns (col, key, value, pos), not after the call. */
    private static final java.util.Set<String> GENERATORS = java.util.Set.of("explode", "explode_outer", "posexplode",
            "posexplode_outer", "inline", "inline_outer", "stack", "unnest", "json_tuple");

    private String function(Function f) {
        if (f.getName() == null || f.getName().contains(".")) return null;
        String fn = f.getName().toLowerCase(Locale.ROOT);
        if ((fn.equals("explode") || fn.equals("explode_outer")) && f.getParameters() != null && f.getParameters().size() == 1
                && !(f.getParameters().get(0) instanceof Function m && "map".equalsIgnoreCase(m.getName()))) {
            return "col"; // an array's elements; a map's entries would be two columns, key and value
        }
        if (GENERATORS.contains(fn)) return null;
        if (f.isAllColumns() || isStar(f.getParameters())) return fn.equals("count") ? "count(1)" : null;
        List<String> args = new ArrayList<>();
        ExpressionList<?> params = f.getParameters();
        if (params != null) {
            for (Expression arg : params) {
                String n = name(arg);
                if (n == null) return null;
                args.add(n);
            }
        }
        return fn + "(" + (f.isDistinct() ? "DISTINCT " : "") + String.join(", ", args) + ")";
    }

    private static boolean isStar(ExpressionList<?> params) {
        return params != null && params.size() == 1 && params.get(0) instanceof AllColumns;
    }

    private static String unquote(String s) {
        if (s.length() > 1 && (s.startsWith("`") && s.endsWith("`") || s.startsWith("\"") && s.endsWith("\""))) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }
}
