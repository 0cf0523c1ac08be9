package dev.minilake.compute;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.core.error.platform.InvalidState;
import com.databricks.sdk.service.compute.AutoScale;
import com.databricks.sdk.service.compute.ClusterDetails;
import com.databricks.sdk.service.compute.ClusterEvent;
import com.databricks.sdk.service.compute.ClusterSource;
import com.databricks.sdk.service.compute.CreateCluster;
import com.databricks.sdk.service.compute.EditCluster;
import com.databricks.sdk.service.compute.EventType;
import com.databricks.sdk.service.compute.GetEvents;
import com.databricks.sdk.service.compute.GetEventsOrder;
import com.databricks.sdk.service.compute.ListClustersFilterBy;
import com.databricks.sdk.service.compute.ListClustersRequest;
import com.databricks.sdk.service.compute.ResizeCluster;
import com.databricks.sdk.service.compute.RestartCluster;
import com.databricks.sdk.service.compute.State;
import com.databricks.sdk.service.compute.ChangeClusterOwner;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** The cluster state machine through the real Java SDK and its waiters. */
class ClustersSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    CreateCluster spec(String name) {
        return new CreateCluster().setClusterName(name).setSparkVersion("15.4.x-scala2.12")
                .setNodeTypeId("m5d.large").setNumWorkers(2L).setCustomTags(Map.of("team", "data"));
    }

    String createRunning(String name) throws Exception {
        return w.clusters().create(spec(name)).get(Duration.ofSeconds(20)).getClusterId();
    }

    @Test
    void createWaitsUntilRunningAndKeepsTheSpec() throws Exception {
        var waiter = w.clusters().create(spec("etl"));
        String id = waiter.getResponse().getClusterId();
        assertThat(id).matches("\\d{4}-\\d{6}-[a-z0-9]{8}");
        assertThat(w.clusters().get(id).getState()).isEqualTo(State.PENDING);

        ClusterDetails c = waiter.get(Duration.ofSeconds(20));
        assertThat(c.getState()).isEqualTo(State.RUNNING);
        assertThat(c.getClusterName()).isEqualTo("etl");
        assertThat(c.getSparkVersion()).isEqualTo("15.4.x-scala2.12");
        assertThat(c.getNumWorkers()).isEqualTo(2L);
        assertThat(c.getCustomTags()).containsEntry("team", "data");
        assertThat(c.getDefaultTags()).containsEntry("Vendor", "Databricks").containsEntry("ClusterId", id)
                .containsEntry("ClusterName", "etl").containsKey("Creator");
        assertThat(c.getClusterSource()).isEqualTo(ClusterSource.API);
        assertThat(c.getCreatorUserName()).isNotBlank();
        assertThat(c.getStartTime()).isPositive();
        assertThat(c.getSparkContextId()).isNotZero();
        assertThat(c.getDriver().getPrivateIp()).isNotBlank();
        assertThat(c.getExecutors()).hasSize(2);
        assertThat(c.getSpec().getClusterName()).isEqualTo("etl");
    }

    @Test
    void deleteTerminatesWithUserRequestAndStartRunsAgain() throws Exception {
        String id = createRunning("a");
        w.clusters().delete(id);
        assertThat(w.clusters().get(id).getState()).isEqualTo(State.TERMINATING);
        ClusterDetails t = w.clusters().waitGetClusterTerminated(id);
        assertThat(t.getState()).isEqualTo(State.TERMINATED);
        assertThat(t.getTerminationReason().getCode().toString()).isEqualTo("USER_REQUEST");
        assertThat(t.getTerminatedTime()).isPositive();

        assertThat(w.clusters().delete(id).get(Duration.ofSeconds(20)).getState()).isEqualTo(State.TERMINATED);
        assertThat(w.clusters().start(id).get(Duration.ofSeconds(20)).getState()).isEqualTo(State.RUNNING);
        assertThat(w.clusters().get(id).getTerminationReason()).isNull();
    }

    @Test
    void restartResizeAndEditPassThroughTheirStates() throws Exception {
        String id = createRunning("b");
        long context = w.clusters().get(id).getSparkContextId();

        w.clusters().restart(new RestartCluster().setClusterId(id));
        assertThat(w.clusters().get(id).getState()).isEqualTo(State.RESTARTING);
        assertThat(w.clusters().waitGetClusterRunning(id).getSparkContextId()).isNotEqualTo(context);

        var resize = w.clusters().resize(new ResizeCluster().setClusterId(id).setNumWorkers(5L));
        assertThat(w.clusters().get(id).getState()).isEqualTo(State.RESIZING);
        ClusterDetails resized = resize.get(Duration.ofSeconds(20));
        assertThat(resized.getNumWorkers()).isEqualTo(5L);
        assertThat(resized.getExecutors()).hasSize(5);

        w.clusters().resize(new ResizeCluster().setClusterId(id)
                .setAutoscale(new AutoScale().setMinWorkers(1L).setMaxWorkers(4L))).get(Duration.ofSeconds(20));
        assertThat(w.clusters().get(id).getAutoscale().getMaxWorkers()).isEqualTo(4L);

        var edit = w.clusters().edit(new EditCluster().setClusterId(id).setClusterName("renamed")
                .setSparkVersion("16.4.x-scala2.12").setNodeTypeId("m5d.xlarge").setNumWorkers(1L));
        assertThat(w.clusters().get(id).getState()).isEqualTo(State.RESTARTING);
        ClusterDetails edited = edit.get(Duration.ofSeconds(20));
        assertThat(edited.getClusterName()).isEqualTo("renamed");
        assertThat(edited.getSparkVersion()).isEqualTo("16.4.x-scala2.12");
        assertThat(edited.getAutoscale()).isNull();
        assertThat(edited.getCustomTags()).isNull();
    }

    @Test
    void invalidTransitionsAreInvalidState() throws Exception {
        String id = createRunning("c");
        assertThatThrownBy(() -> w.clusters().start(id)).isInstanceOf(InvalidState.class)
                .hasMessageContaining("unexpected state Running");
        w.clusters().delete(id).get(Duration.ofSeconds(20));
        assertThatThrownBy(() -> w.clusters().resize(new ResizeCluster().setClusterId(id).setNumWorkers(3L)))
                .isInstanceOf(InvalidState.class).hasMessageContaining("Terminated");
        assertThatThrownBy(() -> w.clusters().restart(new RestartCluster().setClusterId(id)))
                .isInstanceOf(InvalidState.class);
    }

    @Test
    void unknownClusterAndMissingSparkVersion() {
        // Databricks answers a missing cluster with 400 INVALID_PARAMETER_VALUE, on every cluster call; the
        // SDK's own error override turns exactly that answer on clusters/get into ResourceDoesNotExist
        String missing = "0000-000000-nothere0";
        var raw = server.send("GET", "/api/2.1/clusters/get?cluster_id=" + missing, "", Map.of("Authorization", "Bearer dev"));
        assertThat(raw.statusCode()).isEqualTo(400);
        assertThat(raw.body()).contains("\"error_code\":\"INVALID_PARAMETER_VALUE\"")
                .contains("\"message\":\"Cluster " + missing + " does not exist\"");
        assertThatThrownBy(() -> w.clusters().get(missing)).isInstanceOf(ResourceDoesNotExist.class)
                .hasMessage("Cluster " + missing + " does not exist");
        assertThatThrownBy(() -> w.clusters().start(missing)).isInstanceOf(InvalidParameterValue.class)
                .hasMessage("Cluster " + missing + " does not exist");
        assertThatThrownBy(() -> w.clusters().delete(missing)).isInstanceOf(InvalidParameterValue.class)
                .hasMessage("Cluster " + missing + " does not exist");
        assertThatThrownBy(() -> w.clusters().permanentDelete(missing)).isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.clusters().edit(new EditCluster().setClusterId(missing).setSparkVersion("15.4.x-scala2.12")
                .setNumWorkers(1L))).isInstanceOf(InvalidParameterValue.class).hasMessage("Cluster " + missing + " does not exist");
        assertThatThrownBy(() -> w.clusters().resize(new ResizeCluster().setClusterId(missing).setNumWorkers(2L)))
                .isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.clusters().restart(new RestartCluster().setClusterId(missing)))
                .isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.clusters().pin(missing)).isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.clusters().events(new GetEvents().setClusterId(missing)).iterator().hasNext())
                .isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.clusters().create(new CreateCluster().setClusterName("x").setNumWorkers(1L)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("spark_version");
        assertThat(clusters(new ListClustersRequest())).isEmpty();
    }

    @Test
    void permanentDeleteRemovesTheCluster() throws Exception {
        String id = createRunning("d");
        w.clusters().permanentDelete(id);
        assertThatThrownBy(() -> w.clusters().get(id)).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(clusters(new ListClustersRequest())).isEmpty();
    }

    @Test
    void listFiltersByStatePinPolicyAndPages() throws Exception {
        String running = createRunning("r");
        String stopped = createRunning("s");
        w.clusters().delete(stopped).get(Duration.ofSeconds(20));
        w.clusters().pin(stopped);

        assertThat(ids(new ListClustersRequest())).containsExactlyInAnyOrder(running, stopped);
        assertThat(ids(new ListClustersRequest().setFilterBy(new ListClustersFilterBy()
                .setClusterStates(List.of(State.RUNNING))))).containsExactly(running);
        assertThat(ids(new ListClustersRequest().setFilterBy(new ListClustersFilterBy()
                .setClusterStates(List.of(State.TERMINATED, State.PENDING))))).containsExactly(stopped);
        assertThat(ids(new ListClustersRequest().setFilterBy(new ListClustersFilterBy().setIsPinned(true))))
                .containsExactly(stopped);
        assertThat(ids(new ListClustersRequest().setFilterBy(new ListClustersFilterBy()
                .setClusterSources(List.of(ClusterSource.JOB))))).isEmpty();
        assertThat(ids(new ListClustersRequest().setFilterBy(new ListClustersFilterBy().setPolicyId("nope")))).isEmpty();
        // one per page: the SDK follows next_page_token through both
        assertThat(ids(new ListClustersRequest().setPageSize(1L))).containsExactlyInAnyOrder(running, stopped);

        w.clusters().unpin(stopped);
        assertThat(ids(new ListClustersRequest().setFilterBy(new ListClustersFilterBy().setIsPinned(true)))).isEmpty();
    }

    @Test
    void eventsAreRecordedAndPaged() throws Exception {
        String id = createRunning("e");
        w.clusters().restart(new RestartCluster().setClusterId(id)).get(Duration.ofSeconds(20));
        w.clusters().resize(new ResizeCluster().setClusterId(id).setNumWorkers(3L)).get(Duration.ofSeconds(20));
        w.clusters().pin(id);
        w.clusters().delete(id).get(Duration.ofSeconds(20));

        List<EventType> asc = types(new GetEvents().setClusterId(id).setOrder(GetEventsOrder.ASC));
        assertThat(asc).containsExactly(EventType.CREATING, EventType.RUNNING, EventType.RESTARTING, EventType.RUNNING,
                EventType.RESIZING, EventType.RUNNING, EventType.PINNED, EventType.TERMINATING);
        assertThat(types(new GetEvents().setClusterId(id).setLimit(3L))).hasSize(asc.size()).first()
                .isEqualTo(EventType.TERMINATING);
        assertThat(types(new GetEvents().setClusterId(id).setEventTypes(List.of(EventType.RUNNING)))).hasSize(3);

        var page = w.clusters().impl().events(new GetEvents().setClusterId(id).setLimit(3L).setOrder(GetEventsOrder.ASC));
        assertThat(page.getEvents()).hasSize(3);
        assertThat(page.getTotalCount()).isEqualTo(8L);
        assertThat(page.getNextPage().getOffset()).isEqualTo(3L);
        ClusterEvent resize = StreamSupport.stream(w.clusters().events(new GetEvents().setClusterId(id)
                .setEventTypes(List.of(EventType.RESIZING))).spliterator(), false).findFirst().orElseThrow();
        assertThat(resize.getDetails().getTargetNumWorkers()).isEqualTo(3L);
        assertThat(resize.getDetails().getCurrentNumWorkers()).isEqualTo(2L);
    }

    @Test
    void changeOwner() throws Exception {
        String id = createRunning("o");
        w.clusters().changeOwner(new ChangeClusterOwner().setClusterId(id).setOwnerUsername("ana@example.com"));
        assertThat(w.clusters().get(id).getCreatorUserName()).isEqualTo("ana@example.com");
    }

    @Test
    void autoterminationTerminatesAnIdleClusterWithInactivity() throws Exception {
        // a server whose "minute" is 20 ms: 10 minutes = 200 ms; time is dilated, the logic is not
        MiniLakeServer fast = MiniLakeServer.startWith(Map.of("MINILAKE_COMPUTE_MINUTE_MS", "20"));
        try {
            WorkspaceClient fw = fast.workspace();
            String id = fw.clusters().create(spec("idle").setAutoterminationMinutes(10L)).getResponse().getClusterId();
            await().atMost(Duration.ofSeconds(10)).until(() -> fw.clusters().get(id).getState() == State.TERMINATED);
            ClusterDetails c = fw.clusters().get(id);
            assertThat(c.getTerminationReason().getCode().toString()).isEqualTo("INACTIVITY");
            assertThat(c.getTerminationReason().getParameters()).containsEntry("inactivity_duration_min", "10");
            assertThat(StreamSupport.stream(fw.clusters().events(new GetEvents().setClusterId(id).setOrder(GetEventsOrder.ASC))
                    .spliterator(), false).map(ClusterEvent::getType).toList())
                    .containsExactly(EventType.CREATING, EventType.RUNNING, EventType.TERMINATING);
        } finally {
            fast.close();
        }
        // the shared server keeps real minutes: a 10-minute cluster is still running
        String slow = w.clusters().create(spec("slow").setAutoterminationMinutes(10L)).get(Duration.ofSeconds(20)).getClusterId();
        Thread.sleep(300);
        assertThat(w.clusters().get(slow).getState()).isEqualTo(State.RUNNING);
        assertThatThrownBy(() -> w.clusters().create(spec("bad").setAutoterminationMinutes(3L)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("autotermination_minutes");
    }

    @Test
    void resetCancelsTimersAndClearsClusters() {
        w.clusters().create(spec("x"));
        server.reset();
        assertThat(clusters(new ListClustersRequest())).isEmpty();
    }

    @Test
    void theOlderApiVersionIsServedToo() {
        var r = server.send("GET", "/api/2.0/clusters/list", null);
        assertThat(r.statusCode()).isEqualTo(200);
        var created = server.send("POST", "/api/2.0/clusters/create",
                "{\"cluster_name\":\"v20\",\"spark_version\":\"15.4.x-scala2.12\",\"num_workers\":0,\"some_future_field\":{\"a\":1}}");
        assertThat(created.statusCode()).isEqualTo(200);
        String id = created.body().replaceAll(".*\"cluster_id\":\"([^\"]+)\".*", "$1");
        // fields MiniLake does not know are kept, so clients read back what they wrote
        assertThat(server.send("GET", "/api/2.1/clusters/get?cluster_id=" + id, null).body())
                .contains("\"some_future_field\":{\"a\":1}");
    }

    private List<ClusterDetails> clusters(ListClustersRequest req) {
        return StreamSupport.stream(w.clusters().list(req).spliterator(), false).toList();
    }

    private List<String> ids(ListClustersRequest req) {
        return clusters(req).stream().map(ClusterDetails::getClusterId).toList();
    }

    private List<EventType> types(GetEvents req) {
        return StreamSupport.stream(w.clusters().events(req).spliterator(), false).map(ClusterEvent::getType).toList();
    }
}
