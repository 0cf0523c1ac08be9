package dev.minilake.engines.sqltranslate;

import java.util.List;
import java.util.Locale;

/**
 * Spark configurations a {@code SET} may not give a session: those that would change the shared
 * warm Spark (core, catalog, extension and Hadoop file-system settings, MiniLake's own) or point it
 * at files. The warm Spark's sandbox skips the same keys (spark-runner's EngineWideConf, which also
 * asks Spark which keys are static), so this list is the user-facing refusal and that one the backstop.
 */
public final class EngineWideConfs {
    private static final List<String> PREFIXES = List.of("spark.minilake.", "spark.hadoop.", "spark.sql.catalog.",
            "spark.sql.extensions", "spark.sql.warehouse.dir", "spark.sql.variable.substitute", "spark.sql.runsqlonfiles", "spark.driver.",
            "spark.executor.", "spark.plugins", "spark.connect.", "spark.jars", "spark.files", "spark.archives",
            "spark.local.dir", "spark.submit.", "spark.master", "spark.sql.streaming.checkpointlocation",
            "spark.delta.logstore.", "spark.databricks.delta.logstore.", "spark.redaction.", "spark.sql.catalogimplementation");

    private EngineWideConfs() {
    }

    public static boolean isEngineWide(String key) {
        String k = key.toLowerCase(Locale.ROOT).trim();
        for (String p : PREFIXES) if (k.startsWith(p)) return true;
        return false;
    }
}
