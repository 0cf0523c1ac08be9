package dev.minilake.spark.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.UnresolvedRelation;
import org.apache.spark.sql.catalyst.analysis.UnresolvedSubqueryColumnAliases;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias$;
import org.apache.spark.sql.catalyst.plans.logical.UnresolvedWith;
import org.apache.spark.sql.catalyst.rules.Rule;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractPartialFunction;
import scala.runtime.BoxedUnit;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Reads Unity Catalog views in Spark: a relation Spark left unresolved that names a VIEW of a MiniLake
 * catalog becomes the view's query, parsed from its Spark SQL text, with the view's column names, under
 * the view's name. Names in the query that Spark would resolve against the current catalog and schema
 * are qualified with those the view was created under, as Spark does for its own views. Every engine
 * reads the same definition: DuckDB gets a translation of it where one exists (see MiniLake's docs).
 */
public final class ExpandUcViews extends Rule<LogicalPlan> {
    private final SparkSession session;

    public ExpandUcViews(SparkSession session) {
        this.session = session;
    }

    @Override
    public LogicalPlan apply(LogicalPlan plan) {
        return plan.resolveOperatorsUp(new AbstractPartialFunction<>() {
            @Override
            public boolean isDefinedAt(LogicalPlan p) {
                return p instanceof UnresolvedRelation;
            }

            @Override
            public LogicalPlan apply(LogicalPlan p) {
                UnresolvedRelation r = (UnresolvedRelation) p;
                return expand(r).orElse(r);
            }
        });
    }

    private Optional<LogicalPlan> expand(UnresolvedRelation r) {
        List<String> parts = CollectionConverters.asJava(r.multipartIdentifier());
        Optional<UcViews.Target> target = UcViews.resolve(session.sessionState().catalogManager(), parts);
        if (target.isEmpty()) return Optional.empty();
        Optional<JsonNode> view = target.get().catalog().view(target.get().ident());
        if (view.isEmpty()) return Optional.empty();
        JsonNode v = view.get();
        LogicalPlan parsed;
        try {
            parsed = session.sessionState().sqlParser().parseQuery(v.path("view_definition").asText());
        } catch (org.apache.spark.sql.catalyst.parser.ParseException e) {
            throw new IllegalStateException("The view " + String.join(".", parts) + " has a definition Spark cannot parse: " + e.getMessage(), e);
        }
        LogicalPlan query = qualify(parsed, v.path("properties"));
        List<String> columns = new ArrayList<>();
        for (JsonNode c : v.path("columns")) columns.add(c.path("name").asText());
        if (!columns.isEmpty()) query = new UnresolvedSubqueryColumnAliases(CollectionConverters.asScala(columns).toSeq(), query);
        List<String> name = List.of(target.get().catalog().name(), target.get().ident().namespace()[0], target.get().ident().name());
        return Optional.of(SubqueryAlias$.MODULE$.apply(CollectionConverters.asScala(name).toSeq(), query));
    }

    /**
     * One- and two-part names in the view's query, other than its own CTEs, get the catalog (and schema)
     * that were current when the view was created, so the view reads what it read then wherever it is queried.
     */
    private LogicalPlan qualify(LogicalPlan query, JsonNode props) {
        String catalog = props.path(UcViews.PART + 0).asText("");
        String schema = props.path(UcViews.PART + 1).asText("");
        if (catalog.isEmpty() || schema.isEmpty()) return query;
        Set<String> ctes = new HashSet<>();
        query.foreachWithSubqueries(new scala.runtime.AbstractFunction1<LogicalPlan, BoxedUnit>() {
            @Override
            public BoxedUnit apply(LogicalPlan p) {
                if (p instanceof UnresolvedWith w) {
                    for (var rel : CollectionConverters.asJava(w.cteRelations())) ctes.add(rel._1().toLowerCase(Locale.ROOT));
                }
                return BoxedUnit.UNIT;
            }
        });
        var catalogs = session.sessionState().catalogManager();
        return query.transformUpWithSubqueries(new AbstractPartialFunction<>() {
            @Override
            public boolean isDefinedAt(LogicalPlan p) {
                return p instanceof UnresolvedRelation;
            }

            @Override
            public LogicalPlan apply(LogicalPlan p) {
                UnresolvedRelation r = (UnresolvedRelation) p;
                List<String> parts = CollectionConverters.asJava(r.multipartIdentifier());
                List<String> full;
                if (parts.size() == 1 && !ctes.contains(parts.get(0).toLowerCase(Locale.ROOT))) full = List.of(catalog, schema, parts.get(0));
                else if (parts.size() == 2 && !catalogs.isCatalogRegistered(parts.get(0))) full = List.of(catalog, parts.get(0), parts.get(1));
                else return r;
                return new UnresolvedRelation(CollectionConverters.asScala(full).toSeq(), r.options(), r.isStreaming());
            }
        });
    }
}
