package dev.minilake.catalog.monitors;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksError;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CancelRefreshRequest;
import com.databricks.sdk.service.catalog.CreateMonitor;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.DeleteSchemaRequest;
import com.databricks.sdk.service.catalog.MonitorInfo;
import com.databricks.sdk.service.catalog.MonitorInfoStatus;
import com.databricks.sdk.service.catalog.MonitorRefreshInfo;
import com.databricks.sdk.service.catalog.MonitorRefreshInfoState;
import com.databricks.sdk.service.catalog.MonitorSnapshot;
import com.databricks.sdk.service.catalog.MonitorTimeSeries;
import com.databricks.sdk.service.catalog.RunRefreshRequest;
import com.databricks.sdk.service.catalog.UpdateMonitor;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Collection;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Quality monitors through the real Java SDK; refreshes really profile the table through the SQL engine. */
class QualityMonitorsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("mon"));
        sql("CREATE TABLE main.default.t (id INT, name STRING, score DOUBLE)");
        sql("INSERT INTO main.default.t VALUES (1, 'a', NULL), (2, NULL, NULL), (3, 'c', 1.5), (4, 'd', NULL)");
    }

    StatementResponse sql(String text) {
        StatementResponse r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement(text).setWaitTimeout("30s"));
        assertThat(r.getStatus().getState()).as(text + " " + r.getStatus().getError()).isEqualTo(StatementState.SUCCEEDED);
        return r;
    }

    MonitorInfo createMonitor() {
        return w.qualityMonitors().create(new CreateMonitor().setTableName("main.default.t").setOutputSchemaName("main.mon")
                .setAssetsDir("/Workspace/Users/me/monitors").setSnapshot(new MonitorSnapshot()));
    }

    MonitorRefreshInfo awaitFinished(long id) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            MonitorRefreshInfo r = w.qualityMonitors().getRefresh("main.default.t", id);
            if (r.getState() != MonitorRefreshInfoState.PENDING && r.getState() != MonitorRefreshInfoState.RUNNING) return r;
            Thread.sleep(100);
        }
        throw new AssertionError("refresh " + id + " did not finish");
    }

    @Test
    void monitorLifecycle() {
        MonitorInfo m = createMonitor();
        assertThat(m.getStatus()).isEqualTo(MonitorInfoStatus.MONITOR_STATUS_ACTIVE);
        assertThat(m.getTableName()).isEqualTo("main.default.t");
        assertThat(m.getProfileMetricsTableName()).isEqualTo("main.mon.t_profile_metrics");
        assertThat(m.getMonitorVersion()).isEqualTo(1L);
        assertThat(w.qualityMonitors().get("main.default.t").getAssetsDir()).isEqualTo("/Workspace/Users/me/monitors");
        MonitorInfo u = w.qualityMonitors().update(new UpdateMonitor().setTableName("main.default.t").setOutputSchemaName("main.mon")
                .setTimeSeries(new MonitorTimeSeries().setTimestampCol("ts").setGranularities(List.of("1 day"))));
        assertThat(u.getMonitorVersion()).isEqualTo(2L);
        MonitorInfo got = w.qualityMonitors().get("main.default.t");
        assertThat(got.getTimeSeries().getTimestampCol()).isEqualTo("ts");
        assertThat(got.getSnapshot()).isNull();
        assertThat(got.getAssetsDir()).isEqualTo("/Workspace/Users/me/monitors");
        w.qualityMonitors().delete("main.default.t");
        assertThatThrownBy(() -> w.qualityMonitors().get("main.default.t")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void duplicateMissingAndUnknown() {
        createMonitor();
        assertThatThrownBy(this::createMonitor).isInstanceOf(ResourceAlreadyExists.class);
        w.qualityMonitors().delete("main.default.t");
        assertThatThrownBy(() -> w.qualityMonitors().create(new CreateMonitor().setTableName("main.default.t")
                .setAssetsDir("/x").setSnapshot(new MonitorSnapshot()))).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("output_schema_name");
        assertThatThrownBy(() -> w.qualityMonitors().create(new CreateMonitor().setTableName("main.default.t")
                .setAssetsDir("/x").setOutputSchemaName("main.mon"))).isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.qualityMonitors().get("main.default.t")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.qualityMonitors().create(new CreateMonitor().setTableName("main.default.nope")
                .setOutputSchemaName("main.mon").setAssetsDir("/x").setSnapshot(new MonitorSnapshot()))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.qualityMonitors().create(new CreateMonitor().setTableName("main.default.t")
                .setOutputSchemaName("main.nope").setAssetsDir("/x").setSnapshot(new MonitorSnapshot()))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.qualityMonitors().runRefresh(new RunRefreshRequest().setTableName("main.default.t")))
                .isInstanceOf(ResourceDoesNotExist.class);
        createMonitor();
        assertThatThrownBy(() -> w.qualityMonitors().getRefresh("main.default.t", 999)).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void refreshProfilesTheTableForReal() throws Exception {
        createMonitor();
        MonitorRefreshInfo started = w.qualityMonitors().runRefresh(new RunRefreshRequest().setTableName("main.default.t"));
        assertThat(started.getState()).isEqualTo(MonitorRefreshInfoState.PENDING);
        MonitorRefreshInfo done = awaitFinished(started.getRefreshId());
        assertThat(done.getState()).as(done.getMessage()).isEqualTo(MonitorRefreshInfoState.SUCCESS);
        assertThat(done.getMessage()).contains("4 rows").contains("id=0").contains("name=1").contains("score=3");
        assertThat(done.getEndTimeMs()).isGreaterThanOrEqualTo(done.getStartTimeMs());

        Collection<Collection<String>> rows = sql("SELECT column_name, `count`, num_nulls FROM main.mon.t_profile_metrics ORDER BY column_name")
                .getResult().getDataArray();
        assertThat(rows).extracting(r -> String.join(",", r))
                .containsExactly(":table,4,0", "id,4,0", "name,4,1", "score,4,3");
        // the metrics went in as typed parameters and keep Databricks' column types
        assertThat(w.tables().get("main.mon.t_profile_metrics").getColumns()).extracting(c -> c.getName() + ":" + c.getTypeText())
                .containsExactly("column_name:string", "count:bigint", "num_nulls:bigint", "refresh_id:bigint");

        // the data changes, the next refresh sees it
        sql("INSERT INTO main.default.t VALUES (5, NULL, 2.0)");
        MonitorRefreshInfo second = awaitFinished(w.qualityMonitors().runRefresh(new RunRefreshRequest().setTableName("main.default.t")).getRefreshId());
        assertThat(second.getMessage()).contains("5 rows").contains("name=2");
        assertThat(w.qualityMonitors().listRefreshes("main.default.t").getRefreshes())
                .extracting(MonitorRefreshInfo::getRefreshId).containsExactly(second.getRefreshId(), started.getRefreshId());

        // a finished refresh cannot be canceled
        assertThatThrownBy(() -> w.qualityMonitors().cancelRefresh(new CancelRefreshRequest().setTableName("main.default.t")
                .setRefreshId(second.getRefreshId()))).isInstanceOf(DatabricksError.class)
                .satisfies(e -> assertThat(((DatabricksError) e).getErrorCode()).isEqualTo("INVALID_STATE"));
        assertThat(w.qualityMonitors().getRefresh("main.default.t", second.getRefreshId()).getState()).isEqualTo(MonitorRefreshInfoState.SUCCESS);
    }

    @Test
    void refreshFailsWithTheEngineError() throws Exception {
        createMonitor();
        w.schemas().delete(new DeleteSchemaRequest().setFullName("main.mon").setForce(true)); // nowhere to write metrics
        MonitorRefreshInfo done = awaitFinished(w.qualityMonitors().runRefresh(new RunRefreshRequest().setTableName("main.default.t")).getRefreshId());
        assertThat(done.getState()).isEqualTo(MonitorRefreshInfoState.FAILED);
        assertThat(done.getMessage()).contains("main.mon.t_profile_metrics");
    }

    @Test
    void aMonitorDiesWithItsTable() {
        createMonitor();
        sql("DROP TABLE main.default.t");
        assertThatThrownBy(() -> w.qualityMonitors().get("main.default.t")).isInstanceOf(ResourceDoesNotExist.class);
        sql("CREATE TABLE main.default.t (id INT)");
        assertThatThrownBy(() -> w.qualityMonitors().get("main.default.t")).isInstanceOf(ResourceDoesNotExist.class);
        // dropped through the API and re-created unseen: the new table has a new id, the old monitor is not its monitor
        createMonitor();
        w.tables().delete("main.default.t");
        sql("CREATE TABLE main.default.t (id INT)");
        assertThatThrownBy(() -> w.qualityMonitors().get("main.default.t")).isInstanceOf(ResourceDoesNotExist.class);
    }
}
