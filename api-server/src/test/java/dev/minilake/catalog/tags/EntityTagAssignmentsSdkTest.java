package dev.minilake.catalog.tags;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CreateEntityTagAssignmentRequest;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.CreateVolumeRequestContent;
import com.databricks.sdk.service.catalog.DeleteSchemaRequest;
import com.databricks.sdk.service.catalog.EntityTagAssignment;
import com.databricks.sdk.service.catalog.ListEntityTagAssignmentsRequest;
import com.databricks.sdk.service.catalog.UpdateEntityTagAssignmentRequest;
import com.databricks.sdk.service.catalog.VolumeType;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Entity tag assignments through the real Java SDK. */
class EntityTagAssignmentsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("s"));
        var r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("CREATE TABLE main.s.t (id INT, email STRING)").setWaitTimeout("30s"));
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
        w.volumes().create(new CreateVolumeRequestContent().setCatalogName("main").setSchemaName("s").setName("v")
                .setVolumeType(VolumeType.MANAGED));
    }

    EntityTagAssignment tag(String type, String name, String key, String value) {
        return w.entityTagAssignments().create(new CreateEntityTagAssignmentRequest().setTagAssignment(new EntityTagAssignment()
                .setEntityType(type).setEntityName(name).setTagKey(key).setTagValue(value)));
    }

    @Test
    void tagLifecycleOnEveryEntityType() {
        EntityTagAssignment created = tag("tables", "main.s.t", "owner_team", "data");
        assertThat(created.getEntityName()).isEqualTo("main.s.t");
        assertThat(created.getTagValue()).isEqualTo("data");
        assertThat(created.getUpdateTime()).isNotNull();
        tag("tables", "main.s.t", "pii", null);
        tag("catalogs", "main", "env", "dev");
        tag("schemas", "main.s", "env", "test");
        tag("columns", "main.s.t.email", "pii", "email");
        tag("volumes", "main.s.v", "raw", "yes");

        assertThat(w.entityTagAssignments().get("tables", "main.s.t", "owner_team").getTagValue()).isEqualTo("data");
        assertThat(w.entityTagAssignments().list("tables", "main.s.t")).extracting(EntityTagAssignment::getTagKey)
                .containsExactly("owner_team", "pii");
        assertThat(w.entityTagAssignments().list(new ListEntityTagAssignmentsRequest().setEntityType("tables")
                .setEntityName("main.s.t").setMaxResults(1L))).hasSize(2);
        assertThat(w.entityTagAssignments().get("columns", "main.s.t.email", "pii").getTagValue()).isEqualTo("email");
        assertThat(w.entityTagAssignments().get("schemas", "main.s", "env").getTagValue()).isEqualTo("test");
        assertThat(w.entityTagAssignments().get("catalogs", "main", "env").getTagValue()).isEqualTo("dev");
        assertThat(w.entityTagAssignments().list("volumes", "main.s.v")).hasSize(1);

        EntityTagAssignment u = w.entityTagAssignments().update(new UpdateEntityTagAssignmentRequest().setEntityType("tables")
                .setEntityName("main.s.t").setTagKey("owner_team").setUpdateMask("tag_value")
                .setTagAssignment(new EntityTagAssignment().setEntityType("tables").setEntityName("main.s.t").setTagKey("owner_team").setTagValue("ml")));
        assertThat(u.getTagValue()).isEqualTo("ml");
        assertThat(w.entityTagAssignments().get("tables", "main.s.t", "owner_team").getTagValue()).isEqualTo("ml");

        w.entityTagAssignments().delete("tables", "main.s.t", "owner_team");
        assertThatThrownBy(() -> w.entityTagAssignments().get("tables", "main.s.t", "owner_team")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.entityTagAssignments().list("tables", "main.s.t")).extracting(EntityTagAssignment::getTagKey).containsExactly("pii");
    }

    @Test
    void duplicateMissingAndUnknown() {
        tag("tables", "main.s.t", "k", "1");
        assertThatThrownBy(() -> tag("tables", "main.s.t", "k", "2")).isInstanceOf(ResourceAlreadyExists.class);
        assertThat(w.entityTagAssignments().get("tables", "main.s.t", "k").getTagValue()).isEqualTo("1");
        assertThatThrownBy(() -> tag("tables", "main.s.t", null, "x")).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("tag_key");
        assertThatThrownBy(() -> tag("widgets", "main.s.t", "x", "x")).isInstanceOf(InvalidParameterValue.class);
        assertThat(w.entityTagAssignments().list("tables", "main.s.t")).hasSize(1);
        assertThatThrownBy(() -> tag("tables", "main.s.nope", "k", "1")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> tag("columns", "main.s.t.nope", "k", "1")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> tag("volumes", "main.s.nope", "k", "1")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> tag("catalogs", "nope", "k", "1")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.entityTagAssignments().get("tables", "main.s.t", "nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.entityTagAssignments().delete("tables", "main.s.t", "nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.entityTagAssignments().update(new UpdateEntityTagAssignmentRequest().setEntityType("tables")
                .setEntityName("main.s.t").setTagKey("k").setUpdateMask("tag_key")
                .setTagAssignment(new EntityTagAssignment().setTagValue("z")))).isInstanceOf(InvalidParameterValue.class);
        assertThat(w.entityTagAssignments().get("tables", "main.s.t", "k").getTagValue()).isEqualTo("1");
    }

    @Test
    void tagsOfADroppedObjectDoNotComeBack() {
        tag("schemas", "main.s", "env", "old");
        w.schemas().delete(new DeleteSchemaRequest().setFullName("main.s").setForce(true));
        assertThatThrownBy(() -> w.entityTagAssignments().list("schemas", "main.s")).isInstanceOf(ResourceDoesNotExist.class);
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("s"));
        assertThat(w.entityTagAssignments().list("schemas", "main.s")).isEmpty();
        tag("schemas", "main.s", "env", "new");
        assertThat(w.entityTagAssignments().get("schemas", "main.s", "env").getTagValue()).isEqualTo("new");
    }
}
