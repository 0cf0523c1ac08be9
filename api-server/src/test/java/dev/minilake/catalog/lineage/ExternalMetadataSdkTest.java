package dev.minilake.catalog.lineage;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CreateExternalMetadataRequest;
import com.databricks.sdk.service.catalog.ExternalMetadata;
import com.databricks.sdk.service.catalog.ListExternalMetadataRequest;
import com.databricks.sdk.service.catalog.SystemType;
import com.databricks.sdk.service.catalog.UpdateExternalMetadataRequest;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** External metadata objects through the real Java SDK. */
class ExternalMetadataSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    ExternalMetadata create(String name) {
        return w.externalMetadata().createExternalMetadata(new CreateExternalMetadataRequest().setExternalMetadata(new ExternalMetadata()
                .setName(name).setSystemType(SystemType.KAFKA).setEntityType("topic").setColumns(List.of("id", "payload"))
                .setProperties(Map.of("cluster", "prod")).setUrl("kafka://prod/orders")));
    }

    @Test
    void lifecycle() {
        ExternalMetadata created = create("orders_topic");
        assertThat(created.getId()).isNotBlank();
        assertThat(created.getCreatedBy()).isNotBlank();
        assertThat(created.getCreateTime()).isNotBlank();
        ExternalMetadata got = w.externalMetadata().getExternalMetadata("orders_topic");
        assertThat(got.getSystemType()).isEqualTo(SystemType.KAFKA);
        assertThat(got.getColumns()).containsExactly("id", "payload");
        assertThat(got.getProperties()).containsEntry("cluster", "prod");
        create("another");
        assertThat(w.externalMetadata().listExternalMetadata(new ListExternalMetadataRequest())).extracting(ExternalMetadata::getName)
                .containsExactly("another", "orders_topic");
        assertThat(w.externalMetadata().listExternalMetadata(new ListExternalMetadataRequest().setPageSize(1L))).hasSize(2);

        ExternalMetadata u = w.externalMetadata().updateExternalMetadata(new UpdateExternalMetadataRequest().setName("orders_topic")
                .setUpdateMask("description,url").setExternalMetadata(new ExternalMetadata().setDescription("all orders")));
        assertThat(u.getDescription()).isEqualTo("all orders");
        assertThat(u.getUrl()).isNull();                 // in the mask, not sent: cleared
        assertThat(u.getEntityType()).isEqualTo("topic"); // not in the mask: kept
        w.externalMetadata().updateExternalMetadata(new UpdateExternalMetadataRequest().setName("orders_topic")
                .setUpdateMask("name").setExternalMetadata(new ExternalMetadata().setName("orders")));
        assertThatThrownBy(() -> w.externalMetadata().getExternalMetadata("orders_topic")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.externalMetadata().getExternalMetadata("orders").getDescription()).isEqualTo("all orders");

        w.externalMetadata().deleteExternalMetadata("orders");
        assertThatThrownBy(() -> w.externalMetadata().getExternalMetadata("orders")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void duplicateMissingAndUnknown() {
        create("t");
        assertThatThrownBy(() -> create("T")).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.externalMetadata().createExternalMetadata(new CreateExternalMetadataRequest().setExternalMetadata(
                new ExternalMetadata().setName("x").setEntityType("topic")))).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("system_type");
        assertThat(w.externalMetadata().listExternalMetadata(new ListExternalMetadataRequest())).hasSize(1);
        assertThatThrownBy(() -> w.externalMetadata().getExternalMetadata("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.externalMetadata().deleteExternalMetadata("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.externalMetadata().updateExternalMetadata(new UpdateExternalMetadataRequest().setName("t")
                .setUpdateMask("id").setExternalMetadata(new ExternalMetadata().setId("x")))).isInstanceOf(InvalidParameterValue.class);
        create("u");
        assertThatThrownBy(() -> w.externalMetadata().updateExternalMetadata(new UpdateExternalMetadataRequest().setName("t")
                .setUpdateMask("name").setExternalMetadata(new ExternalMetadata().setName("u")))).isInstanceOf(ResourceAlreadyExists.class);
        assertThat(w.externalMetadata().getExternalMetadata("t").getName()).isEqualTo("t");
    }
}
