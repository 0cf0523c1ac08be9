package dev.minilake.compute;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;
import java.util.Map;

/** Wire shapes of the Libraries API, with the SDK's compute.* field names. */
public final class LibraryDtos {
    private LibraryDtos() {
    }

    /** Which fields each library kind must carry (pypi.package, maven.coordinates, ...). */
    private static final Map<String, String> KINDS = Map.of("jar", "", "egg", "", "whl", "", "requirements", "",
            "pypi", "package", "maven", "coordinates", "cran", "package");

    public record LibrariesRequest(String cluster_id, List<ObjectNode> libraries) implements Validated {
        @Override
        public void validate() {
            ClusterDtos.requireId(cluster_id);
            if (libraries == null || libraries.isEmpty()) throw ApiException.missingField("libraries");
            libraries.forEach(LibraryDtos::validateLibrary);
        }
    }

    static void validateLibrary(ObjectNode lib) {
        List<String> kinds = KINDS.keySet().stream().filter(lib::has).toList();
        if (kinds.size() != 1) {
            throw ApiException.invalid("A library must set exactly one of " + KINDS.keySet().stream().sorted().toList()
                    + ", got " + lib);
        }
        String kind = kinds.get(0);
        JsonNode value = lib.get(kind);
        String required = KINDS.get(kind);
        boolean ok = required.isEmpty() ? value.isTextual() && !value.asText().isBlank()
                : value.path(required).isTextual() && !value.path(required).asText().isBlank();
        if (!ok) throw ApiException.invalid("Invalid library " + lib + ": " + kind + (required.isEmpty() ? "" : "." + required) + " is required");
    }

    /** One library on one cluster, as the store keeps it and LibraryFullStatus shows it. */
    public record LibraryFullStatus(ObjectNode library, String status, List<String> messages,
                                    Boolean is_library_for_all_clusters) {
        LibraryFullStatus withStatus(String s) {
            return new LibraryFullStatus(library, s, messages, is_library_for_all_clusters);
        }
    }

    public record ClusterLibraryStatuses(String cluster_id, List<LibraryFullStatus> library_statuses) {
    }

    public record ListAllClusterLibraryStatusesResponse(List<ClusterLibraryStatuses> statuses) {
    }
}
