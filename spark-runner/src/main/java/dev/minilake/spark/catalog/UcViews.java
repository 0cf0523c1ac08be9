package dev.minilake.spark.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.UnresolvedIdentifier;
import org.apache.spark.sql.catalyst.plans.logical.CreateView;
import org.apache.spark.sql.catalyst.plans.logical.DropView;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.catalog.CatalogManager;
import org.apache.spark.sql.connector.catalog.CatalogPlugin;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Views of MiniLake's catalogs as Unity Catalog objects: the view is a UC table of type VIEW whose
 * {@code view_definition} is the Spark SQL text of its query, with the columns Spark resolved and the
 * catalog and schema that were current when it was made (Spark's {@code view.catalogAndNamespace}
 * properties). Spark 4.0's analyzer creates and drops views only in its session catalog, so
 * {@code CREATE VIEW} and {@code DROP VIEW} on a MiniLake catalog are run here, and reading a view is
 * {@link ExpandUcViews}'s job.
 */
public final class UcViews {
    static final String NUM_PARTS = "view.catalogAndNamespace.numParts";
    static final String PART = "view.catalogAndNamespace.part.";

    private UcViews() {
    }

    /** A statement that is a CREATE VIEW or DROP VIEW of a MiniLake catalog, run; empty for any other statement. */
    public static Optional<Dataset<Row>> runIfViewStatement(SparkSession spark, String sql) {
        String head = sql.stripLeading().toUpperCase(java.util.Locale.ROOT);
        if (!(head.startsWith("CREATE") || head.startsWith("DROP")) || !head.contains("VIEW")) return Optional.empty();
        LogicalPlan plan;
        try {
            plan = spark.sessionState().sqlParser().parsePlan(sql);
        } catch (Exception e) {
            return Optional.empty(); // Spark reports its own parse error when it runs the text
        }
        if (plan instanceof CreateView cv && cv.child() instanceof UnresolvedIdentifier id) {
            return target(spark, id).map(t -> create(spark, t, cv));
        }
        if (plan instanceof DropView dv && dv.child() instanceof UnresolvedIdentifier id
                && !(id.nameParts().size() == 1 && spark.sessionState().catalog().getTempView(id.nameParts().head()).isDefined())) {
            return target(spark, id).map(t -> drop(spark, t, dv.ifExists()));
        }
        return Optional.empty();
    }

    /** A view name in one of MiniLake's catalogs. */
    record Target(MiniLakeCatalog catalog, Identifier ident) {
        String fullName() {
            return catalog.name() + "." + ident.namespace()[0] + "." + ident.name();
        }
    }

    private static Optional<Target> target(SparkSession spark, UnresolvedIdentifier id) {
        return resolve(spark.sessionState().catalogManager(), CollectionConverters.asJava(id.nameParts()));
    }

    /** The MiniLake catalog and identifier a 1-, 2- or 3-part name means in the session, as Spark resolves names. */
    static Optional<Target> resolve(CatalogManager catalogs, List<String> parts) {
        CatalogPlugin catalog;
        String schema;
        String name = parts.get(parts.size() - 1);
        try {
            if (parts.size() == 3) {
                catalog = catalogs.catalog(parts.get(0));
                schema = parts.get(1);
            } else if (parts.size() == 2) {
                catalog = catalogs.currentCatalog();
                schema = parts.get(0);
            } else if (parts.size() == 1) {
                catalog = catalogs.currentCatalog();
                String[] ns = catalogs.currentNamespace();
                if (ns.length != 1) return Optional.empty();
                schema = ns[0];
            } else {
                return Optional.empty();
            }
        } catch (RuntimeException noSuchCatalog) {
            return Optional.empty();
        }
        if (!(catalog instanceof MiniLakeCatalog mc)) return Optional.empty();
        return Optional.of(new Target(mc, Identifier.of(new String[]{schema}, name)));
    }

    private static Dataset<Row> create(SparkSession spark, Target t, CreateView cv) {
        String query = cv.originalText().isDefined() ? cv.originalText().get().trim() : null;
        if (query == null || query.isEmpty()) throw new IllegalArgumentException("CREATE VIEW without the text of its query");
        Optional<JsonNode> existing = t.catalog.uc().getTable(t.fullName());
        if (existing.isPresent()) {
            if (cv.allowExisting()) return spark.emptyDataFrame();
            if (!"VIEW".equalsIgnoreCase(existing.get().path("table_type").asText())) {
                throw error("EXPECT_VIEW_NOT_TABLE.NO_ALTERNATIVE", (Map.of("tableName", quoted(t), "operation", "CREATE OR REPLACE VIEW")));
            }
            if (!cv.replace()) {
                throw error("TABLE_OR_VIEW_ALREADY_EXISTS", (Map.of("relationName", quoted(t))));
            }
        } else if (t.catalog.uc().getSchema(t.catalog.name() + "." + t.ident.namespace()[0]).isEmpty()) {
            throw error("SCHEMA_NOT_FOUND", (Map.of("schemaName", "`" + t.catalog.name() + "`.`" + t.ident.namespace()[0] + "`")));
        }
        // the view's columns are what Spark resolves its query to, renamed by a column list if it has one
        StructType schema = spark.sql(query).schema();
        List<scala.Tuple2<String, scala.Option<String>>> named = CollectionConverters.asJava(cv.userSpecifiedColumns());
        if (!named.isEmpty()) {
            if (named.size() != schema.fields().length) {
                throw error(named.size() < schema.fields().length ? "CREATE_VIEW_COLUMN_ARITY_MISMATCH.TOO_MANY_DATA_COLUMNS"
                        : "CREATE_VIEW_COLUMN_ARITY_MISMATCH.NOT_ENOUGH_DATA_COLUMNS", (Map.of("viewName", quoted(t),
                        "viewColumns", named.stream().map(c -> "`" + c._1() + "`").collect(java.util.stream.Collectors.joining(", ")),
                        "dataColumns", java.util.Arrays.stream(schema.fieldNames()).map(c -> "`" + c + "`").collect(java.util.stream.Collectors.joining(", ")))));
            }
            StructField[] renamed = new StructField[named.size()];
            for (int i = 0; i < renamed.length; i++) {
                StructField f = schema.fields()[i];
                StructField r = new StructField(named.get(i)._1(), f.dataType(), f.nullable(), f.metadata());
                renamed[i] = named.get(i)._2().isDefined() ? r.withComment(named.get(i)._2().get()) : r;
            }
            schema = new StructType(renamed);
        }
        CatalogManager cm = spark.sessionState().catalogManager();
        ObjectNode body = UcClient.JSON.createObjectNode()
                .put("name", t.ident.name()).put("catalog_name", t.catalog.name()).put("schema_name", t.ident.namespace()[0])
                .put("table_type", "VIEW").put("view_definition", query);
        if (cv.comment().isDefined()) body.put("comment", cv.comment().get());
        body.set("columns", MiniLakeCatalog.columnsJson(schema, List.of()));
        ObjectNode props = body.putObject("properties");
        CollectionConverters.asJava(cv.properties()).forEach(props::put);
        String[] ns = cm.currentNamespace();
        props.put(NUM_PARTS, Integer.toString(1 + ns.length));
        props.put(PART + 0, cm.currentCatalog().name());
        for (int i = 0; i < ns.length; i++) props.put(PART + (i + 1), ns[i]);
        if (existing.isPresent()) t.catalog.uc().deleteTable(t.fullName()); // OR REPLACE of a view: the new definition takes its name
        t.catalog.uc().createTable(body);
        return spark.emptyDataFrame();
    }

    private static Dataset<Row> drop(SparkSession spark, Target t, boolean ifExists) {
        Optional<JsonNode> existing = t.catalog.uc().getTable(t.fullName());
        if (existing.isEmpty()) {
            if (ifExists) return spark.emptyDataFrame();
            throw error("TABLE_OR_VIEW_NOT_FOUND", (Map.of("relationName", quoted(t))));
        }
        if (!"VIEW".equalsIgnoreCase(existing.get().path("table_type").asText())) {
            throw error("EXPECT_VIEW_NOT_TABLE.USE_ALTER_TABLE", (Map.of("tableName", quoted(t), "operation", "DROP VIEW")));
        }
        t.catalog.uc().deleteTable(t.fullName());
        return spark.emptyDataFrame();
    }

    private static String quoted(Target t) {
        return "`" + t.catalog.name() + "`.`" + t.ident.namespace()[0] + "`.`" + t.ident.name() + "`";
    }

    /** Spark's own error, with its class and message parameters (AnalysisException is a checked exception in Java). */
    static RuntimeException error(String errorClass, Map<String, String> parameters) {
        return UcViews.<RuntimeException>sneaky(new AnalysisException(errorClass, scalaMap(parameters)));
    }

    /** Throws any exception as it is, checked or not (Spark's AnalysisException is checked in Java only). */
    static RuntimeException rethrow(Exception e) {
        return UcViews.<RuntimeException>sneaky(e);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    static scala.collection.immutable.Map<String, String> scalaMap(Map<String, String> m) {
        return scala.collection.immutable.Map.from(CollectionConverters.asScala(m));
    }
}
