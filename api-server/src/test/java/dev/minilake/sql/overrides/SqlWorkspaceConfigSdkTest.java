package dev.minilake.sql.overrides;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.sql.CreateDefaultWarehouseOverrideRequest;
import com.databricks.sdk.service.sql.CreateWarehouseRequest;
import com.databricks.sdk.service.sql.DefaultWarehouseOverride;
import com.databricks.sdk.service.sql.DefaultWarehouseOverrideType;
import com.databricks.sdk.service.sql.ListDefaultWarehouseOverridesRequest;
import com.databricks.sdk.service.sql.UpdateDefaultWarehouseOverrideRequest;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Default warehouse overrides and the SQL client config through the real Java SDK. */
class SqlWorkspaceConfigSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void overridesCrud() throws Exception {
        String wh = w.warehouses().create(new CreateWarehouseRequest().setName("wh")).get(Duration.ofSeconds(30)).getId();
        DefaultWarehouseOverride o = w.warehouses().createDefaultWarehouseOverride(new CreateDefaultWarehouseOverrideRequest()
                .setDefaultWarehouseOverrideId("me").setDefaultWarehouseOverride(new DefaultWarehouseOverride()
                        .setType(DefaultWarehouseOverrideType.CUSTOM).setWarehouseId(wh)));
        assertThat(o.getName()).isEqualTo("default-warehouse-overrides/4242424242424242");
        assertThat(w.warehouses().getDefaultWarehouseOverride(o.getName()).getWarehouseId()).isEqualTo(wh);
        assertThatThrownBy(() -> w.warehouses().createDefaultWarehouseOverride(new CreateDefaultWarehouseOverrideRequest()
                .setDefaultWarehouseOverrideId("me").setDefaultWarehouseOverride(new DefaultWarehouseOverride()
                        .setType(DefaultWarehouseOverrideType.LAST_SELECTED)))).isInstanceOf(ResourceAlreadyExists.class);

        DefaultWarehouseOverride u = w.warehouses().updateDefaultWarehouseOverride(new UpdateDefaultWarehouseOverrideRequest()
                .setName(o.getName()).setUpdateMask(com.google.protobuf.FieldMask.newBuilder().addPaths("type").addPaths("warehouse_id").build())
                .setDefaultWarehouseOverride(new DefaultWarehouseOverride().setType(DefaultWarehouseOverrideType.LAST_SELECTED)));
        assertThat(u.getType()).isEqualTo(DefaultWarehouseOverrideType.LAST_SELECTED);
        assertThat(u.getWarehouseId()).isNull();
        assertThat(w.warehouses().listDefaultWarehouseOverrides(new ListDefaultWarehouseOverridesRequest())).hasSize(1);

        assertThatThrownBy(() -> w.warehouses().createDefaultWarehouseOverride(new CreateDefaultWarehouseOverrideRequest()
                .setDefaultWarehouseOverrideId("7").setDefaultWarehouseOverride(new DefaultWarehouseOverride()
                        .setType(DefaultWarehouseOverrideType.CUSTOM).setWarehouseId("no-such")))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.warehouses().createDefaultWarehouseOverride(new CreateDefaultWarehouseOverrideRequest()
                .setDefaultWarehouseOverrideId("7").setDefaultWarehouseOverride(new DefaultWarehouseOverride()
                        .setType(DefaultWarehouseOverrideType.CUSTOM)))).isInstanceOf(InvalidParameterValue.class);
        w.warehouses().deleteDefaultWarehouseOverride(o.getName());
        assertThatThrownBy(() -> w.warehouses().getDefaultWarehouseOverride(o.getName())).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void redashConfig() {
        var c = w.redashConfig().getConfig();
        assertThat(c.getAllowDownloads()).isTrue();
        assertThat(c.getAllowSubscriptions()).as("MiniLake sends no mail").isFalse();
    }
}
