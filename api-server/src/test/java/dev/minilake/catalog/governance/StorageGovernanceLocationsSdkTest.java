package dev.minilake.catalog.governance;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.ColumnInfo;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateExternalLocation;
import com.databricks.sdk.service.catalog.CreateStorageCredential;
import com.databricks.sdk.service.catalog.CreateTableRequest;
import com.databricks.sdk.service.catalog.DataSourceFormat;
import com.databricks.sdk.service.catalog.DeleteExternalLocationRequest;
import com.databricks.sdk.service.catalog.DeleteStorageCredentialRequest;
import com.databricks.sdk.service.catalog.ExternalLocationInfo;
import com.databricks.sdk.service.catalog.ListExternalLocationsRequest;
import com.databricks.sdk.service.catalog.TableType;
import com.databricks.sdk.service.catalog.UpdateExternalLocation;
import com.databricks.sdk.service.catalog.UpdateStorageCredential;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** External locations through the real Java SDK: confined urls, existing credentials, in-use checks. */
class StorageGovernanceLocationsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    Path root;

    @BeforeEach
    void reset() {
        server.reset();
        root = server.dataDir().resolve("external/locations-" + UUID.randomUUID());
        w.storageCredentials().create(new CreateStorageCredential().setName("cred"));
    }

    @Test
    void crud() {
        ExternalLocationInfo l = w.externalLocations().create(new CreateExternalLocation().setName("landing")
                .setUrl("file://" + root.resolve("landing")).setCredentialName("cred").setComment("raw files"));
        assertThat(l.getUrl()).isEqualTo("file://" + root.resolve("landing"));
        assertThat(l.getCredentialName()).isEqualTo("cred");
        assertThat(l.getOwner()).isNotBlank();
        assertThat(w.externalLocations().get("LANDING").getComment()).isEqualTo("raw files");

        w.externalLocations().create(new CreateExternalLocation().setName("archive").setUrl(root.resolve("archive").toString())
                .setCredentialName("cred"));
        assertThat(StreamSupport.stream(w.externalLocations().list(new ListExternalLocationsRequest()).spliterator(), false))
                .extracting(ExternalLocationInfo::getName).containsExactly("archive", "landing");

        ExternalLocationInfo u = w.externalLocations().update(new UpdateExternalLocation().setName("landing").setComment("moved")
                .setUrl(root.resolve("landing2").toString()).setReadOnly(true));
        assertThat(u.getUrl()).isEqualTo(root.resolve("landing2").toString());
        assertThat(u.getReadOnly()).isTrue();
        // the location follows a renamed credential
        w.storageCredentials().update(new UpdateStorageCredential().setName("cred").setNewName("cred2"));
        assertThat(w.externalLocations().get("landing").getCredentialName()).isEqualTo("cred2");

        w.externalLocations().delete("landing");
        assertThatThrownBy(() -> w.externalLocations().get("landing")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void urlsAreConfinedAndMustNotOverlap() {
        assertThatThrownBy(() -> w.externalLocations().create(new CreateExternalLocation().setName("etc").setUrl("/etc/x")
                .setCredentialName("cred"))).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("outside the allowed storage roots");
        assertThatThrownBy(() -> w.externalLocations().create(new CreateExternalLocation().setName("s3").setUrl("s3://bucket/x")
                .setCredentialName("cred"))).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("url");
        assertThatThrownBy(() -> w.externalLocations().create(new CreateExternalLocation().setName("dots")
                .setUrl(root + "/../../../etc").setCredentialName("cred"))).isInstanceOf(InvalidParameterValue.class);
        w.externalLocations().create(new CreateExternalLocation().setName("a").setUrl(root.resolve("a").toString()).setCredentialName("cred"));
        assertThatThrownBy(() -> w.externalLocations().create(new CreateExternalLocation().setName("inner")
                .setUrl(root.resolve("a/b").toString()).setCredentialName("cred"))).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("overlaps");
        assertThatThrownBy(() -> w.externalLocations().create(new CreateExternalLocation().setName("A")
                .setUrl(root.resolve("z").toString()).setCredentialName("cred"))).isInstanceOf(ResourceAlreadyExists.class);
        assertThat(w.externalLocations().list(new ListExternalLocationsRequest())).hasSize(1);
    }

    @Test
    void credentialMustExistUnlessValidationIsSkipped() {
        assertThatThrownBy(() -> w.externalLocations().create(new CreateExternalLocation().setName("x").setUrl(root.resolve("x").toString())
                .setCredentialName("ghost"))).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("ghost");
        assertThatThrownBy(() -> w.externalLocations().create(new CreateExternalLocation().setName("x").setUrl(root.resolve("x").toString())))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("credential_name");
        assertThat(w.externalLocations().list(new ListExternalLocationsRequest())).isEmpty();
        var skipped = w.externalLocations().create(new CreateExternalLocation().setName("x").setUrl(root.resolve("x").toString())
                .setCredentialName("ghost").setSkipValidation(true));
        assertThat(skipped.getCredentialName()).isEqualTo("ghost");
        assertThatThrownBy(() -> w.externalLocations().get("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.externalLocations().delete("nope")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void inUseLocationsAndCredentialsNeedForce() {
        w.externalLocations().create(new CreateExternalLocation().setName("loc").setUrl(root.resolve("loc").toString()).setCredentialName("cred"));
        w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default").setName("ext")
                .setTableType(TableType.EXTERNAL).setDataSourceFormat(DataSourceFormat.DELTA)
                .setStorageLocation(root.resolve("loc/ext").toString())
                .setColumns(List.of(new ColumnInfo().setName("id").setTypeName(ColumnTypeName.LONG).setTypeText("bigint"))));
        assertThatThrownBy(() -> w.externalLocations().delete("loc")).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("main.default.ext");
        assertThatThrownBy(() -> w.externalLocations().update(new UpdateExternalLocation().setName("loc")
                .setUrl(root.resolve("elsewhere").toString()))).isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.storageCredentials().delete("cred")).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("loc");
        assertThat(w.externalLocations().get("loc").getUrl()).isEqualTo(root.resolve("loc").toString());

        w.tables().delete("main.default.ext");
        w.externalLocations().delete("loc");
        w.storageCredentials().delete(new DeleteStorageCredentialRequest().setName("cred"));
        assertThat(w.externalLocations().list(new ListExternalLocationsRequest())).isEmpty();
    }

    @Test
    void forceDeletesAnInUseLocation() {
        w.externalLocations().create(new CreateExternalLocation().setName("loc").setUrl(root.resolve("loc").toString()).setCredentialName("cred"));
        w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default").setName("ext")
                .setTableType(TableType.EXTERNAL).setDataSourceFormat(DataSourceFormat.DELTA)
                .setStorageLocation(root.resolve("loc/ext").toString())
                .setColumns(List.of(new ColumnInfo().setName("id").setTypeName(ColumnTypeName.LONG).setTypeText("bigint"))));
        w.externalLocations().delete(new DeleteExternalLocationRequest().setName("loc").setForce(true));
        assertThatThrownBy(() -> w.externalLocations().get("loc")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.tables().get("main.default.ext").getStorageLocation()).isEqualTo(root.resolve("loc/ext").toString());
    }
}
