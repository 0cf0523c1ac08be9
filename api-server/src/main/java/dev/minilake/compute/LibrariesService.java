package dev.minilake.compute;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.compute.LibraryDtos.ClusterLibraryStatuses;
import dev.minilake.compute.LibraryDtos.LibraryFullStatus;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import jakarta.annotation.PostConstruct;
import org.springframework.stereotype.Service;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Cluster libraries as a state machine, named like the SDK's LibrariesAPI: PENDING until the cluster
 * runs, then INSTALLING and INSTALLED one transition apart. Nothing is downloaded; an uninstall is
 * UNINSTALL_ON_RESTART until the cluster next starts.
 */
@Service
public class LibrariesService implements ClusterListener {
    private final Object lock = new Object();
    private final Collection<LibraryFullStatus> libraries;
    private final ClustersService clusters;
    private final ComputeTimers timers;

    public LibrariesService(Store store, ClustersService clusters, ComputeTimers timers) {
        this.libraries = store.collection("cluster_library", LibraryFullStatus.class);
        this.clusters = clusters;
        this.timers = timers;
        clusters.addListener(this);
    }

    /** After a MiniLake restart, installs that were in flight on running clusters continue. */
    @PostConstruct
    void recover() {
        Set<String> ids = new LinkedHashSet<>();
        clusters.all().forEach(c -> ids.add(c.path("cluster_id").asText()));
        ids.forEach(this::progressIfRunning);
    }

    public void install(String clusterId, List<ObjectNode> libs) {
        clusters.get(clusterId);
        synchronized (lock) {
            for (ObjectNode lib : libs) {
                var existing = libraries.get(key(clusterId, lib));
                if (existing.isPresent() && !existing.get().status().equals("UNINSTALL_ON_RESTART")) continue;
                libraries.put(key(clusterId, lib), clusterId, new LibraryFullStatus(lib, "PENDING", null, false));
            }
        }
        progressIfRunning(clusterId);
    }

    public void uninstall(String clusterId, List<ObjectNode> libs) {
        clusters.get(clusterId);
        synchronized (lock) {
            for (ObjectNode lib : libs) {
                libraries.get(key(clusterId, lib)).ifPresent(s -> libraries.put(key(clusterId, lib), clusterId,
                        new LibraryFullStatus(lib, "UNINSTALL_ON_RESTART",
                                List.of("Library will be uninstalled when the cluster restarts."), false)));
            }
        }
    }

    public ClusterLibraryStatuses status(String clusterId) {
        clusters.get(clusterId);
        return new ClusterLibraryStatuses(clusterId, libraries.listByParent(clusterId));
    }

    public List<ClusterLibraryStatuses> all() {
        Set<String> ids = new LinkedHashSet<>();
        clusters.all().forEach(c -> ids.add(c.path("cluster_id").asText()));
        return ids.stream().map(id -> new ClusterLibraryStatuses(id, libraries.listByParent(id)))
                .filter(s -> !s.library_statuses().isEmpty()).toList();
    }

    @Override
    public void running(String clusterId, boolean restarted) {
        synchronized (lock) {
            // a (re)started cluster drops what was marked for uninstall and reinstalls the rest
            for (LibraryFullStatus s : libraries.listByParent(clusterId)) {
                if (s.status().equals("UNINSTALL_ON_RESTART")) libraries.delete(key(clusterId, s.library()));
            }
        }
        progressIfRunning(clusterId);
    }

    @Override
    public void deleted(String clusterId) {
        timers.cancel(clusterId + ":libraries");
        libraries.deleteByParent(clusterId);
    }

    private void progressIfRunning(String clusterId) {
        if (!clusters.exists(clusterId) || clusters.get(clusterId).state() != ClusterState.RUNNING) return;
        boolean pending = libraries.listByParent(clusterId).stream()
                .anyMatch(s -> s.status().equals("PENDING") || s.status().equals("INSTALLING"));
        if (pending) timers.schedule(clusterId + ":libraries", ComputeTimers.TRANSITION_MILLIS, () -> step(clusterId));
    }

    /** One step of the install state machine: PENDING → INSTALLING → INSTALLED. */
    private void step(String clusterId) {
        synchronized (lock) {
            for (LibraryFullStatus s : libraries.listByParent(clusterId)) {
                String next = switch (s.status()) {
                    case "PENDING" -> "INSTALLING";
                    case "INSTALLING" -> "INSTALLED";
                    default -> null;
                };
                if (next != null) libraries.put(key(clusterId, s.library()), clusterId, s.withStatus(next));
            }
        }
        progressIfRunning(clusterId);
    }

    private static String key(String clusterId, ObjectNode lib) {
        return clusterId + "/" + lib.toString();
    }
}
