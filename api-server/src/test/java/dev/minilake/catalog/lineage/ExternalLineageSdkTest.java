package dev.minilake.catalog.lineage;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.ColumnRelationship;
import com.databricks.sdk.service.catalog.CreateExternalLineageRelationshipRequest;
import com.databricks.sdk.service.catalog.CreateExternalMetadataRequest;
import com.databricks.sdk.service.catalog.CreateRequestExternalLineage;
import com.databricks.sdk.service.catalog.DeleteRequestExternalLineage;
import com.databricks.sdk.service.catalog.ExternalLineageExternalMetadata;
import com.databricks.sdk.service.catalog.ExternalLineageInfo;
import com.databricks.sdk.service.catalog.ExternalLineageObject;
import com.databricks.sdk.service.catalog.ExternalLineageTable;
import com.databricks.sdk.service.catalog.ExternalMetadata;
import com.databricks.sdk.service.catalog.LineageDirection;
import com.databricks.sdk.service.catalog.SystemType;
import com.databricks.sdk.service.catalog.UpdateExternalLineageRelationshipRequest;
import com.databricks.sdk.service.catalog.UpdateRequestExternalLineage;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** External lineage relationships through the real Java SDK. */
class ExternalLineageSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
        var r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("CREATE TABLE main.default.orders (id INT, amount DOUBLE)").setWaitTimeout("30s"));
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        w.externalMetadata().createExternalMetadata(new CreateExternalMetadataRequest().setExternalMetadata(new ExternalMetadata()
                .setName("orders_topic").setSystemType(SystemType.KAFKA).setEntityType("topic").setColumns(List.of("order_id", "value"))));
        w.externalMetadata().createExternalMetadata(new CreateExternalMetadataRequest().setExternalMetadata(new ExternalMetadata()
                .setName("sales_dash").setSystemType(SystemType.TABLEAU).setEntityType("dashboard")));
    }

    static ExternalLineageObject table(String name) {
        return new ExternalLineageObject().setTable(new ExternalLineageTable().setName(name));
    }

    static ExternalLineageObject external(String name) {
        return new ExternalLineageObject().setExternalMetadata(new ExternalLineageExternalMetadata().setName(name));
    }

    void link(ExternalLineageObject source, ExternalLineageObject target, List<ColumnRelationship> columns) {
        w.externalLineage().createExternalLineageRelationship(new CreateExternalLineageRelationshipRequest()
                .setExternalLineageRelationship(new CreateRequestExternalLineage().setSource(source).setTarget(target).setColumns(columns)));
    }

    @Test
    void lifecycleAndDirections() {
        link(external("orders_topic"), table("main.default.orders"), List.of(new ColumnRelationship().setSource("order_id").setTarget("id")));
        link(table("main.default.orders"), external("sales_dash"), null);

        List<ExternalLineageInfo> up = list(table("main.default.orders"), LineageDirection.UPSTREAM);
        assertThat(up).singleElement().satisfies(i -> {
            assertThat(i.getExternalMetadataInfo().getName()).isEqualTo("orders_topic");
            assertThat(i.getExternalMetadataInfo().getSystemType()).isEqualTo(SystemType.KAFKA);
            assertThat(i.getExternalLineageInfo().getColumns()).extracting(ColumnRelationship::getTarget).containsExactly("id");
        });
        List<ExternalLineageInfo> down = list(table("main.default.orders"), LineageDirection.DOWNSTREAM);
        assertThat(down).singleElement().satisfies(i -> assertThat(i.getExternalMetadataInfo().getName()).isEqualTo("sales_dash"));
        assertThat(list(external("sales_dash"), LineageDirection.UPSTREAM)).singleElement()
                .satisfies(i -> assertThat(i.getTableInfo().getName()).isEqualTo("orders"));

        var u = w.externalLineage().updateExternalLineageRelationship(new UpdateExternalLineageRelationshipRequest().setUpdateMask("properties")
                .setExternalLineageRelationship(new UpdateRequestExternalLineage().setSource(table("main.default.orders"))
                        .setTarget(external("sales_dash")).setProperties(Map.of("refresh", "daily"))));
        assertThat(u.getProperties()).containsEntry("refresh", "daily");
        assertThat(list(external("sales_dash"), LineageDirection.UPSTREAM).get(0).getExternalLineageInfo().getProperties())
                .containsEntry("refresh", "daily");

        w.externalLineage().deleteExternalLineageRelationship(new DeleteRequestExternalLineage()
                .setSource(table("main.default.orders")).setTarget(external("sales_dash")));
        assertThat(list(table("main.default.orders"), LineageDirection.DOWNSTREAM)).isEmpty();

        // a dropped end takes the relationship out of listings
        w.externalMetadata().deleteExternalMetadata("orders_topic");
        assertThat(list(table("main.default.orders"), LineageDirection.UPSTREAM)).isEmpty();
    }

    @Test
    void duplicateMissingAndUnknown() {
        link(external("orders_topic"), table("main.default.orders"), null);
        assertThatThrownBy(() -> link(external("orders_topic"), table("main.default.orders"), null)).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> link(table("main.default.orders"), null, null)).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("target");
        assertThatThrownBy(() -> link(table("main.default.orders"), table("main.default.orders"), null)).isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> link(external("orders_topic"), table("main.default.orders2"), null)).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> link(external("nope"), table("main.default.orders"), null)).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> link(external("sales_dash"), table("main.default.orders"),
                List.of(new ColumnRelationship().setSource("x").setTarget("no_such_column")))).isInstanceOf(InvalidParameterValue.class);
        assertThat(list(table("main.default.orders"), LineageDirection.UPSTREAM)).hasSize(1);
        assertThatThrownBy(() -> w.externalLineage().deleteExternalLineageRelationship(new DeleteRequestExternalLineage()
                .setSource(external("sales_dash")).setTarget(table("main.default.orders")))).isInstanceOf(ResourceDoesNotExist.class);
    }

    List<ExternalLineageInfo> list(ExternalLineageObject o, LineageDirection d) {
        List<ExternalLineageInfo> out = new java.util.ArrayList<>();
        w.externalLineage().listExternalLineageRelationships(o, d).forEach(out::add);
        return out;
    }
}
