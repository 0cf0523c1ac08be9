package dev.minilake.spark.catalog;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.internal.SQLConf;

import java.util.List;

/**
 * Registers every MiniLake catalog as {@code spark.sql.catalog.<name>} in a session, so that
 * {@code cat.sch.tbl} resolves for catalogs created after Spark started. Entries the user set
 * are left alone. Refreshed at most every {@link #TTL_NANOS}, when a statement is parsed.
 */
public final class CatalogRegistrar {
    static final long TTL_NANOS = 250_000_000L;

    private final SparkSession session;
    private volatile long lastRefresh;

    public CatalogRegistrar(SparkSession session) {
        this.session = session;
    }

    public void refreshIfStale() {
        long now = System.nanoTime();
        if (lastRefresh != 0 && now - lastRefresh < TTL_NANOS) return;
        lastRefresh = now;
        SQLConf conf = session.sessionState().conf();
        String uri = conf.getConfString(MiniLakeCatalog.CONF_URI, "");
        if (uri.isBlank()) return;
        List<String> catalogs;
        try {
            catalogs = new UcClient(uri, conf.getConfString(MiniLakeCatalog.CONF_TOKEN, System.getenv("DATABRICKS_TOKEN"))).listCatalogs();
        } catch (RuntimeException e) {
            System.err.println("MiniLake catalogs not refreshed from " + uri + ": " + e);
            return; // MiniLake unreachable: names resolve as before, and the query says what is missing
        }
        for (String c : catalogs) register(conf, c, uri);
    }

    static void register(SQLConf conf, String catalog, String uri) {
        if (catalog.equalsIgnoreCase("spark_catalog")) return;
        String key = "spark.sql.catalog." + catalog;
        if (conf.contains(key)) return;
        conf.setConfString(key + ".uri", uri);
        conf.setConfString(key, MiniLakeCatalog.class.getName());
    }
}
