package dev.minilake.compute;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.service.compute.ClusterLibraryStatuses;
import com.databricks.sdk.service.compute.CreateCluster;
import com.databricks.sdk.service.compute.InstallLibraries;
import com.databricks.sdk.service.compute.Library;
import com.databricks.sdk.service.compute.LibraryFullStatus;
import com.databricks.sdk.service.compute.LibraryInstallStatus;
import com.databricks.sdk.service.compute.MavenLibrary;
import com.databricks.sdk.service.compute.PythonPyPiLibrary;
import com.databricks.sdk.service.compute.RestartCluster;
import com.databricks.sdk.service.compute.UninstallLibraries;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Library install states per cluster: PENDING → INSTALLING → INSTALLED, UNINSTALL_ON_RESTART. */
class LibrariesSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    final Library pandas = new Library().setPypi(new PythonPyPiLibrary().setPackage("pandas==2.2.2"));
    final Library jar = new Library().setMaven(new MavenLibrary().setCoordinates("io.delta:delta-spark_2.12:3.2.0"));

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void installProgressesOnARunningClusterAndUninstallWaitsForRestart() throws Exception {
        String id = w.clusters().create(new CreateCluster().setSparkVersion("15.4.x-scala2.12").setNumWorkers(0L))
                .get(Duration.ofSeconds(20)).getClusterId();
        w.libraries().install(new InstallLibraries().setClusterId(id).setLibraries(List.of(pandas, jar)));
        assertThat(statuses(id)).extracting(LibraryFullStatus::getStatus).containsOnly(LibraryInstallStatus.PENDING);
        await().atMost(Duration.ofSeconds(10)).until(() -> statuses(id).stream()
                .allMatch(s -> s.getStatus() == LibraryInstallStatus.INSTALLED));
        assertThat(statuses(id).get(0).getLibrary().getPypi().getPackage()).isEqualTo("pandas==2.2.2");

        List<ClusterLibraryStatuses> all = StreamSupport.stream(w.libraries().allClusterStatuses().spliterator(), false).toList();
        assertThat(all).extracting(ClusterLibraryStatuses::getClusterId).containsExactly(id);

        w.libraries().uninstall(new UninstallLibraries().setClusterId(id).setLibraries(List.of(pandas)));
        assertThat(statuses(id)).extracting(LibraryFullStatus::getStatus)
                .containsExactly(LibraryInstallStatus.UNINSTALL_ON_RESTART, LibraryInstallStatus.INSTALLED);
        w.clusters().restart(new RestartCluster().setClusterId(id)).get(Duration.ofSeconds(20));
        await().atMost(Duration.ofSeconds(10)).until(() -> statuses(id).size() == 1);
        assertThat(statuses(id).get(0).getLibrary().getMaven()).isNotNull();
    }

    @Test
    void librariesWaitForATerminatedClusterToStart() throws Exception {
        String id = w.clusters().create(new CreateCluster().setSparkVersion("15.4.x-scala2.12").setNumWorkers(0L))
                .get(Duration.ofSeconds(20)).getClusterId();
        w.clusters().delete(id).get(Duration.ofSeconds(20));
        w.libraries().install(new InstallLibraries().setClusterId(id).setLibraries(List.of(pandas)));
        Thread.sleep(3 * ComputeTimers.TRANSITION_MILLIS);
        assertThat(statuses(id).get(0).getStatus()).isEqualTo(LibraryInstallStatus.PENDING);
        w.clusters().start(id).get(Duration.ofSeconds(20));
        await().atMost(Duration.ofSeconds(10)).until(() -> statuses(id).get(0).getStatus() == LibraryInstallStatus.INSTALLED);
    }

    @Test
    void unknownClustersAndBadLibraries() throws Exception {
        assertThatThrownBy(() -> statuses("0000-000000-nothere0")).isInstanceOf(InvalidParameterValue.class)
                .hasMessage("Cluster 0000-000000-nothere0 does not exist");
        assertThatThrownBy(() -> w.libraries().install(new InstallLibraries().setClusterId("0000-000000-nothere0")
                .setLibraries(List.of(pandas)))).isInstanceOf(InvalidParameterValue.class);
        String id = w.clusters().create(new CreateCluster().setSparkVersion("15.4.x-scala2.12").setNumWorkers(0L))
                .getResponse().getClusterId();
        assertThatThrownBy(() -> w.libraries().install(new InstallLibraries().setClusterId(id)
                .setLibraries(List.of(new Library().setPypi(new PythonPyPiLibrary())))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("pypi.package");
    }

    private List<LibraryFullStatus> statuses(String id) {
        return StreamSupport.stream(w.libraries().clusterStatus(id).spliterator(), false).toList();
    }
}
