package dev.minilake.compute;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/** The durable event history of every cluster (what clusters/events pages through). */
@Component
public class ClusterEventLog {
    /** One recorded event, in the wire shape of the SDK's ClusterEvent. */
    public record ClusterEvent(String cluster_id, long timestamp, String type, ObjectNode details) {
    }

    private final Store store;
    private final Collection<ClusterEvent> events;

    public ClusterEventLog(Store store) {
        this.store = store;
        this.events = store.collection("cluster_event", ClusterEvent.class);
    }

    public void record(String clusterId, String type, ObjectNode details) {
        long seq = store.nextId("cluster_event");
        events.insert(clusterId + "/" + String.format("%012d", seq), clusterId,
                new ClusterEvent(clusterId, System.currentTimeMillis(), type, details == null ? details() : details));
    }

    /** Events of one cluster, filtered, oldest first unless {@code descending}. */
    public List<ClusterEvent> query(String clusterId, Set<String> types, Long startTime, Long endTime, boolean descending) {
        List<ClusterEvent> all = new ArrayList<>(events.listByParent(clusterId));
        if (descending) Collections.reverse(all);
        return all.stream()
                .filter(e -> types == null || types.isEmpty() || types.contains(e.type()))
                .filter(e -> startTime == null || e.timestamp() >= startTime)
                .filter(e -> endTime == null || e.timestamp() <= endTime)
                .toList();
    }

    public void forget(String clusterId) {
        events.deleteByParent(clusterId);
    }

    public static ObjectNode details() {
        return JsonNodeFactory.instance.objectNode();
    }
}
