package dev.minilake.security;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.service.catalog.CreateVolumeRequestContent;
import com.databricks.sdk.service.catalog.VolumeType;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** EXTERNAL volumes stay inside the storage roots (issue 17, finding 2), through the real Java SDK. */
class VolumeConfinementSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    CreateVolumeRequestContent external(String name, String location) {
        return new CreateVolumeRequestContent().setCatalogName("main").setSchemaName("default").setName(name)
                .setVolumeType(VolumeType.EXTERNAL).setStorageLocation(location);
    }

    @Test
    void locationsOutsideTheStorageRootsAreRefusedAndNothingIsRecorded() {
        List<String> escapes = List.of("/etc", "/root", "/", "/proc/self", "file:///etc", "file:/etc",
                server.dataDir().resolve("control").toString(), server.dataDir().resolve("keys").toString(),
                server.dataDir().resolve("workspace").toString(), server.dataDir().toString(),
                server.dataDir().resolve("external/../control").toString(), "s3://bucket/x", "relative/dir");
        int i = 0;
        for (String location : escapes) {
            String name = "v" + i++;
            assertThatThrownBy(() -> w.volumes().create(external(name, location))).as(location)
                    .isInstanceOf(InvalidParameterValue.class)
                    // the message echoes the location sent, but never names the data dir's own roots
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("[" + server.dataDir()));
        }
        assertThat(w.volumes().list("main", "default")).isEmpty();
    }

    @Test
    void aVolumeInsideTheLakeWorksAndCannotBeOverlapped() throws Exception {
        Path dir = server.dataDir().resolve("external/landing");
        w.volumes().create(external("landing", dir.toString()));
        w.files().upload(new com.databricks.sdk.service.files.UploadRequest().setFilePath("/Volumes/main/default/landing/a.txt").setContents(new ByteArrayInputStream("hi".getBytes())));
        assertThat(Files.readString(dir.resolve("a.txt"))).isEqualTo("hi");
        assertThatThrownBy(() -> w.volumes().create(external("inner", dir.resolve("sub").toString())))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("overlaps");
        // the Files API cannot leave the volume either
        assertThatThrownBy(() -> w.files().download("/Volumes/main/default/landing/../../../../etc/passwd"))
                .isInstanceOf(InvalidParameterValue.class);
    }
}
