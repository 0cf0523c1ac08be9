package dev.minilake.engines.sqltranslate;

import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.LateralSubSelect;
import net.sf.jsqlparser.statement.select.LateralView;
import net.sf.jsqlparser.statement.select.PlainSelect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Spark's join forms DuckDB lacks, rewritten on the AST of one SELECT:
 * <ul>
 *   <li>{@code a JOIN b} with no ON or USING is Spark's cross join; DuckDB refuses it.</li>
 *   <li>{@code LATERAL VIEW [OUTER] explode(e) t AS c} (and {@code posexplode}, and {@code explode}
 *   of a map with two column names) becomes a join with {@code LATERAL (SELECT unnest(e) AS c) t};
 *   OUTER keeps the row with NULLs when there is nothing to explode, as a LEFT JOIN ... ON true.</li>
 * </ul>
 * A generator this does not know stays unsupported on DuckDB (and a read goes to Spark).
 */
final class SparkJoins {
    private SparkJoins() {
    }

    static void rewrite(PlainSelect select) {
        crossJoinsWithoutCondition(select);
        if (select.getLateralViews() == null || select.getLateralViews().isEmpty()) return;
        List<Join> joins = select.getJoins() == null ? new ArrayList<>() : new ArrayList<>(select.getJoins());
        int n = 0;
        for (LateralView view : select.getLateralViews()) joins.add(join(view, n++));
        select.setLateralViews(null);
        select.setJoins(joins);
    }

    private static void crossJoinsWithoutCondition(PlainSelect select) {
        if (select.getJoins() == null) return;
        for (Join j : select.getJoins()) {
            boolean conditionless = (j.getOnExpressions() == null || j.getOnExpressions().isEmpty())
                    && (j.getUsingColumns() == null || j.getUsingColumns().isEmpty());
            boolean plain = !j.isSimple() && !j.isCross() && !j.isNatural() && !j.isLeft() && !j.isRight() && !j.isFull()
                    && !j.isOuter() && !j.isSemi() && !j.isApply() && !j.isStraight() && !j.isWindowJoin();
            if (conditionless && plain) {
                j.setInner(false);
                j.setCross(true);
            }
        }
    }

    private static Join join(LateralView view, int n) {
        Function generator = view.getGeneratorFunction();
        String name = generator.getName().toLowerCase(Locale.ROOT);
        List<String> columns = new ArrayList<>();
        if (view.getColumnAlias() != null) {
            if (view.getColumnAlias().getAliasColumns() != null) view.getColumnAlias().getAliasColumns().forEach(c -> columns.add(c.name));
            else if (view.getColumnAlias().getName() != null) columns.add(view.getColumnAlias().getName());
        }
        Expression input = single(generator);
        PlainSelect rows = new PlainSelect();
        if (name.equals("explode") && columns.size() <= 1) {
            rows.addSelectItem(call("unnest", input), new Alias(columns.isEmpty() ? "col" : columns.get(0)));
        } else if (name.equals("explode") && columns.size() == 2) {
            // a map: its keys and values side by side
            rows.addSelectItem(call("unnest", call("map_keys", input)), new Alias(columns.get(0)));
            rows.addSelectItem(call("unnest", call("map_values", input)), new Alias(columns.get(1)));
        } else if (name.equals("posexplode") && columns.size() == 2) {
            // Spark counts positions from 0
            rows.addSelectItem(new Subtraction().withLeftExpression(call("generate_subscripts", input, new LongValue(1)))
                    .withRightExpression(new LongValue(1)), new Alias(columns.get(0)));
            rows.addSelectItem(call("unnest", input), new Alias(columns.get(1)));
        } else {
            throw new UnsupportedConstructException("LATERAL VIEW " + generator.getName() + " with " + columns.size() + " column name(s)");
        }
        Alias table = view.getTableAlias() != null ? view.getTableAlias() : new Alias("__lateral_view_" + n);
        Join join = new Join();
        join.setFromItem(new LateralSubSelect(rows, table));
        if (view.isUsingOuter()) {
            join.setLeft(true);
            join.setOnExpressions(List.of(alwaysTrue()));
        } else {
            join.setCross(true);
        }
        return join;
    }

    private static Expression single(Function f) {
        ExpressionList<?> args = f.getParameters();
        if (args == null || args.size() != 1) {
            throw new UnsupportedConstructException("LATERAL VIEW " + f.getName() + " with " + (args == null ? 0 : args.size()) + " arguments");
        }
        return args.get(0);
    }

    private static Function call(String name, Expression... args) {
        return new Function(name, args);
    }

    private static BinaryExpression alwaysTrue() {
        return new EqualsTo(new LongValue(1), new LongValue(1));
    }
}
