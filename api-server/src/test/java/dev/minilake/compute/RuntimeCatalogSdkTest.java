package dev.minilake.compute;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.mixin.NodeTypeSelector;
import com.databricks.sdk.mixin.SparkVersionSelector;
import com.databricks.sdk.service.compute.NodeType;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The runtime and node-type catalog satisfies the SDK's own selectSparkVersion / selectNodeType. */
class RuntimeCatalogSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @Test
    void selectSparkVersion() {
        // the Java selector filters on Scala only when asked (the Python one defaults to 2.12)
        assertThat(w.clusters().selectSparkVersion(new SparkVersionSelector().withLatest().withLongTermSupport()))
                .isEqualTo("17.3.x-scala2.13");
        assertThat(w.clusters().selectSparkVersion(new SparkVersionSelector().withLatest().withLongTermSupport()
                .withScala("2.12"))).isEqualTo("16.4.x-scala2.12");
        assertThat(w.clusters().selectSparkVersion(new SparkVersionSelector().withLatest().withLongTermSupport()
                .withScala("2.13"))).isEqualTo("17.3.x-scala2.13");
        assertThat(w.clusters().selectSparkVersion(new SparkVersionSelector().withLatest().withML())).isEqualTo("17.3.x-cpu-ml-scala2.13");
        assertThat(w.clusters().selectSparkVersion(new SparkVersionSelector().withLatest().withML().withGPU()))
                .isEqualTo("17.3.x-gpu-ml-scala2.13");
        assertThat(w.clusters().selectSparkVersion(new SparkVersionSelector().withLatest().withPhoton().withScala("2.13")))
                .isEqualTo("17.3.x-photon-scala2.13");
        assertThat(w.clusters().selectSparkVersion(new SparkVersionSelector().withLatest().withBeta().withScala("2.13")))
                .isEqualTo("18.0.x-scala2.13");
        assertThat(w.clusters().selectSparkVersion(new SparkVersionSelector().withSparkVersion("4.0.0").withScala("2.13")))
                .isEqualTo("17.3.x-scala2.13");
        assertThatThrownBy(() -> w.clusters().selectSparkVersion(new SparkVersionSelector().withLongTermSupport()))
                .hasMessageContaining("multiple results");
    }

    @Test
    void selectNodeType() {
        assertThat(w.clusters().selectNodeType(new NodeTypeSelector().withLocalDisk())).isEqualTo("m5d.large");
        assertThat(w.clusters().selectNodeType(new NodeTypeSelector().withLocalDisk().withMinMemoryGb(16))).isEqualTo("m5d.xlarge");
        assertThat(w.clusters().selectNodeType(new NodeTypeSelector().withMinMemoryGb(32).withMinCores(8))).isEqualTo("m5d.2xlarge");
        assertThat(w.clusters().selectNodeType(new NodeTypeSelector().withMinGpus(1))).isEqualTo("g4dn.xlarge");
        assertThat(w.clusters().selectNodeType(new NodeTypeSelector().withCategory("Storage Optimized"))).isEqualTo("i3.xlarge");
        assertThatThrownBy(() -> w.clusters().selectNodeType(new NodeTypeSelector().withMinMemoryGb(1024)))
                .isInstanceOf(IllegalArgumentException.class);
        NodeType n = w.clusters().listNodeTypes().getNodeTypes().iterator().next();
        assertThat(n.getNodeInstanceType().getInstanceTypeId()).isEqualTo(n.getNodeTypeId());
        assertThat(n.getPhotonDriverCapable()).isNotNull();
    }

    @Test
    void zones() {
        var zones = w.clusters().listZones();
        assertThat(zones.getZones()).contains(zones.getDefaultZone());
    }
}
