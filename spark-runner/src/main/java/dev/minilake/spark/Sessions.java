package dev.minilake.spark;

import dev.minilake.spark.catalog.MiniLakeCatalog;
import dev.minilake.spark.catalog.MiniLakeSparkExtensions;
import org.apache.spark.sql.SparkSession;

import java.nio.file.Path;

/** The one Spark session set-up: Delta, MiniLake's UC catalogs, small-machine defaults. */
final class Sessions {
    private Sessions() {
    }

    static SparkSession.Builder builder(String master, String uri, String token, Path dataDir) {
        SparkSession.Builder b = SparkSession.builder()
                .master(master)
                .appName("minilake-spark")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.sql.adaptive.enabled", "true")
                .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension," + MiniLakeSparkExtensions.class.getName())
                .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
                .config(MiniLakeCatalog.CONF_URI, uri)
                .config("spark.sql.warehouse.dir", dataDir.resolve("spark-warehouse").toUri().toString())
                .config("spark.local.dir", dataDir.resolve("spark-tmp").toString())
                .config("spark.sql.session.timeZone", "UTC")
                .config("spark.sql.ansi.enabled", "true"); // as on Databricks SQL
        if (token != null && !token.isBlank()) b.config(MiniLakeCatalog.CONF_TOKEN, token);
        return b;
    }
}
