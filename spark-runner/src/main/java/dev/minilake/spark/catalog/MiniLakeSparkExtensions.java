package dev.minilake.spark.catalog;

import dev.minilake.spark.sandbox.SqlSandbox;
import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.SparkSessionExtensionsProvider;
import scala.runtime.BoxedUnit;

/**
 * {@code spark.sql.extensions=dev.minilake.spark.catalog.MiniLakeSparkExtensions} (beside Delta's) plus
 * {@code spark.minilake.uri}: every MiniLake catalog becomes a Spark catalog, including catalogs
 * created while Spark runs. Without it, configure {@code spark.sql.catalog.<name>} per catalog. It also
 * installs the SQL sandbox's check rule ({@link SqlSandbox}).
 */
public class MiniLakeSparkExtensions implements SparkSessionExtensionsProvider {
    @Override
    public BoxedUnit apply(SparkSessionExtensions extensions) {
        extensions.injectParser((session, parser) -> new RefreshingParser(parser, new CatalogRegistrar(session), session));
        // a relation Spark could not resolve that is a Unity Catalog view becomes the view's query
        extensions.injectResolutionRule(ExpandUcViews::new);
        // runs on every analysed plan before any command executes; it acts only on the SQL endpoint's sessions
        extensions.injectCheckRule(session -> plan -> {
            SqlSandbox.check(session, plan);
            return BoxedUnit.UNIT;
        });
        return BoxedUnit.UNIT;
    }
}
