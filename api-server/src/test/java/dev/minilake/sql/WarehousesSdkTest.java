package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.sql.CreateWarehouseRequest;
import com.databricks.sdk.service.sql.DataSource;
import com.databricks.sdk.service.sql.EditWarehouseRequest;
import com.databricks.sdk.service.sql.GetWarehouseResponse;
import com.databricks.sdk.service.sql.State;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Warehouses through the real Java SDK, waiters included. */
class WarehousesSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void lifecycleEditDeleteAndDataSources() throws Exception {
        GetWarehouseResponse created = w.warehouses().create(new CreateWarehouseRequest().setName("wh")
                .setClusterSize("Small").setAutoStopMins(10L).setMaxNumClusters(1L)).get(Duration.ofSeconds(30));
        assertThat(created.getState()).isEqualTo(State.RUNNING);
        assertThat(created.getOdbcParams().getPath()).isEqualTo("/sql/1.0/warehouses/" + created.getId());
        assertThat(created.getJdbcUrl()).contains(created.getId());
        assertThat(created.getCreatorName()).isNotBlank();

        assertThat(w.warehouses().stop(new com.databricks.sdk.service.sql.StopRequest().setId(created.getId())).get(Duration.ofSeconds(30)).getState()).isEqualTo(State.STOPPED);
        assertThat(w.warehouses().start(new com.databricks.sdk.service.sql.StartRequest().setId(created.getId())).get(Duration.ofSeconds(30)).getState()).isEqualTo(State.RUNNING);

        w.warehouses().edit(new EditWarehouseRequest().setId(created.getId()).setName("renamed").setClusterSize("Medium"))
                .get(Duration.ofSeconds(30));
        GetWarehouseResponse edited = w.warehouses().get(created.getId());
        assertThat(edited.getName()).isEqualTo("renamed");
        assertThat(edited.getClusterSize()).isEqualTo("Medium");
        assertThat(edited.getAutoStopMins()).isEqualTo(10L);

        assertThat(StreamSupport.stream(w.warehouses().list(new com.databricks.sdk.service.sql.ListWarehousesRequest()).spliterator(), false))
                .extracting(e -> e.getId()).containsExactly(created.getId());
        assertThat(StreamSupport.stream(w.dataSources().list().spliterator(), false))
                .extracting(DataSource::getWarehouseId).containsExactly(created.getId());

        w.warehouses().delete(created.getId());
        assertThatThrownBy(() -> w.warehouses().get(created.getId())).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void workspaceConfigRoundTrips() {
        w.warehouses().setWorkspaceWarehouseConfig(new com.databricks.sdk.service.sql.SetWorkspaceWarehouseConfigRequest()
                .setInstanceProfileArn("arn:x"));
        assertThat(w.warehouses().getWorkspaceWarehouseConfig().getInstanceProfileArn()).isEqualTo("arn:x");
    }
}
