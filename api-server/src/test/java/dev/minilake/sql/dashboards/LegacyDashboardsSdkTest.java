package dev.minilake.sql.dashboards;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.sql.AccessControl;
import com.databricks.sdk.service.sql.CreateQueryRequest;
import com.databricks.sdk.service.sql.CreateQueryRequestQuery;
import com.databricks.sdk.service.sql.CreateVisualizationRequest;
import com.databricks.sdk.service.sql.CreateVisualizationRequestVisualization;
import com.databricks.sdk.service.sql.CreateWidget;
import com.databricks.sdk.service.sql.Dashboard;
import com.databricks.sdk.service.sql.DashboardEditContent;
import com.databricks.sdk.service.sql.ListDashboardsRequest;
import com.databricks.sdk.service.sql.ObjectTypePlural;
import com.databricks.sdk.service.sql.PermissionLevel;
import com.databricks.sdk.service.sql.RestoreDashboardRequest;
import com.databricks.sdk.service.sql.SetRequest;
import com.databricks.sdk.service.sql.UpdateWidgetRequest;
import com.databricks.sdk.service.sql.Widget;
import com.databricks.sdk.service.sql.WidgetOptions;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Legacy DBSQL dashboards, widgets and object ACLs through the real Java SDK (create over HTTP: the SDK has none). */
class LegacyDashboardsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    String createDashboard(String name) throws Exception {
        var r = server.send("POST", "/api/2.0/preview/sql/dashboards", "{\"name\":\"" + name + "\",\"tags\":[\"t\"]}",
                Map.of("Content-Type", "application/json"));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return new ObjectMapper().readTree(r.body()).get("id").asText();
    }

    @Test
    void dashboardsAndWidgets() throws Exception {
        String id = createDashboard("Sales KPIs");
        Dashboard d = w.dashboards().get(id);
        assertThat(d.getName()).isEqualTo("Sales KPIs");
        assertThat(d.getSlug()).isEqualTo("sales-kpis");
        assertThat(d.getTags()).containsExactly("t");
        assertThat(d.getIsArchived()).isFalse();

        String q = w.queries().create(new CreateQueryRequest().setQuery(new CreateQueryRequestQuery()
                .setDisplayName("q").setQueryText("SELECT 1"))).getId();
        String vis = w.queryVisualizations().create(new CreateVisualizationRequest().setVisualization(
                new CreateVisualizationRequestVisualization().setQueryId(q).setType("TABLE").setDisplayName("table"))).getId();
        Widget widget = w.dashboardWidgets().create(new CreateWidget().setDashboardId(id).setVisualizationId(vis).setWidth(1L)
                .setOptions(new WidgetOptions().setTitle("numbers")));
        assertThat(widget.getVisualization().getName()).isEqualTo("table");
        Widget text = w.dashboardWidgets().create(new CreateWidget().setDashboardId(id).setText("# hello").setWidth(2L)
                .setOptions(new WidgetOptions()));
        w.dashboardWidgets().update(new UpdateWidgetRequest().setId(text.getId()).setDashboardId(id).setText("# bye").setWidth(2L)
                .setOptions(new WidgetOptions().setTitle("note")));
        assertThat(w.dashboards().get(id).getWidgets()).extracting(x -> x.getOptions().getTitle()).containsExactly("numbers", "note");
        w.dashboardWidgets().delete(text.getId());
        assertThat(w.dashboards().get(id).getWidgets()).hasSize(1);
        assertThatThrownBy(() -> w.dashboardWidgets().create(new CreateWidget().setDashboardId("nope").setText("x").setWidth(1L)
                .setOptions(new WidgetOptions()))).isInstanceOf(ResourceDoesNotExist.class);

        Dashboard renamed = w.dashboards().update(new DashboardEditContent().setDashboardId(id).setName("Renamed"));
        assertThat(renamed.getName()).isEqualTo("Renamed");
        createDashboard("Another");
        assertThat(w.dashboards().list(new ListDashboardsRequest().setPageSize(1L))).extracting(Dashboard::getName)
                .containsExactly("Another", "Renamed");

        w.dashboards().delete(id);
        assertThat(w.dashboards().get(id).getIsArchived()).isTrue();
        assertThat(w.dashboards().get(id).getOptions().getMovedToTrashAt()).isNotBlank();
        assertThat(w.dashboards().list(new ListDashboardsRequest())).extracting(Dashboard::getName).containsExactly("Another");
        w.dashboards().restore(new RestoreDashboardRequest().setDashboardId(id));
        assertThat(w.dashboards().list(new ListDashboardsRequest())).hasSize(2);
    }

    @Test
    void objectAclsAndOwnership() throws Exception {
        String q = w.queries().create(new CreateQueryRequest().setQuery(new CreateQueryRequestQuery()
                .setDisplayName("q").setQueryText("SELECT 1"))).getId();
        var initial = w.dbsqlPermissions().get(ObjectTypePlural.QUERIES, q);
        assertThat(initial.getAccessControlList()).extracting(AccessControl::getPermissionLevel).contains(PermissionLevel.CAN_MANAGE);
        var set = w.dbsqlPermissions().set(new SetRequest().setObjectType(ObjectTypePlural.QUERIES).setObjectId(q)
                .setAccessControlList(List.of(new AccessControl().setGroupName("users").setPermissionLevel(PermissionLevel.CAN_RUN))));
        assertThat(set.getAccessControlList()).extracting(AccessControl::getGroupName).containsExactly("users");
        assertThat(w.dbsqlPermissions().get(ObjectTypePlural.QUERIES, q).getAccessControlList())
                .extracting(AccessControl::getPermissionLevel).containsExactly(PermissionLevel.CAN_RUN);
        assertThatThrownBy(() -> w.dbsqlPermissions().get(ObjectTypePlural.QUERIES, "nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.dbsqlPermissions().set(new SetRequest().setObjectType(ObjectTypePlural.QUERIES).setObjectId(q)
                .setAccessControlList(List.of(new AccessControl().setUserName("a@b")))))
                .isInstanceOf(InvalidParameterValue.class);

        var r = server.send("POST", "/api/2.0/preview/sql/permissions/query/" + q + "/transfer", "{\"new_owner\":\"ana@example.com\"}",
                Map.of("Content-Type", "application/json"));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(w.queries().get(q).getOwnerUserName()).isEqualTo("ana@example.com");
    }
}
