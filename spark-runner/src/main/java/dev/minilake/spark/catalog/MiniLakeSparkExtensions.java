package dev.minilake.spark.catalog;

import org.apache.spark.sql.SparkSessionExtensions;
import org.apache.spark.sql.SparkSessionExtensionsProvider;
import scala.runtime.BoxedUnit;

/**
 * {@code spark.sql.extensions=dev.minilake.spark.catalog.MiniLakeSparkExtensions} (beside Delta's) plus
 * {@code spark.minilake.uri}: every MiniLake catalog becomes a Spark catalog, including catalogs
 * created while Spark runs. Without it, configure {@code spark.sql.catalog.<name>} per catalog.
 */
public class MiniLakeSparkExtensions implements SparkSessionExtensionsProvider {
    @Override
    public BoxedUnit apply(SparkSessionExtensions extensions) {
        extensions.injectParser((session, parser) -> new RefreshingParser(parser, new CatalogRegistrar(session)));
        return BoxedUnit.UNIT;
    }
}
