package dev.minilake.engines.delta;

import dev.minilake.engines.delta.DeltaTables.DeltaException;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Delta table features that MiniLake's Delta writer (Delta Kernel) cannot honour, refused with
 * Databricks' error classes: a feature Delta knows is {@code DELTA_UNSUPPORTED_FEATURES_FOR_WRITE},
 * a name Delta does not know ({@code delta.feature.nonsense}) is
 * {@code DELTA_UNSUPPORTED_FEATURES_IN_CONFIG}; both SQLSTATE 56038. Features Kernel writes
 * (deletionVectors, columnMapping, rowTracking, domainMetadata, inCommitTimestamp, ...) are accepted.
 */
public final class DeltaFeatures {
    /** The table features of the Delta protocol (PROTOCOL.md), including the preview ones Databricks sets. */
    static final Set<String> KNOWN = Set.of("appendOnly", "invariants", "checkConstraints", "changeDataFeed",
            "generatedColumns", "columnMapping", "identityColumns", "deletionVectors", "rowTracking", "timestampNtz",
            "domainMetadata", "v2Checkpoint", "icebergCompatV1", "icebergCompatV2", "icebergCompatV3", "icebergWriterCompatV1",
            "icebergWriterCompatV3", "clustering", "vacuumProtocolCheck", "typeWidening", "typeWidening-preview",
            "inCommitTimestamp", "variantType", "variantType-preview", "variantShredding", "variantShredding-preview",
            "allowColumnDefaults", "collations", "collations-preview", "coordinatedCommits-preview", "catalogManaged",
            "catalogOwned-preview", "checkpointProtection", "materializePartitionColumns", "geospatial",
            "redirectReaderWriter-preview", "redirectWriterOnly-preview");

    /** Kernel 4.0's refusals: "requires feature \"x\"" and "requires writer table feature \"[x, y]\"". */
    private static final Pattern KERNEL_REFUSAL = Pattern.compile(
            "Unsupported Delta (?:table|writer|reader) feature.*?requires (?:writer |reader )?(?:table )?feature \"\\[?([^\"\\]]+)\\]?\"");

    private DeltaFeatures() {
    }

    /** Whether {@code e} is MiniLake's Delta writer refusing a feature Delta knows (Spark's Delta may write it). */
    public static boolean refusedForWrite(Throwable e) {
        return e != null && e.getMessage() != null && e.getMessage().startsWith("[DELTA_UNSUPPORTED_FEATURES_FOR_WRITE]");
    }

    /** Kernel's refusal of a table feature as Databricks' error, or null for any other Kernel error. */
    static DeltaException refusal(String kernelMessage) {
        if (kernelMessage == null) return null;
        if (kernelMessage.contains("doesn't support writing data of type: variant")) {
            // a VARIANT column needs the variantType feature, which Kernel 4.0 does not write
            return new DeltaException("[DELTA_UNSUPPORTED_FEATURES_FOR_WRITE] Unable to write this table because it requires writer"
                    + " table feature(s) that are unsupported by this version of Delta Lake (MiniLake's Delta writer): variantType."
                    + " VARIANT values are available in queries (parse_json), not yet as table columns.");
        }
        Matcher m = KERNEL_REFUSAL.matcher(kernelMessage);
        if (!m.find()) return null;
        List<String> known = new ArrayList<>(), unknown = new ArrayList<>();
        for (String f : m.group(1).split(",")) {
            String name = f.trim();
            if (!name.isEmpty()) (KNOWN.contains(name) ? known : unknown).add(name);
        }
        if (!unknown.isEmpty()) {
            return new DeltaException("[DELTA_UNSUPPORTED_FEATURES_IN_CONFIG] Table features configured in the following Spark"
                    + " configs or Delta table properties are not recognized by this version of Delta Lake: "
                    + String.join(", ", unknown.stream().map(n -> "delta.feature." + n).toList()) + ".");
        }
        return new DeltaException("[DELTA_UNSUPPORTED_FEATURES_FOR_WRITE] Unable to write this table because it requires writer"
                + " table feature(s) that are unsupported by this version of Delta Lake (MiniLake's Delta writer): "
                + String.join(", ", known) + ".");
    }
}
