package dev.minilake.catalog.rfa;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.AccessRequestDestinations;
import com.databricks.sdk.service.catalog.BatchCreateAccessRequestsRequest;
import com.databricks.sdk.service.catalog.CreateAccessRequest;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.DestinationType;
import com.databricks.sdk.service.catalog.NotificationDestination;
import com.databricks.sdk.service.catalog.Securable;
import com.databricks.sdk.service.catalog.SecurablePermissions;
import com.databricks.sdk.service.catalog.SecurableType;
import com.databricks.sdk.service.catalog.SpecialDestination;
import com.databricks.sdk.service.catalog.UpdateAccessRequestDestinationsRequest;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Request-for-access destinations and requests through the real Java SDK. */
class RfaSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("s"));
        var r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("CREATE TABLE main.s.t (id INT)").setWaitTimeout("30s"));
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
    }

    AccessRequestDestinations set(SecurableType type, String name, List<NotificationDestination> dests) {
        return w.rfa().updateAccessRequestDestinations(new UpdateAccessRequestDestinationsRequest().setUpdateMask("destinations")
                .setAccessRequestDestinations(new AccessRequestDestinations()
                        .setSecurable(new Securable().setType(type).setFullName(name)).setDestinations(dests)));
    }

    static NotificationDestination email(String id) {
        return new NotificationDestination().setDestinationId(id).setDestinationType(DestinationType.EMAIL);
    }

    @Test
    void destinationsAreInheritedFromSchemaAndCatalog() {
        AccessRequestDestinations none = w.rfa().getAccessRequestDestinations("table", "main.s.t");
        assertThat(none.getDestinations()).extracting(NotificationDestination::getSpecialDestination)
                .containsExactly(SpecialDestination.SPECIAL_DESTINATION_TABLE_OWNER);

        set(SecurableType.CATALOG, "main", List.of(email("cat-owner@example.com")));
        AccessRequestDestinations fromCatalog = w.rfa().getAccessRequestDestinations("table", "main.s.t");
        assertThat(fromCatalog.getDestinations()).extracting(NotificationDestination::getDestinationId).containsExactly("cat-owner@example.com");
        assertThat(fromCatalog.getDestinationSourceSecurable().getFullName()).isEqualTo("main");
        assertThat(fromCatalog.getDestinationSourceSecurable().getType()).isEqualTo(SecurableType.CATALOG);

        AccessRequestDestinations own = set(SecurableType.TABLE, "main.s.t", List.of(email("a@example.com"), email("b@example.com")));
        assertThat(own.getDestinations()).hasSize(2);
        assertThat(w.rfa().getAccessRequestDestinations("table", "main.s.t").getDestinationSourceSecurable().getFullName()).isEqualTo("main.s.t");
        assertThat(w.rfa().getAccessRequestDestinations("schema", "main.s").getDestinationSourceSecurable().getFullName()).isEqualTo("main");

        set(SecurableType.TABLE, "main.s.t", Collections.emptyList()); // removes them
        assertThat(w.rfa().getAccessRequestDestinations("table", "main.s.t").getDestinationSourceSecurable().getFullName()).isEqualTo("main");
    }

    @Test
    void accessRequestsAnswerWhereTheyWouldGo() {
        set(SecurableType.SCHEMA, "main.s", List.of(email("steward@example.com")));
        var resp = w.rfa().batchCreateAccessRequests(new BatchCreateAccessRequestsRequest().setRequests(List.of(new CreateAccessRequest()
                .setComment("need it").setSecurablePermissions(List.of(new SecurablePermissions()
                        .setSecurable(new Securable().setType(SecurableType.TABLE).setFullName("main.s.t")).setPermissions(List.of("SELECT")))))));
        assertThat(resp.getResponses()).hasSize(1);
        assertThat(resp.getResponses().iterator().next().getRequestDestinations()).singleElement()
                .satisfies(d -> assertThat(d.getDestinations()).extracting(NotificationDestination::getDestinationId).containsExactly("steward@example.com"));
        assertThatThrownBy(() -> w.rfa().batchCreateAccessRequests(new BatchCreateAccessRequestsRequest().setRequests(List.of(new CreateAccessRequest()
                .setSecurablePermissions(List.of(new SecurablePermissions()
                        .setSecurable(new Securable().setType(SecurableType.TABLE).setFullName("main.s.t")).setPermissions(List.of("FLY"))))))))
                .isInstanceOf(InvalidParameterValue.class);
    }

    @Test
    void invalidAndUnknown() {
        assertThatThrownBy(() -> set(SecurableType.TABLE, "main.s.nope", List.of(email("a@example.com")))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.rfa().getAccessRequestDestinations("table", "main.s.nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> set(SecurableType.TABLE, "main.s.t", List.of(new NotificationDestination().setDestinationType(DestinationType.EMAIL))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("destination_id");
        assertThatThrownBy(() -> set(SecurableType.TABLE, "main.s.t", List.of(email("1"), email("2"), email("3"), email("4"), email("5"), email("6"))))
                .isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> set(SecurableType.TABLE, "main.s.t", List.of(email("1"),
                new NotificationDestination().setDestinationId("https://x").setDestinationType(DestinationType.URL)))).isInstanceOf(InvalidParameterValue.class);
        // nothing was stored by the refused updates
        assertThat(w.rfa().getAccessRequestDestinations("table", "main.s.t").getDestinations())
                .extracting(NotificationDestination::getSpecialDestination).containsExactly(SpecialDestination.SPECIAL_DESTINATION_TABLE_OWNER);
    }
}
