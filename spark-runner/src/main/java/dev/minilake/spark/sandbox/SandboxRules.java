package dev.minilake.spark.sandbox;

import org.apache.spark.sql.catalyst.analysis.ResolvedIdentifier;
import org.apache.spark.sql.catalyst.analysis.ResolvedNamespace;
import org.apache.spark.sql.catalyst.expressions.SubqueryExpression;
import org.apache.spark.sql.catalyst.trees.TreeNode;
import org.apache.spark.sql.execution.datasources.FileIndex;
import scala.Option;
import scala.Product;
import scala.jdk.javaapi.CollectionConverters;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The rules a confined statement's analysed plan must keep, checked on Spark's plan (not on SQL
 * text) before any command runs: nothing that reaches Java or the shell, no jars or files added,
 * no class-based functions, nothing shared between sessions, no SET that reaches Spark (MiniLake
 * applies SET itself), and every file a node names inside the lake. Nodes are matched by class
 * name, and paths found by the names of their fields, so Delta's commands and Spark's file
 * sources are covered without a list per command.
 */
final class SandboxRules {
    /** Plan and expression nodes refused wherever they appear, with why. */
    private static final Map<String, String> REFUSED = Map.ofEntries(
            Map.entry("ScriptTransformation", "TRANSFORM ... USING runs a program on the host"),
            Map.entry("CallMethodViaReflection", "reflect and java_method call Java methods on the host"),
            Map.entry("TryReflect", "try_reflect calls Java methods on the host"),
            Map.entry("AddJarsCommand", "ADD JAR changes the shared Spark for every client"),
            Map.entry("AddFilesCommand", "ADD FILE changes the shared Spark for every client"),
            Map.entry("AddArchivesCommand", "ADD ARCHIVE changes the shared Spark for every client"),
            Map.entry("CreateFunctionCommand", "CREATE FUNCTION ... AS 'class' [USING JAR] loads Java code; SQL functions (RETURN ...) are allowed"),
            Map.entry("LoadDataCommand", "LOAD DATA reads files from the host; put them in a volume instead"),
            Map.entry("SetCommand", "engine settings are MiniLake's; SET key = value applies to the statement's own session"),
            Map.entry("ResetCommand", "engine settings are MiniLake's; RESET applies to the statement's own session"),
            // spark_catalog is one shared Hive-style catalog, not a Unity Catalog catalog
            Map.entry("CreateDataSourceTableCommand", "tables belong in a Unity Catalog catalog (catalog.schema.table), not in spark_catalog"),
            Map.entry("CreateDataSourceTableAsSelectCommand", "tables belong in a Unity Catalog catalog (catalog.schema.table), not in spark_catalog"),
            Map.entry("CreateTableCommand", "tables belong in a Unity Catalog catalog (catalog.schema.table), not in spark_catalog"),
            Map.entry("CreateTableLikeCommand", "tables belong in a Unity Catalog catalog (catalog.schema.table), not in spark_catalog"),
            Map.entry("CreateDatabaseCommand", "schemas belong in a Unity Catalog catalog, not in spark_catalog"));

    /** Field names whose values are file locations, in Spark's and Delta's plans. */
    private static final Set<String> PATH_FIELDS = Set.of("location", "locationUri", "path", "paths", "rootPaths", "dataPath", "tablePath");
    private static final String SESSION_CATALOG = "spark_catalog";
    private static final int MAX_FIELD_DEPTH = 4;

    private final LakeRoots lake;

    SandboxRules(LakeRoots lake) {
        this.lake = lake;
    }

    /** Throws {@link SandboxViolation} for the first node that breaks a rule. */
    void check(TreeNode<?> plan) {
        walk(plan, this::checkNode);
    }

    /**
     * The parsed (not yet analysed) plan's direct file queries, such as {@code json.`/path`}: Spark
     * reads such files to infer their schema during analysis, before {@link #check} could see the
     * plan, so their paths are checked here, as soon as the statement is parsed.
     */
    void checkFileQueries(TreeNode<?> parsed) {
        walk(parsed, node -> {
            if (!node.getClass().getSimpleName().equals("UnresolvedRelation")) return;
            Object parts = field(node, "multipartIdentifier");
            if (!(parts instanceof scala.collection.Seq<?> seq) || seq.size() != 2) return;
            String path = String.valueOf(seq.apply(1));
            if (path.startsWith("/") || path.contains(":/")) require(path, node);
        });
    }

    /** Every node of a plan: children, inner children (CTEs, views), expressions and their subqueries. */
    private static void walk(TreeNode<?> plan, java.util.function.Consumer<TreeNode<?>> visit) {
        Deque<Object> todo = new ArrayDeque<>();
        Set<Object> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        todo.push(plan);
        while (!todo.isEmpty()) {
            Object next = todo.pop();
            if (!(next instanceof TreeNode<?> node) || !seen.add(node)) continue;
            visit.accept(node);
            for (Object child : CollectionConverters.asJava(node.children())) todo.push(child);
            for (Object inner : CollectionConverters.asJava(node.innerChildren())) todo.push(inner);
            if (node instanceof org.apache.spark.sql.catalyst.plans.QueryPlan<?> q) {
                for (Object e : CollectionConverters.asJava(q.expressions())) todo.push(e);
            }
            if (node instanceof SubqueryExpression s) todo.push(s.plan());
        }
    }

    private void checkNode(TreeNode<?> node) {
        String name = node.getClass().getSimpleName();
        String why = REFUSED.get(name);
        if (why != null) throw SandboxViolation.permission(label(node) + " is not allowed in SQL statements: " + why + ".");
        if (name.equals("CreateViewCommand") || name.equals("CreateTempViewUsing")) views(node);
        if (name.startsWith("Create") || name.startsWith("Replace") || name.startsWith("Drop") || name.startsWith("Alter")
                || name.startsWith("Rename") || name.startsWith("Set") || name.startsWith("Truncate")) {
            sessionCatalog(node);
        }
        paths(node, 0); // every TreeNode is a Scala case class (a Product)
    }

    /** Temporary views are the statement's own; a global one, or a view stored in spark_catalog, would be every client's. */
    private static void views(TreeNode<?> node) {
        Object viewType = field(node, "viewType");
        Object global = field(node, "global");
        if ((viewType != null && viewType.toString().contains("GlobalTempView")) || Boolean.TRUE.equals(global)) {
            throw SandboxViolation.permission("CREATE GLOBAL TEMPORARY VIEW is not allowed in SQL statements: global views are seen by every client. Use a TEMPORARY VIEW or a view in a Unity Catalog schema.");
        }
        if (viewType != null && viewType.toString().contains("PersistedView")) {
            throw SandboxViolation.permission("views belong in a Unity Catalog catalog (catalog.schema.view), not in spark_catalog.");
        }
    }

    private static void sessionCatalog(TreeNode<?> node) {
        for (Iterator<Object> it = CollectionConverters.asJava(node.productIterator()); it.hasNext(); ) {
            Object v = it.next();
            String catalog = v instanceof ResolvedIdentifier ri ? ri.catalog().name()
                    : v instanceof ResolvedNamespace rn ? rn.catalog().name() : null;
            if (SESSION_CATALOG.equals(catalog)) {
                throw SandboxViolation.permission(label(node) + " in spark_catalog is not allowed: it is one catalog shared by every"
                        + " client, not a Unity Catalog catalog. Name a Unity Catalog catalog (catalog.schema.name).");
            }
        }
    }

    /** Every location in the node's fields (and in the case classes they hold, such as CatalogTable or a file relation). */
    private void paths(Product p, int depth) {
        Iterator<String> names = CollectionConverters.asJava(p.productElementNames());
        Iterator<Object> values = CollectionConverters.asJava(p.productIterator());
        while (names.hasNext() && values.hasNext()) {
            String name = names.next();
            Object v = values.next();
            if (PATH_FIELDS.contains(name)) locations(v, name, p);
            else if (name.equals("options") || name.equals("properties")) optionPaths(v, p);
            else if (depth < MAX_FIELD_DEPTH) nested(v, depth);
        }
    }

    private void nested(Object v, int depth) {
        if (v instanceof Option<?> o) {
            if (o.isDefined()) nested(o.get(), depth);
        } else if (v instanceof Product q && !(v instanceof TreeNode<?>) && !(v instanceof scala.collection.Iterable<?>)) {
            paths(q, depth + 1);
        }
    }

    /** A data source's {@code path} option, where OPTIONS (path '...') and file tables keep it. */
    private void optionPaths(Object v, Product owner) {
        if (v instanceof scala.collection.Map<?, ?> m) {
            for (Iterator<?> it = CollectionConverters.asJava(m.iterator()); it.hasNext(); ) {
                scala.Tuple2<?, ?> kv = (scala.Tuple2<?, ?>) it.next();
                if (kv._1() != null && kv._1().toString().toLowerCase(Locale.ROOT).matches("paths?")) locations(kv._2(), "path", owner);
            }
        } else if (v instanceof java.util.Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getKey() != null && e.getKey().toString().toLowerCase(Locale.ROOT).matches("paths?")) locations(e.getValue(), "path", owner);
            }
        }
    }

    private void locations(Object v, String field, Product owner) {
        if (v == null) return;
        if (v instanceof Option<?> o) {
            if (o.isDefined()) locations(o.get(), field, owner);
        } else if (v instanceof scala.collection.Iterable<?> many) {
            for (Iterator<?> it = CollectionConverters.asJava(many.iterator()); it.hasNext(); ) locations(it.next(), field, owner);
        } else if (v instanceof FileIndex index) {
            locations(index.rootPaths(), field, owner);
        } else if (v instanceof String || v instanceof URI || v instanceof org.apache.hadoop.fs.Path) {
            require(v.toString(), owner);
        } else if (v instanceof Product q && !(v instanceof TreeNode<?>)) {
            paths(q, MAX_FIELD_DEPTH); // e.g. a location wrapped in a case class: only its own path fields
        }
    }

    private void require(String location, Product owner) {
        if (location.isBlank() || lake.contains(location)) return;
        String what = owner instanceof TreeNode<?> t ? label(t) : owner.productPrefix();
        throw SandboxViolation.path(what + " names " + location + ", which is outside the lake. SQL reads and writes only Unity"
                + " Catalog tables, volumes and external locations under the lake's directories.");
    }

    private static Object field(TreeNode<?> node, String wanted) {
        Iterator<String> names = CollectionConverters.asJava(node.productElementNames());
        Iterator<Object> values = CollectionConverters.asJava(node.productIterator());
        while (names.hasNext() && values.hasNext()) {
            String n = names.next();
            Object v = values.next();
            if (n.equals(wanted)) return v;
        }
        return null;
    }

    /** A short, user-facing name of a node: its class without Spark's suffixes. */
    private static String label(TreeNode<?> node) {
        return node.nodeName();
    }
}
