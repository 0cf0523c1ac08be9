package dev.minilake.compute;

import dev.minilake.compute.LibraryDtos.LibrariesRequest;
import dev.minilake.compute.LibraryDtos.ListAllClusterLibraryStatusesResponse;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** The Libraries API group: per-cluster install states, nothing downloaded. */
@Component
public class LibrariesGroup implements ApiGroup {
    private final LibrariesService libraries;

    public LibrariesGroup(LibrariesService libraries) {
        this.libraries = libraries;
    }

    @Override
    public String name() {
        return "libraries";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.STATE_MACHINE;
    }

    @Override
    public String note() {
        return "install states only (PENDING → INSTALLING → INSTALLED); nothing is downloaded";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("LibrariesAPI");
    }

    @Override
    public void routes(Routes r) {
        String p = "/api/2.0/libraries";
        r.post(p + "/install", LibrariesRequest.class,
                (req, b) -> ClustersGroup.done(() -> libraries.install(b.cluster_id(), b.libraries())));
        r.post(p + "/uninstall", LibrariesRequest.class,
                (req, b) -> ClustersGroup.done(() -> libraries.uninstall(b.cluster_id(), b.libraries())));
        r.get(p + "/cluster-status", req -> libraries.status(req.requiredQuery("cluster_id")));
        r.get(p + "/all-cluster-statuses", req -> new ListAllClusterLibraryStatusesResponse(libraries.all()));
    }
}
