package dev.minilake.sql.queries;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.sql.CreateQueryRequest;
import com.databricks.sdk.service.sql.CreateQueryRequestQuery;
import com.databricks.sdk.service.sql.CreateVisualizationRequest;
import com.databricks.sdk.service.sql.CreateVisualizationRequestVisualization;
import com.databricks.sdk.service.sql.LegacyQuery;
import com.databricks.sdk.service.sql.LifecycleState;
import com.databricks.sdk.service.sql.ListQueriesLegacyRequest;
import com.databricks.sdk.service.sql.ListQueriesRequest;
import com.databricks.sdk.service.sql.ListQueryObjectsResponseQuery;
import com.databricks.sdk.service.sql.Query;
import com.databricks.sdk.service.sql.QueryEditContent;
import com.databricks.sdk.service.sql.QueryPostContent;
import com.databricks.sdk.service.sql.RestoreQueriesLegacyRequest;
import com.databricks.sdk.service.sql.RunAsMode;
import com.databricks.sdk.service.sql.UpdateQueryRequest;
import com.databricks.sdk.service.sql.UpdateQueryRequestQuery;
import com.databricks.sdk.service.sql.UpdateVisualizationRequest;
import com.databricks.sdk.service.sql.UpdateVisualizationRequestVisualization;
import com.databricks.sdk.service.sql.Visualization;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Saved queries (QueriesAPI and QueriesLegacyAPI) through the real Java SDK, and their execution on DuckDB. */
class QueriesSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    Query create(String name, String sql) {
        return w.queries().create(new CreateQueryRequest().setQuery(new CreateQueryRequestQuery()
                .setDisplayName(name).setQueryText(sql).setWarehouseId("dev").setDescription("d")
                .setTags(List.of("a", "b"))));
    }

    @Test
    void createGetUpdateListTrash() {
        Query q = create("revenue", "SELECT 1 AS n");
        assertThat(q.getId()).isNotBlank();
        assertThat(q.getLifecycleState()).isEqualTo(LifecycleState.ACTIVE);
        assertThat(q.getOwnerUserName()).isEqualTo("dev@minilake.local");
        assertThat(q.getParentPath()).isEqualTo("/Users/dev@minilake.local");
        assertThat(q.getRunAsMode()).isEqualTo(RunAsMode.OWNER);
        assertThat(q.getCreateTime()).isNotBlank();
        assertThat(q.getTags()).containsExactly("a", "b");

        Query got = w.queries().get(q.getId());
        assertThat(got.getQueryText()).isEqualTo("SELECT 1 AS n");

        Query updated = w.queries().update(new UpdateQueryRequest().setId(q.getId()).setUpdateMask("query_text,description")
                .setQuery(new UpdateQueryRequestQuery().setQueryText("SELECT 2 AS n")));
        assertThat(updated.getQueryText()).isEqualTo("SELECT 2 AS n");
        assertThat(updated.getDescription()).as("masked but absent: cleared").isNull();
        assertThat(updated.getDisplayName()).as("not masked: kept").isEqualTo("revenue");

        create("second", "SELECT 3");
        List<String> names = new ArrayList<>();
        for (ListQueryObjectsResponseQuery l : w.queries().list(new ListQueriesRequest().setPageSize(1L))) names.add(l.getDisplayName());
        assertThat(names).containsExactly("revenue", "second");

        w.queries().delete(q.getId());
        assertThat(w.queries().get(q.getId()).getLifecycleState()).isEqualTo(LifecycleState.TRASHED);
        List<String> after = new ArrayList<>();
        w.queries().list(new ListQueriesRequest()).forEach(l -> after.add(l.getDisplayName()));
        assertThat(after).containsExactly("second");
    }

    @Test
    void errors() {
        create("same", "SELECT 1");
        assertThatThrownBy(() -> create("same", "SELECT 1")).isInstanceOf(ResourceAlreadyExists.class);
        Query resolved = w.queries().create(new CreateQueryRequest().setAutoResolveDisplayName(true)
                .setQuery(new CreateQueryRequestQuery().setDisplayName("same").setQueryText("SELECT 1")));
        assertThat(resolved.getDisplayName()).isEqualTo("same (1)");
        assertThatThrownBy(() -> w.queries().get("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.queries().create(new CreateQueryRequest().setQuery(new CreateQueryRequestQuery().setQueryText("x"))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("display_name");
        assertThatThrownBy(() -> w.queries().update(new UpdateQueryRequest().setId(resolved.getId()).setUpdateMask("id")
                .setQuery(new UpdateQueryRequestQuery()))).isInstanceOf(InvalidParameterValue.class);
    }

    @Test
    void runExecutesTheTextOnTheEngine() throws Exception {
        w.statementExecution().executeStatement(new com.databricks.sdk.service.sql.ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("CREATE TABLE main.default.orders (id INT, amount DOUBLE)"));
        w.statementExecution().executeStatement(new com.databricks.sdk.service.sql.ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("INSERT INTO main.default.orders VALUES (1, 2.5), (2, 4.0)"));
        Query q = create("total", "SELECT count(*) AS n, sum(amount) AS total FROM main.default.orders");
        var r = server.send("POST", "/_minilake/sql/queries/" + q.getId() + "/run", "");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode body = new ObjectMapper().readTree(r.body());
        assertThat(body.get("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(body.get("rows").toString()).isEqualTo("[[\"2\",\"6.5\"]]");
        assertThat(body.get("columns").get(0).get("name").asText()).isEqualTo("n");
    }

    @Test
    void visualizations() {
        Query q = create("v", "SELECT 1");
        Visualization v = w.queryVisualizations().create(new CreateVisualizationRequest().setVisualization(
                new CreateVisualizationRequestVisualization().setQueryId(q.getId()).setType("TABLE").setDisplayName("t")
                        .setSerializedOptions("{\"a\":1}")));
        assertThat(v.getId()).isNotBlank();
        Visualization u = w.queryVisualizations().update(new UpdateVisualizationRequest().setId(v.getId()).setUpdateMask("display_name")
                .setVisualization(new UpdateVisualizationRequestVisualization().setDisplayName("t2")));
        assertThat(u.getDisplayName()).isEqualTo("t2");
        assertThat(u.getSerializedOptions()).isEqualTo("{\"a\":1}");
        List<Visualization> listed = new ArrayList<>();
        w.queries().listVisualizations(q.getId()).forEach(listed::add);
        assertThat(listed).extracting(Visualization::getDisplayName).containsExactly("t2");
        LegacyQuery legacy = w.queriesLegacy().get(q.getId());
        assertThat(legacy.getVisualizations()).hasSize(1);
        w.queryVisualizations().delete(v.getId());
        assertThat(w.queries().listVisualizations(q.getId())).isEmpty();
    }

    @Test
    void legacyAdapterSharesTheStore() {
        LegacyQuery lq = w.queriesLegacy().create(new QueryPostContent().setName("legacy").setQuery("SELECT 7")
                .setDataSourceId("dev").setDescription("old"));
        assertThat(lq.getId()).isNotBlank();
        assertThat(lq.getName()).isEqualTo("legacy");
        assertThat(lq.getDataSourceId()).isEqualTo("dev");
        Query modern = w.queries().get(lq.getId());
        assertThat(modern.getDisplayName()).isEqualTo("legacy");
        assertThat(modern.getQueryText()).isEqualTo("SELECT 7");
        assertThat(modern.getWarehouseId()).isEqualTo("dev");

        LegacyQuery edited = w.queriesLegacy().update(new QueryEditContent().setQueryId(lq.getId()).setQuery("SELECT 8"));
        assertThat(edited.getQuery()).isEqualTo("SELECT 8");
        assertThat(edited.getName()).isEqualTo("legacy");

        create("modern", "SELECT 1");
        List<String> names = new ArrayList<>();
        w.queriesLegacy().list(new ListQueriesLegacyRequest().setOrder("name").setPageSize(1L)).forEach(x -> names.add(x.getName()));
        assertThat(names).containsExactly("legacy", "modern");

        w.queriesLegacy().delete(lq.getId());
        assertThat(w.queriesLegacy().get(lq.getId()).getIsArchived()).isTrue();
        w.queriesLegacy().restore(new RestoreQueriesLegacyRequest().setQueryId(lq.getId()));
        assertThat(w.queries().get(lq.getId()).getLifecycleState()).isEqualTo(LifecycleState.ACTIVE);
    }
}
