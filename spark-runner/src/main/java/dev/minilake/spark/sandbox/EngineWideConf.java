package dev.minilake.spark.sandbox;

import org.apache.spark.sql.internal.SQLConf;

import java.util.List;
import java.util.Locale;

/**
 * Configurations a statement's session may never take: the ones that would change the shared
 * Spark (static and core settings, catalogs, extensions, Hadoop file systems, MiniLake's own) or
 * reach files (the warehouse and local directories). Checked by Spark's own notion of a static
 * configuration plus these prefixes.
 */
public final class EngineWideConf {
    private static final List<String> PREFIXES = List.of("spark.minilake.", "spark.hadoop.", "spark.sql.catalog.",
            "spark.sql.extensions", "spark.sql.warehouse.dir", "spark.sql.variable.substitute", "spark.sql.runsqlonfiles", "spark.driver.",
            "spark.executor.", "spark.plugins", "spark.connect.", "spark.jars", "spark.files", "spark.archives",
            "spark.local.dir", "spark.submit.", "spark.master", "spark.sql.streaming.checkpointlocation",
            "spark.delta.logstore.", "spark.databricks.delta.logstore.", "spark.redaction.");

    private EngineWideConf() {
    }

    public static boolean isEngineWide(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        for (String p : PREFIXES) if (k.startsWith(p)) return true;
        return SQLConf.isStaticConfigKey(key);
    }
}
