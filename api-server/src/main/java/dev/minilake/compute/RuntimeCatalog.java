package dev.minilake.compute;

import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Optional;

/**
 * The Databricks runtimes, node types and zones this workspace offers. Shaped so the SDKs'
 * select_spark_version() and select_node_type() find exactly one answer per usual query.
 */
@Component
public class RuntimeCatalog {
    public record SparkVersion(String key, String name) {
    }

    public record SparkVersions(List<SparkVersion> versions) {
    }

    public record NodeInstanceType(String instance_type_id, long local_disks, long local_disk_size_gb,
                                   long local_nvme_disks, long local_nvme_disk_size_gb) {
    }

    public record NodeType(String node_type_id, long memory_mb, double num_cores, long num_gpus,
                           String instance_type_id, String category, String description,
                           NodeInstanceType node_instance_type, boolean is_io_cache_enabled,
                           boolean photon_driver_capable, boolean photon_worker_capable,
                           boolean support_port_forwarding, boolean support_ebs_volumes,
                           boolean is_deprecated, boolean is_graviton, boolean is_hidden,
                           boolean display_order_hint_default) {
    }

    public record NodeTypes(List<NodeType> node_types) {
    }

    public record Zones(List<String> zones, String default_zone) {
    }

    private static final SparkVersions VERSIONS = new SparkVersions(List.of(
            new SparkVersion("13.3.x-scala2.12", "13.3 LTS (includes Apache Spark 3.4.1, Scala 2.12)"),
            new SparkVersion("14.3.x-scala2.12", "14.3 LTS (includes Apache Spark 3.5.0, Scala 2.12)"),
            new SparkVersion("15.4.x-scala2.12", "15.4 LTS (includes Apache Spark 3.5.0, Scala 2.12)"),
            new SparkVersion("15.4.x-cpu-ml-scala2.12", "15.4 LTS ML (includes Apache Spark 3.5.0, Scala 2.12)"),
            new SparkVersion("15.4.x-gpu-ml-scala2.12", "15.4 LTS ML (includes Apache Spark 3.5.0, GPU, Scala 2.12)"),
            new SparkVersion("15.4.x-photon-scala2.12", "15.4 LTS Photon (includes Apache Spark 3.5.0, Scala 2.12)"),
            new SparkVersion("16.4.x-scala2.12", "16.4 LTS (includes Apache Spark 3.5.2, Scala 2.12)"),
            new SparkVersion("16.4.x-scala2.13", "16.4 LTS (includes Apache Spark 3.5.2, Scala 2.13)"),
            new SparkVersion("16.4.x-cpu-ml-scala2.12", "16.4 LTS ML (includes Apache Spark 3.5.2, Scala 2.12)"),
            new SparkVersion("16.4.x-gpu-ml-scala2.12", "16.4 LTS ML (includes Apache Spark 3.5.2, GPU, Scala 2.12)"),
            new SparkVersion("16.4.x-photon-scala2.12", "16.4 LTS Photon (includes Apache Spark 3.5.2, Scala 2.12)"),
            new SparkVersion("17.3.x-scala2.13", "17.3 LTS (includes Apache Spark 4.0.0, Scala 2.13)"),
            new SparkVersion("17.3.x-cpu-ml-scala2.13", "17.3 LTS ML (includes Apache Spark 4.0.0, Scala 2.13)"),
            new SparkVersion("17.3.x-gpu-ml-scala2.13", "17.3 LTS ML (includes Apache Spark 4.0.0, GPU, Scala 2.13)"),
            new SparkVersion("17.3.x-photon-scala2.13", "17.3 LTS Photon (includes Apache Spark 4.0.0, Scala 2.13)"),
            new SparkVersion("18.0.x-scala2.13", "18.0 Beta (includes Apache Spark 4.1.0, Scala 2.13)")));

    private static final NodeTypes NODE_TYPES = new NodeTypes(List.of(
            node("m5d.large", 8192, 2, 0, "General Purpose", 1, 75, true),
            node("m5d.xlarge", 16384, 4, 0, "General Purpose", 1, 150, true),
            node("m5d.2xlarge", 32768, 8, 0, "General Purpose", 1, 300, true),
            node("r5d.xlarge", 32768, 4, 0, "Memory Optimized", 1, 150, true),
            node("c5.xlarge", 8192, 4, 0, "Compute Optimized", 0, 0, false),
            node("i3.xlarge", 31232, 4, 0, "Storage Optimized", 1, 950, true),
            node("g4dn.xlarge", 16384, 4, 1, "GPU Accelerated", 1, 125, false)));

    private static final Zones ZONES = new Zones(List.of("us-west-2a", "us-west-2b", "us-west-2c"), "us-west-2a");

    private static NodeType node(String id, long memoryMb, int cores, int gpus, String category, int disks,
                                 int diskGb, boolean ioCache) {
        return new NodeType(id, memoryMb, cores, gpus, id, category,
                id + " (" + memoryMb / 1024 + " GB, " + cores + " cores)",
                new NodeInstanceType(id, disks, diskGb, 0, 0), ioCache, gpus == 0, gpus == 0, true, true,
                false, false, false, false);
    }

    public SparkVersions sparkVersions() {
        return VERSIONS;
    }

    public NodeTypes nodeTypes() {
        return NODE_TYPES;
    }

    public Zones zones() {
        return ZONES;
    }

    public Optional<NodeType> nodeType(String id) {
        return NODE_TYPES.node_types().stream().filter(n -> n.node_type_id().equals(id)).findFirst();
    }
}
