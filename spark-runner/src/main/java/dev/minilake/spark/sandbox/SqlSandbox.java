package dev.minilake.spark.sandbox;

import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Which Spark sessions are confined: those the warm Spark's SQL endpoint makes for the Statement
 * Execution API (and so for MCP, alerts, saved queries and SQL tasks). Spark builds session
 * extensions from a class name, so the check rule can only find its policy here; only the SQL
 * endpoint registers sessions. Job tasks and notebooks use Spark Connect sessions, which are not
 * registered and keep full Spark, as job code runs with the server's rights on a cluster.
 */
public final class SqlSandbox {
    /** Weak keys: a statement's one-off session goes when Spark drops it. SparkSession has identity equality. */
    private static final Map<SparkSession, SandboxRules> CONFINED = Collections.synchronizedMap(new WeakHashMap<>());

    private SqlSandbox() {
    }

    /** Confines {@code session}'s statements to {@code lake}; call before its first statement. */
    public static void confine(SparkSession session, LakeRoots lake) {
        CONFINED.put(session, new SandboxRules(lake));
        // ${conf} substitution would read any configuration, the catalog token among them, into a literal
        session.conf().set("spark.sql.variable.substitute", "false");
    }

    /** Runs on every parsed plan of every session, before analysis reads any file: a no-op unless the session is confined. */
    public static void checkParsed(SparkSession session, LogicalPlan parsed) {
        SandboxRules rules = CONFINED.get(session);
        if (rules != null) rules.checkFileQueries(parsed);
    }

    /** The check rule Spark runs on every analysed plan of every session: a no-op unless the session is confined. */
    public static void check(SparkSession session, LogicalPlan plan) {
        SandboxRules rules = CONFINED.get(session);
        if (rules != null) rules.check(plan);
    }
}
