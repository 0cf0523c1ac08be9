package dev.minilake.catalog.governance;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.ArtifactMatcher;
import com.databricks.sdk.service.catalog.ArtifactType;
import com.databricks.sdk.service.catalog.ConnectionInfo;
import com.databricks.sdk.service.catalog.ConnectionType;
import com.databricks.sdk.service.catalog.CreateCatalog;
import com.databricks.sdk.service.catalog.CreateConnection;
import com.databricks.sdk.service.catalog.CreateStorageCredential;
import com.databricks.sdk.service.catalog.CredentialType;
import com.databricks.sdk.service.catalog.EnableRequest;
import com.databricks.sdk.service.catalog.GetBindingsRequest;
import com.databricks.sdk.service.catalog.ListConnectionsRequest;
import com.databricks.sdk.service.catalog.MatchType;
import com.databricks.sdk.service.catalog.SetArtifactAllowlist;
import com.databricks.sdk.service.catalog.SystemSchemaInfo;
import com.databricks.sdk.service.catalog.UpdateConnection;
import com.databricks.sdk.service.catalog.UpdateStorageCredential;
import com.databricks.sdk.service.catalog.UpdateWorkspaceBindings;
import com.databricks.sdk.service.catalog.UpdateWorkspaceBindingsParameters;
import com.databricks.sdk.service.catalog.WorkspaceBinding;
import com.databricks.sdk.service.catalog.WorkspaceBindingBindingType;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.minilake.support.UcFixtures.all;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Connections, workspace bindings, artifact allowlists and system schemas through the real Java SDK. */
class UcGovernanceSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void connectionsCrudNeverReturnSecrets() {
        ConnectionInfo c = w.connections().create(new CreateConnection().setName("pg").setConnectionType(ConnectionType.POSTGRESQL)
                .setOptions(Map.of("host", "db.local", "port", "5432", "user", "ana", "password", "s3cret")).setComment("orders db"));
        assertThat(c.getConnectionId()).isNotBlank();
        assertThat(c.getFullName()).isEqualTo("pg");
        assertThat(c.getUrl()).isEqualTo("db.local:5432");
        assertThat(c.getCredentialType()).isEqualTo(CredentialType.USERNAME_PASSWORD);
        assertThat(c.getOptions()).containsEntry("user", "ana").doesNotContainKey("password");
        assertThat(server.send("GET", "/api/2.1/unity-catalog/connections/pg", null).body()).doesNotContain("s3cret");

        w.connections().create(new CreateConnection().setName("mysql1").setConnectionType(ConnectionType.MYSQL).setOptions(Map.of("host", "m")));
        assertThat(all(w.connections().list(new ListConnectionsRequest()))).extracting(ConnectionInfo::getName).containsExactly("mysql1", "pg");

        ConnectionInfo u = w.connections().update(new UpdateConnection().setName("pg").setNewName("pg2").setOwner("team")
                .setOptions(Map.of("host", "db2.local", "user", "bob", "password", "x")));
        assertThat(u.getName()).isEqualTo("pg2");
        assertThat(u.getOwner()).isEqualTo("team");
        assertThat(u.getUrl()).isEqualTo("db2.local");
        assertThat(u.getConnectionId()).isEqualTo(c.getConnectionId());
        assertThat(w.connections().get("PG2").getOptions()).containsEntry("user", "bob");

        w.connections().delete("pg2");
        assertThatThrownBy(() -> w.connections().get("pg2")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void connectionErrorsChangeNothing() {
        w.connections().create(new CreateConnection().setName("c").setConnectionType(ConnectionType.MYSQL).setOptions(Map.of("host", "h")));
        assertThatThrownBy(() -> w.connections().create(new CreateConnection().setName("C").setConnectionType(ConnectionType.MYSQL)
                .setOptions(Map.of("host", "h")))).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.connections().create(new CreateConnection().setName("x").setOptions(Map.of("host", "h"))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("connection_type");
        assertThatThrownBy(() -> w.connections().create(new CreateConnection().setName("x").setConnectionType(ConnectionType.MYSQL)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("options");
        assertThat(all(w.connections().list(new ListConnectionsRequest()))).hasSize(1);
        assertThatThrownBy(() -> w.connections().get("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.connections().delete("nope")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void catalogWorkspaceBindings() {
        long ws = w.metastores().current().getWorkspaceId();
        w.catalogs().create(new CreateCatalog().setName("sales"));
        assertThat(w.workspaceBindings().get("sales").getWorkspaces()).isNullOrEmpty();
        var u = w.workspaceBindings().update(new UpdateWorkspaceBindings().setName("sales").setAssignWorkspaces(List.of(ws, 77L)));
        assertThat(u.getWorkspaces()).containsExactlyInAnyOrder(ws, 77L);
        w.workspaceBindings().update(new UpdateWorkspaceBindings().setName("sales").setUnassignWorkspaces(List.of(77L)));
        assertThat(w.workspaceBindings().get("sales").getWorkspaces()).containsExactly(ws);
        // the same data through the securable form
        assertThat(all(w.workspaceBindings().getBindings("catalog", "sales"))).singleElement().satisfies(b -> {
            assertThat(b.getWorkspaceId()).isEqualTo(ws);
            assertThat(b.getBindingType()).isEqualTo(WorkspaceBindingBindingType.BINDING_TYPE_READ_WRITE);
        });
        // a dropped and re-created catalog starts unbound
        w.catalogs().delete("sales");
        w.catalogs().create(new CreateCatalog().setName("sales"));
        assertThat(w.workspaceBindings().get("sales").getWorkspaces()).isNullOrEmpty();
        assertThatThrownBy(() -> w.workspaceBindings().get("ghost")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.workspaceBindings().update(new UpdateWorkspaceBindings().setName("ghost").setAssignWorkspaces(List.of(1L))))
                .isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void securableBindingsFollowRenamesAndValidate() {
        w.storageCredentials().create(new CreateStorageCredential().setName("cred"));
        var r = w.workspaceBindings().updateBindings(new UpdateWorkspaceBindingsParameters().setSecurableType("storage_credential")
                .setSecurableName("cred").setAdd(List.of(new WorkspaceBinding().setWorkspaceId(5L)
                        .setBindingType(WorkspaceBindingBindingType.BINDING_TYPE_READ_ONLY), new WorkspaceBinding().setWorkspaceId(6L))));
        assertThat(r.getBindings()).extracting(WorkspaceBinding::getWorkspaceId).containsExactly(5L, 6L);
        w.storageCredentials().update(new UpdateStorageCredential().setName("cred").setNewName("cred2"));
        List<WorkspaceBinding> got = all(w.workspaceBindings().getBindings(new GetBindingsRequest().setSecurableType("credential")
                .setSecurableName("cred2")));
        assertThat(got).extracting(WorkspaceBinding::getBindingType)
                .containsExactly(WorkspaceBindingBindingType.BINDING_TYPE_READ_ONLY, WorkspaceBindingBindingType.BINDING_TYPE_READ_WRITE);
        var page = server.send("GET", "/api/2.1/unity-catalog/bindings/credential/cred2?max_results=1", null).body();
        assertThat(page).contains("\"next_page_token\":\"5\"");

        assertThatThrownBy(() -> w.workspaceBindings().updateBindings(new UpdateWorkspaceBindingsParameters().setSecurableType("credential")
                .setSecurableName("cred2").setAdd(List.of(new WorkspaceBinding().setWorkspaceId(-1L))))).isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.workspaceBindings().updateBindings(new UpdateWorkspaceBindingsParameters().setSecurableType("credential")
                .setSecurableName("cred2").setAdd(List.of(new WorkspaceBinding())))).isInstanceOf(InvalidParameterValue.class);
        assertThat(all(w.workspaceBindings().getBindings("credential", "cred2"))).hasSize(2);
        assertThatThrownBy(() -> w.workspaceBindings().getBindings("table", "main.default.t").iterator().next())
                .isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.workspaceBindings().getBindings("external_location", "ghost").iterator().next())
                .isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void artifactAllowlists() {
        var empty = w.artifactAllowlists().get(ArtifactType.LIBRARY_JAR);
        assertThat(empty.getArtifactMatchers()).isNullOrEmpty();
        assertThat(empty.getMetastoreId()).isEqualTo(w.metastores().summary().getMetastoreId());
        var set = w.artifactAllowlists().update(new SetArtifactAllowlist().setArtifactType(ArtifactType.LIBRARY_JAR)
                .setArtifactMatchers(List.of(new ArtifactMatcher().setArtifact("/Volumes/main/default/jars/").setMatchType(MatchType.PREFIX_MATCH))));
        assertThat(set.getCreatedBy()).isNotBlank();
        assertThat(w.artifactAllowlists().get(ArtifactType.LIBRARY_JAR).getArtifactMatchers())
                .extracting(ArtifactMatcher::getArtifact).containsExactly("/Volumes/main/default/jars/");
        assertThat(w.artifactAllowlists().get(ArtifactType.INIT_SCRIPT).getArtifactMatchers()).isNullOrEmpty();
        // a bad matcher changes nothing
        assertThatThrownBy(() -> w.artifactAllowlists().update(new SetArtifactAllowlist().setArtifactType(ArtifactType.LIBRARY_JAR)
                .setArtifactMatchers(List.of(new ArtifactMatcher().setMatchType(MatchType.PREFIX_MATCH))))).isInstanceOf(InvalidParameterValue.class);
        assertThat(w.artifactAllowlists().get(ArtifactType.LIBRARY_JAR).getArtifactMatchers()).hasSize(1);
        w.artifactAllowlists().update(new SetArtifactAllowlist().setArtifactType(ArtifactType.LIBRARY_JAR).setArtifactMatchers(List.of()));
        assertThat(w.artifactAllowlists().get(ArtifactType.LIBRARY_JAR).getArtifactMatchers()).isNullOrEmpty();
        assertThat(server.send("GET", "/api/2.1/unity-catalog/artifact-allowlists/WHEEL", null).statusCode()).isEqualTo(400);
    }

    @Test
    void systemSchemasEnableAndDisable() {
        String ms = w.metastores().summary().getMetastoreId();
        List<SystemSchemaInfo> before = all(w.systemSchemas().list(ms));
        assertThat(before).extracting(SystemSchemaInfo::getSchema).contains("access", "billing", "compute", "query", "storage");
        assertThat(before).extracting(SystemSchemaInfo::getState).containsOnly("AVAILABLE");
        w.systemSchemas().enable(new EnableRequest().setMetastoreId(ms).setSchemaName("access"));
        assertThat(all(w.systemSchemas().list(ms))).filteredOn(s -> s.getSchema().equals("access"))
                .singleElement().satisfies(s -> assertThat(s.getState()).isEqualTo("ENABLE_COMPLETED"));
        assertThat(all(w.systemSchemas().list(ms))).filteredOn(s -> s.getState().equals("ENABLE_COMPLETED")).hasSize(1);
        w.systemSchemas().disable(ms, "access");
        assertThat(all(w.systemSchemas().list(ms))).extracting(SystemSchemaInfo::getState).containsOnly("AVAILABLE");
        assertThatThrownBy(() -> w.systemSchemas().enable(new EnableRequest().setMetastoreId(ms).setSchemaName("nonsense")))
                .isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> all(w.systemSchemas().list("00000000-0000-0000-0000-000000000000")))
                .isInstanceOf(ResourceDoesNotExist.class);
    }
}
