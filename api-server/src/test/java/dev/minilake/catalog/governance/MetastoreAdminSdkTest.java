package dev.minilake.catalog.governance;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CatalogInfo;
import com.databricks.sdk.service.catalog.CreateMetastore;
import com.databricks.sdk.service.catalog.CreateMetastoreAssignment;
import com.databricks.sdk.service.catalog.DeleteMetastoreRequest;
import com.databricks.sdk.service.catalog.DeltaSharingScopeEnum;
import com.databricks.sdk.service.catalog.ListMetastoresRequest;
import com.databricks.sdk.service.catalog.MetastoreInfo;
import com.databricks.sdk.service.catalog.UnassignRequest;
import com.databricks.sdk.service.catalog.UpdateMetastore;
import com.databricks.sdk.service.catalog.UpdateMetastoreAssignment;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Created metastores and the workspace's assignment through the real Java SDK; the built-in metastore stays. */
class MetastoreAdminSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    String builtIn;
    long ws;

    @BeforeEach
    void reset() {
        server.reset();
        builtIn = w.metastores().summary().getMetastoreId();
        ws = w.metastores().current().getWorkspaceId();
    }

    List<MetastoreInfo> list() {
        return StreamSupport.stream(w.metastores().list(new ListMetastoresRequest()).spliterator(), false).toList();
    }

    @Test
    void createGetListUpdateDelete() {
        MetastoreInfo m = w.metastores().create(new CreateMetastore().setName("eu").setRegion("eu-west-1").setStorageRoot("/data/eu"));
        assertThat(m.getMetastoreId()).isNotBlank().isNotEqualTo(builtIn);
        assertThat(w.metastores().get(m.getMetastoreId()).getRegion()).isEqualTo("eu-west-1");
        assertThat(list()).extracting(MetastoreInfo::getName).containsExactly("eu", "minilake");

        MetastoreInfo u = w.metastores().update(new UpdateMetastore().setId(m.getMetastoreId()).setNewName("europe").setOwner("admins")
                .setDeltaSharingScope(DeltaSharingScopeEnum.INTERNAL_AND_EXTERNAL).setDeltaSharingRecipientTokenLifetimeInSeconds(3600L));
        assertThat(u.getName()).isEqualTo("europe");
        assertThat(u.getOwner()).isEqualTo("admins");
        assertThat(w.metastores().get(m.getMetastoreId()).getDeltaSharingRecipientTokenLifetimeInSeconds()).isEqualTo(3600L);

        w.metastores().delete(m.getMetastoreId());
        assertThatThrownBy(() -> w.metastores().get(m.getMetastoreId())).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(list()).extracting(MetastoreInfo::getMetastoreId).containsExactly(builtIn);

        // undrop brings it back with its id (no Java SDK method in 0.141: the raw route)
        var undrop = server.send("POST", "/api/2.1/unity-catalog/metastores:undropById", "{\"id\":\"" + m.getMetastoreId() + "\"}");
        assertThat(undrop.statusCode()).isEqualTo(200);
        assertThat(undrop.body()).contains("\"name\":\"europe\"");
        assertThat(w.metastores().get(m.getMetastoreId()).getName()).isEqualTo("europe");
        assertThat(server.send("POST", "/api/2.1/unity-catalog/metastores:undropById", "{\"id\":\"nope\"}").statusCode()).isEqualTo(404);
    }

    @Test
    void errors() {
        w.metastores().create(new CreateMetastore().setName("eu"));
        assertThatThrownBy(() -> w.metastores().create(new CreateMetastore().setName("EU"))).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.metastores().create(new CreateMetastore().setName("minilake"))).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.metastores().create(new CreateMetastore().setRegion("x"))).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("name");
        assertThat(list()).hasSize(2);
        assertThatThrownBy(() -> w.metastores().get("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.metastores().update(new UpdateMetastore().setId("nope").setOwner("x"))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.metastores().delete("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.metastores().delete(builtIn)).isInstanceOf(InvalidParameterValue.class);
        assertThat(w.metastores().get(builtIn).getName()).isEqualTo("minilake");
    }

    @Test
    void theBuiltInMetastoreCanBeUpdatedAndKeepsItsId() {
        w.metastores().update(new UpdateMetastore().setId(builtIn).setOwner("platform"));
        assertThat(w.metastores().summary().getOwner()).isEqualTo("platform");
        assertThat(w.metastores().summary().getMetastoreId()).isEqualTo(builtIn);
        assertThat(w.catalogs().get("main").getMetastoreId()).isEqualTo(builtIn);
    }

    @Test
    void assignmentMovesTheWorkspaceButNotTheCatalogs() {
        MetastoreInfo m = w.metastores().create(new CreateMetastore().setName("eu"));
        w.metastores().assign(new CreateMetastoreAssignment().setWorkspaceId(ws).setMetastoreId(m.getMetastoreId()).setDefaultCatalogName("main"));
        var cur = w.metastores().current();
        assertThat(cur.getMetastoreId()).isEqualTo(m.getMetastoreId());
        assertThat(cur.getDefaultCatalogName()).isEqualTo("main");
        CatalogInfo main = w.catalogs().get("main");
        assertThat(main.getMetastoreId()).isEqualTo(builtIn);
        assertThat(w.metastores().summary().getMetastoreId()).isEqualTo(builtIn);

        // the assigned metastore cannot be deleted without force
        assertThatThrownBy(() -> w.metastores().delete(m.getMetastoreId())).isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.metastores().updateAssignment(new UpdateMetastoreAssignment().setWorkspaceId(ws)
                .setDefaultCatalogName("ghost"))).isInstanceOf(ResourceDoesNotExist.class);
        w.metastores().updateAssignment(new UpdateMetastoreAssignment().setWorkspaceId(ws).setMetastoreId(builtIn));
        assertThat(w.metastores().current().getMetastoreId()).isEqualTo(builtIn);
        assertThatThrownBy(() -> w.metastores().unassign(new UnassignRequest().setWorkspaceId(ws).setMetastoreId(builtIn)))
                .isInstanceOf(InvalidParameterValue.class);

        w.metastores().assign(new CreateMetastoreAssignment().setWorkspaceId(ws).setMetastoreId(m.getMetastoreId()));
        w.metastores().unassign(new UnassignRequest().setWorkspaceId(ws).setMetastoreId(m.getMetastoreId()));
        assertThat(w.metastores().current().getMetastoreId()).isEqualTo(builtIn);

        w.metastores().assign(new CreateMetastoreAssignment().setWorkspaceId(ws).setMetastoreId(m.getMetastoreId()));
        w.metastores().delete(new DeleteMetastoreRequest().setId(m.getMetastoreId()).setForce(true));
        assertThat(w.metastores().current().getMetastoreId()).isEqualTo(builtIn);

        assertThatThrownBy(() -> w.metastores().assign(new CreateMetastoreAssignment().setWorkspaceId(ws + 1).setMetastoreId(builtIn)))
                .isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.metastores().assign(new CreateMetastoreAssignment().setWorkspaceId(ws).setMetastoreId("nope")))
                .isInstanceOf(ResourceDoesNotExist.class);
    }
}
