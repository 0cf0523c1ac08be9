package dev.minilake.catalog;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CreateVolumeRequestContent;
import com.databricks.sdk.service.catalog.GenerateTemporaryVolumeCredentialRequest;
import com.databricks.sdk.service.catalog.VolumeInfo;
import com.databricks.sdk.service.catalog.VolumeOperation;
import com.databricks.sdk.service.catalog.VolumeType;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.minilake.support.UcFixtures.all;
import static dev.minilake.support.UcFixtures.managedTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** TemporaryVolumeCredentialsAPI through the real Java SDK: real volume lookup, an empty local credential. */
class TemporaryCredentialsVolumeSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void temporaryVolumeCredentialsForRealVolumes() {
        VolumeInfo v = w.volumes().create(new CreateVolumeRequestContent().setCatalogName("main").setSchemaName("default").setName("files")
                .setVolumeType(VolumeType.MANAGED));
        long before = System.currentTimeMillis();
        var c = w.temporaryVolumeCredentials().generateTemporaryVolumeCredentials(new GenerateTemporaryVolumeCredentialRequest()
                .setVolumeId(v.getVolumeId()).setOperation(VolumeOperation.WRITE_VOLUME));
        assertThat(c.getUrl()).isEqualTo(v.getStorageLocation());
        assertThat(c.getExpirationTime()).isGreaterThan(before);
        assertThat(c.getAwsTempCredentials()).isNull();
        assertThatThrownBy(() -> w.temporaryVolumeCredentials().generateTemporaryVolumeCredentials(new GenerateTemporaryVolumeCredentialRequest()
                .setVolumeId("00000000-0000-0000-0000-000000000000"))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.temporaryVolumeCredentials().generateTemporaryVolumeCredentials(new GenerateTemporaryVolumeCredentialRequest()))
                .isInstanceOf(InvalidParameterValue.class);
        w.volumes().delete("main.default.files");
        assertThatThrownBy(() -> w.temporaryVolumeCredentials().generateTemporaryVolumeCredentials(new GenerateTemporaryVolumeCredentialRequest()
                .setVolumeId(v.getVolumeId()))).isInstanceOf(ResourceDoesNotExist.class);
    }
}
