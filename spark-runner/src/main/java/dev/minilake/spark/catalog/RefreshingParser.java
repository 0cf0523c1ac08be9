package dev.minilake.spark.catalog;

import dev.minilake.spark.sandbox.SqlSandbox;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.FunctionIdentifier;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.parser.ParserInterface;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * Spark's parser, unchanged, except that names are about to be resolved: catalogs are refreshed
 * first. A confined session's direct file queries are checked here too ({@link SqlSandbox#checkParsed}),
 * because Spark reads their files while it analyses the plan.
 */
final class RefreshingParser implements ParserInterface {
    private final ParserInterface delegate;
    private final CatalogRegistrar registrar;
    private final SparkSession session;

    RefreshingParser(ParserInterface delegate, CatalogRegistrar registrar, SparkSession session) {
        this.delegate = delegate;
        this.registrar = registrar;
        this.session = session;
    }

    @Override
    public LogicalPlan parsePlan(String sqlText) throws org.apache.spark.sql.catalyst.parser.ParseException {
        registrar.refreshIfStale();
        LogicalPlan plan = delegate.parsePlan(sqlText);
        SqlSandbox.checkParsed(session, plan);
        return plan;
    }

    @Override
    public LogicalPlan parseQuery(String sqlText) throws org.apache.spark.sql.catalyst.parser.ParseException {
        registrar.refreshIfStale();
        LogicalPlan plan = delegate.parseQuery(sqlText);
        SqlSandbox.checkParsed(session, plan);
        return plan;
    }

    @Override
    public scala.collection.immutable.Seq<String> parseMultipartIdentifier(String sqlText) throws org.apache.spark.sql.catalyst.parser.ParseException {
        registrar.refreshIfStale();
        return delegate.parseMultipartIdentifier(sqlText);
    }

    @Override
    public TableIdentifier parseTableIdentifier(String sqlText) throws org.apache.spark.sql.catalyst.parser.ParseException {
        registrar.refreshIfStale();
        return delegate.parseTableIdentifier(sqlText);
    }

    @Override
    public Expression parseExpression(String sqlText) throws org.apache.spark.sql.catalyst.parser.ParseException {
        return delegate.parseExpression(sqlText);
    }

    @Override
    public FunctionIdentifier parseFunctionIdentifier(String sqlText) throws org.apache.spark.sql.catalyst.parser.ParseException {
        return delegate.parseFunctionIdentifier(sqlText);
    }

    @Override
    public StructType parseRoutineParam(String sqlText) throws org.apache.spark.sql.catalyst.parser.ParseException {
        return delegate.parseRoutineParam(sqlText);
    }

    @Override
    public StructType parseTableSchema(String sqlText) throws org.apache.spark.sql.catalyst.parser.ParseException {
        return delegate.parseTableSchema(sqlText);
    }

    @Override
    public DataType parseDataType(String sqlText) throws org.apache.spark.sql.catalyst.parser.ParseException {
        return delegate.parseDataType(sqlText);
    }
}
