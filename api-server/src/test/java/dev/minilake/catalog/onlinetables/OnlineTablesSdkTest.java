package dev.minilake.catalog.onlinetables;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CreateOnlineTableRequest;
import com.databricks.sdk.service.catalog.OnlineTable;
import com.databricks.sdk.service.catalog.OnlineTableSpec;
import com.databricks.sdk.service.catalog.OnlineTableSpecTriggeredSchedulingPolicy;
import com.databricks.sdk.service.catalog.OnlineTableState;
import com.databricks.sdk.service.catalog.ProvisioningInfoState;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Online tables through the real Java SDK: a state machine over a real source table. */
class OnlineTablesSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
        sql("CREATE TABLE main.default.src (id INT, v STRING)");
        sql("INSERT INTO main.default.src VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    }

    void sql(String text) {
        var r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(text)
                .setWaitTimeout("30s"));
        assertThat(r.getStatus().getState()).as(text).isEqualTo(StatementState.SUCCEEDED);
    }

    OnlineTable create(String name, String source, List<String> keys) {
        return w.onlineTables().create(new CreateOnlineTableRequest().setTable(new OnlineTable().setName(name)
                .setSpec(new OnlineTableSpec().setSourceTableFullName(source).setPrimaryKeyColumns(keys)
                        .setRunTriggered(new OnlineTableSpecTriggeredSchedulingPolicy())))).getResponse();
    }

    @Test
    void lifecycleGoesFromProvisioningToActive() throws Exception {
        OnlineTable created = create("main.default.src_online", "main.default.src", List.of("id"));
        assertThat(created.getUnityCatalogProvisioningState()).isEqualTo(ProvisioningInfoState.PROVISIONING);
        assertThat(created.getSpec().getPipelineId()).isNotBlank();
        OnlineTable active = w.onlineTables().waitGetOnlineTableActive("main.default.src_online", Duration.ofSeconds(30), null);
        assertThat(active.getUnityCatalogProvisioningState()).isEqualTo(ProvisioningInfoState.ACTIVE);
        assertThat(active.getStatus().getDetailedState()).isEqualTo(OnlineTableState.ONLINE_NO_PENDING_UPDATE);
        assertThat(active.getStatus().getTriggeredUpdateStatus().getTriggeredUpdateProgress().getSyncedRowCount()).isEqualTo(3L);
        assertThat(w.onlineTables().get("main.default.src_online").getSpec().getSourceTableFullName()).isEqualTo("main.default.src");
        w.onlineTables().delete("main.default.src_online");
        assertThatThrownBy(() -> w.onlineTables().get("main.default.src_online")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void duplicateMissingAndUnknown() {
        create("main.default.o", "main.default.src", List.of("id"));
        assertThatThrownBy(() -> create("main.default.o", "main.default.src", List.of("id"))).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> create("main.default.src", "main.default.src", List.of("id"))).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> create("main.default.p", "main.default.src", List.of())).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("primary_key_columns");
        assertThatThrownBy(() -> create("main.default.p", "main.default.src", List.of("nope"))).isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.onlineTables().get("main.default.p")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> create("main.default.p", "main.default.nope", List.of("id"))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> create("main.nope.p", "main.default.src", List.of("id"))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.onlineTables().delete("main.default.p")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void aDroppedSourceShowsOfflineFailed() {
        create("main.default.o", "main.default.src", List.of("id"));
        sql("DROP TABLE main.default.src");
        OnlineTable got = w.onlineTables().get("main.default.o");
        assertThat(got.getStatus().getDetailedState()).isEqualTo(OnlineTableState.OFFLINE_FAILED);
        assertThat(got.getStatus().getMessage()).contains("main.default.src");
    }
}
