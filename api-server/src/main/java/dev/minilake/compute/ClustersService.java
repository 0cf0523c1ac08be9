package dev.minilake.compute;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.compute.ClusterDtos.EventsRequest;
import dev.minilake.compute.ClusterDtos.EventsResponse;
import dev.minilake.compute.ClusterDtos.ListClustersResponse;
import dev.minilake.compute.ClusterDtos.ListFilter;
import dev.minilake.compute.ClusterEventLog.ClusterEvent;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import jakarta.annotation.PostConstruct;
import org.springframework.stereotype.Service;

import java.security.SecureRandom;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Clusters as a state machine, named like the SDK's ClustersAPI. Nothing runs (Spark runs in jobs):
 * each transitional state ends after {@link ComputeTimers#TRANSITION_MILLIS} in its stable state,
 * and every transition is written to the store and the event log.
 */
@Service
public class ClustersService {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final DateTimeFormatter ID_PREFIX = DateTimeFormatter.ofPattern("MMdd-HHmmss");
    private static final Set<String> SOURCES = Set.of("API", "UI", "JOB");

    private final Object lock = new Object();
    private final Collection<StoredCluster> clusters;
    private final ClusterEventLog events;
    private final ComputeTimers timers;
    private final ClusterPoliciesService policies;
    private final CurrentUserService users;
    private final ClusterView view;
    private final List<ClusterListener> listeners = new CopyOnWriteArrayList<>();

    public ClustersService(Store store, ClusterEventLog events, ComputeTimers timers, ClusterPoliciesService policies,
                           CurrentUserService users, ClusterView view) {
        this.clusters = store.collection("cluster", StoredCluster.class);
        this.events = events;
        this.timers = timers;
        this.policies = policies;
        this.users = users;
        this.view = view;
    }

    public void addListener(ClusterListener l) {
        listeners.add(l);
    }

    /** After a restart of MiniLake, clusters caught mid-transition finish it; running ones re-arm auto-termination. */
    @PostConstruct
    void recover() {
        for (StoredCluster c : clusters.list()) {
            if (c.state().transitional()) complete(c.cluster_id(), c.state());
            else if (c.state() == ClusterState.RUNNING) scheduleAutotermination(c);
        }
    }

    public String create(ObjectNode body) {
        String owner = users.userName();
        ObjectNode spec = prepare(body);
        String policyId = spec.path("policy_id").asText(null);
        synchronized (lock) {
            Long max = policyId == null ? null : policies.maxClustersPerUser(policyId);
            if (max != null && clusters.list().stream()
                    .filter(c -> policyId.equals(c.policyId()) && owner.equals(c.creator_user_name())).count() >= max) {
                throw ApiException.invalid("Cluster policy " + policyId + " allows at most " + max + " clusters per user");
            }
            String id = LocalDateTime.now().format(ID_PREFIX) + "-" + randomSuffix();
            String source = SOURCES.contains(body.path("cluster_source").asText()) ? body.path("cluster_source").asText() : "API";
            StoredCluster c = new StoredCluster(id, spec, ClusterState.PENDING, ClusterState.PENDING.message(),
                    System.currentTimeMillis(), null, null, null, owner, source, 0, false, null);
            clusters.insert(id, c);
            events.record(id, "CREATING", workers(spec));
            scheduleCompletion(id, ClusterState.PENDING);
            return id;
        }
    }

    public void edit(ObjectNode body) {
        String id = body.path("cluster_id").asText(null);
        ClusterDtos.requireId(id);
        ObjectNode spec = prepare(body);
        replaceSpec(id, spec);
    }

    /** clusters/update: only the fields named in update_mask change ("*" = all). */
    public void update(ClusterDtos.UpdateRequest req) {
        ObjectNode given = req.cluster() == null ? ClusterEventLog.details() : req.cluster();
        ObjectNode spec = get(req.cluster_id()).spec().deepCopy();
        if (req.update_mask().trim().equals("*")) {
            spec = given.deepCopy();
        } else {
            for (String field : req.update_mask().split(",")) {
                String f = field.trim();
                if (given.has(f)) spec.set(f, given.get(f).deepCopy());
                else spec.remove(f);
            }
        }
        replaceSpec(req.cluster_id(), prepare(spec));
    }

    public void start(String id) {
        beginFrom(id, Set.of(ClusterState.TERMINATED), ClusterState.PENDING, "STARTING", null);
    }

    public void restart(String id) {
        beginFrom(id, Set.of(ClusterState.RUNNING), ClusterState.RESTARTING, "RESTARTING", null);
    }

    public void resize(ClusterDtos.ResizeRequest req) {
        synchronized (lock) {
            StoredCluster c = get(req.cluster_id());
            requireState(c, Set.of(ClusterState.RUNNING));
            ObjectNode spec = c.spec().deepCopy();
            if (req.autoscale() != null) {
                spec.remove("num_workers");
                spec.set("autoscale", req.autoscale());
            } else {
                spec.remove("autoscale");
                spec.put("num_workers", req.num_workers());
            }
            validateSize(spec);
            ObjectNode details = workers(c.spec());
            details.put("target_num_workers", ClusterView.workers(spec));
            begin(c.withSpec(spec), ClusterState.RESIZING, "RESIZING", details);
        }
    }

    /** clusters/delete terminates; deleting a terminated cluster is a no-op, as on Databricks. */
    public void delete(String id) {
        terminate(id, "USER_REQUEST", "username", users.userName(), true);
    }

    public void permanentDelete(String id) {
        synchronized (lock) {
            get(id);
            timers.cancelPrefix(id + ":");
            clusters.delete(id);
            events.forget(id);
        }
        listeners.forEach(l -> l.deleted(id));
    }

    public ObjectNode details(String id) {
        return view.render(get(id));
    }

    /** A missing cluster is 400 INVALID_PARAMETER_VALUE "Cluster <id> does not exist", as Databricks answers it (not 404). */
    public StoredCluster get(String id) {
        ClusterDtos.requireId(id);
        return clusters.get(id).orElseThrow(() -> ApiException.invalid("Cluster " + id + " does not exist"));
    }

    public boolean exists(String id) {
        return clusters.get(id).isPresent();
    }

    public List<ObjectNode> all() {
        return clusters.list().stream().map(view::render).toList();
    }

    public ListClustersResponse list(ListFilter filter, Integer pageSize, String pageToken) {
        List<StoredCluster> matching = clusters.list().stream()
                .filter(c -> filter.states().isEmpty() || filter.states().contains(c.state().name()))
                .filter(c -> filter.sources().isEmpty() || filter.sources().contains(c.cluster_source()))
                .filter(c -> filter.pinned() == null || filter.pinned() == c.pinned())
                .filter(c -> filter.policyId() == null || filter.policyId().equals(c.policyId()))
                .toList();
        int size = pageSize == null || pageSize <= 0 ? 100 : Math.min(pageSize, 100);
        var page = dev.minilake.core.api.Paging.window(matching, dev.minilake.core.api.Paging.offset(pageToken), size);
        return new ListClustersResponse(page.items().stream().map(view::render).toList(), page.nextPageToken(), page.prevPageToken());
    }

    public EventsResponse events(EventsRequest req) {
        get(req.cluster_id());
        Set<String> types = req.event_types() == null ? null : new HashSet<>(req.event_types());
        List<ClusterEvent> all = events.query(req.cluster_id(), types, req.start_time(), req.end_time(),
                !"ASC".equals(req.order()));
        // offset/limit (the documented paging) and page_token/page_size (newer SDKs) address the same list
        long offset = req.page_token() != null ? dev.minilake.core.api.Paging.offset(req.page_token()) : req.offset() == null ? 0 : req.offset();
        long limit = req.page_size() != null && req.page_size() > 0 ? req.page_size() : req.limit() == null ? 50 : req.limit();
        var page = dev.minilake.core.api.Paging.window(all, offset, limit);
        EventsRequest next = page.more() ? new EventsRequest(req.cluster_id(), req.event_types(), req.start_time(),
                req.end_time(), (long) page.to(), limit, req.order(), null, null) : null;
        return new EventsResponse(page.items(), next, page.nextPageToken(), (long) all.size());
    }

    public void pin(String id, boolean pinned) {
        synchronized (lock) {
            StoredCluster c = get(id);
            clusters.put(id, c.withPinned(pinned));
            ObjectNode details = ClusterEventLog.details().put("user", users.userName());
            events.record(id, pinned ? "PINNED" : "UNPINNED", details);
        }
    }

    public void changeOwner(String id, String owner) {
        synchronized (lock) {
            clusters.put(id, get(id).withOwner(owner));
        }
    }

    private void replaceSpec(String id, ObjectNode spec) {
        synchronized (lock) {
            StoredCluster c = get(id);
            requireState(c, Set.of(ClusterState.RUNNING, ClusterState.TERMINATED));
            StoredCluster edited = c.withSpec(spec);
            ObjectNode details = ClusterEventLog.details().put("user", users.userName());
            details.set("previous_attributes", c.spec());
            details.set("attributes", spec);
            events.record(id, "EDITED", details);
            // an edited running cluster restarts to pick up its new spec; a terminated one stays down
            if (c.state() == ClusterState.RUNNING) begin(edited, ClusterState.RESTARTING, "RESTARTING", null);
            else clusters.put(id, edited);
        }
    }

    private void terminate(String id, String code, String paramName, String paramValue, boolean byRequest) {
        synchronized (lock) {
            StoredCluster c = get(id);
            if (c.state() == ClusterState.TERMINATED || c.state() == ClusterState.TERMINATING) return;
            ObjectNode reason = ClusterEventLog.details().put("code", code).put("type", "SUCCESS");
            reason.putObject("parameters").put(paramName, paramValue);
            ObjectNode details = ClusterEventLog.details();
            details.set("reason", reason);
            if (byRequest) details.put("user", paramValue);
            timers.cancel(id + ":autoterminate");
            begin(c.withTermination(reason), ClusterState.TERMINATING, "TERMINATING", details);
        }
    }

    private void beginFrom(String id, Set<ClusterState> allowed, ClusterState next, String event, ObjectNode details) {
        synchronized (lock) {
            StoredCluster c = get(id);
            requireState(c, allowed);
            begin(c, next, event, details);
        }
    }

    /** Enters a transitional state: persist, record the event, arm the timer that completes it. */
    private void begin(StoredCluster c, ClusterState state, String event, ObjectNode details) {
        clusters.put(c.cluster_id(), c.withState(state, state.message()));
        events.record(c.cluster_id(), event, details);
        scheduleCompletion(c.cluster_id(), state);
        if (state == ClusterState.TERMINATING || state == ClusterState.RESTARTING) {
            listeners.forEach(l -> l.driverStopped(c.cluster_id()));
        }
    }

    private void scheduleCompletion(String id, ClusterState from) {
        timers.schedule(id + ":transition", ComputeTimers.TRANSITION_MILLIS, () -> complete(id, from));
    }

    /** Ends a transitional state, unless the cluster moved on (or vanished) meanwhile. */
    void complete(String id, ClusterState from) {
        boolean restarted;
        synchronized (lock) {
            StoredCluster c = clusters.get(id).orElse(null);
            if (c == null || c.state() != from) return;
            long now = System.currentTimeMillis();
            if (from == ClusterState.TERMINATING) {
                clusters.put(id, c.terminated(now));
                return;
            }
            restarted = from == ClusterState.RESTARTING;
            StoredCluster up = (from == ClusterState.RESIZING ? c : c.started(now, nextSparkContextId(), restarted))
                    .withState(ClusterState.RUNNING, ClusterState.RUNNING.message());
            clusters.put(id, up);
            events.record(id, "RUNNING", workers(up.spec()));
            scheduleAutotermination(up);
        }
        if (from != ClusterState.RESIZING) listeners.forEach(l -> l.running(id, restarted));
    }

    private void scheduleAutotermination(StoredCluster c) {
        int minutes = c.spec().path("autotermination_minutes").asInt(0);
        if (minutes <= 0) return;
        timers.schedule(c.cluster_id() + ":autoterminate", minutes * timers.minuteMillis(),
                () -> terminate(c.cluster_id(), "INACTIVITY", "inactivity_duration_min", Integer.toString(minutes), false));
    }

    /** Copies the client's spec, applies its policy and checks what Databricks requires. */
    private ObjectNode prepare(ObjectNode body) {
        ObjectNode spec = body.deepCopy();
        spec.remove("cluster_id");
        String policyId = spec.path("policy_id").asText(null);
        if (policyId != null && !policyId.isBlank()) policies.enforce(policyId, spec);
        JsonNode version = spec.get("spark_version");
        if (version == null || !version.isTextual() || version.asText().isBlank()) throw ApiException.missingField("spark_version");
        validateSize(spec);
        if (spec.has("autotermination_minutes")) {
            int m = spec.path("autotermination_minutes").asInt(-1);
            if (m != 0 && (m < 10 || m > 43200)) {
                throw ApiException.invalid("autotermination_minutes must be 0 or between 10 and 43200, got "
                        + spec.get("autotermination_minutes"));
            }
        }
        return spec;
    }

    private static void validateSize(ObjectNode spec) {
        if (spec.has("num_workers") && spec.path("num_workers").asInt(-1) < 0) {
            throw ApiException.invalid("num_workers must be a non-negative number, got " + spec.get("num_workers"));
        }
        JsonNode auto = spec.get("autoscale");
        if (auto != null && !auto.isNull()) {
            int min = auto.path("min_workers").asInt(-1);
            int max = auto.path("max_workers").asInt(-1);
            if (min < 0 || max < 1 || min > max) {
                throw ApiException.invalid("autoscale needs 0 <= min_workers <= max_workers and max_workers >= 1, got " + auto);
            }
        }
    }

    private static void requireState(StoredCluster c, Set<ClusterState> allowed) {
        if (!allowed.contains(c.state())) {
            throw new ApiException(ErrorCode.INVALID_STATE,
                    "Cluster " + c.cluster_id() + " is in unexpected state " + c.state().display() + ".");
        }
    }

    private static ObjectNode workers(JsonNode spec) {
        return ClusterEventLog.details().put("current_num_workers", ClusterView.workers(spec));
    }

    private long nextSparkContextId() {
        return Math.abs(RANDOM.nextLong() % 9_000_000_000_000_000_000L) + 1_000_000_000_000_000_000L;
    }

    private static String randomSuffix() {
        String alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
        StringBuilder sb = new StringBuilder(8);
        for (int i = 0; i < 8; i++) sb.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        return sb.toString();
    }
}
