package dev.minilake.sql.alerts;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.sql.Aggregation;
import com.databricks.sdk.service.sql.AlertEvaluationState;
import com.databricks.sdk.service.sql.AlertLifecycleState;
import com.databricks.sdk.service.sql.AlertV2;
import com.databricks.sdk.service.sql.AlertV2Evaluation;
import com.databricks.sdk.service.sql.AlertV2Notification;
import com.databricks.sdk.service.sql.AlertV2Operand;
import com.databricks.sdk.service.sql.AlertV2OperandColumn;
import com.databricks.sdk.service.sql.AlertV2OperandValue;
import com.databricks.sdk.service.sql.AlertV2Subscription;
import com.databricks.sdk.service.sql.ComparisonOperator;
import com.databricks.sdk.service.sql.CreateAlertV2Request;
import com.databricks.sdk.service.sql.CronSchedule;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.ListAlertsV2Request;
import com.databricks.sdk.service.sql.SchedulePauseStatus;
import com.databricks.sdk.service.sql.StatementState;
import com.databricks.sdk.service.sql.TrashAlertV2Request;
import com.databricks.sdk.service.sql.UpdateAlertV2Request;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** AlertsV2API through the real Java SDK: own query text, aggregations, and a quartz schedule that really fires. */
class AlertsV2SdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    void sql(String s) {
        var r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(s));
        assertThat(r.getStatus().getState()).isEqualTo(StatementState.SUCCEEDED);
    }

    AlertV2 alert(String name, String text, AlertV2Evaluation eval, SchedulePauseStatus pause) {
        return w.alertsV2().createAlert(new CreateAlertV2Request().setAlert(new AlertV2().setDisplayName(name)
                .setQueryText(text).setWarehouseId("dev").setEvaluation(eval)
                .setSchedule(new CronSchedule().setQuartzCronSchedule("* * * * * ?").setTimezoneId("UTC").setPauseStatus(pause))));
    }

    static AlertV2Evaluation sumAbove(double threshold) {
        return new AlertV2Evaluation().setComparisonOperator(ComparisonOperator.GREATER_THAN)
                .setSource(new AlertV2OperandColumn().setName("amount").setAggregation(Aggregation.SUM))
                .setThreshold(new AlertV2Operand().setValue(new AlertV2OperandValue().setDoubleValue(threshold)))
                .setNotification(new AlertV2Notification().setSubscriptions(List.of(new AlertV2Subscription().setUserEmail("ops@example.com"))));
    }

    @Test
    void theScheduleEvaluatesTheAggregatedSourceAsRowsChange() throws Exception {
        sql("CREATE TABLE main.default.pay (amount DOUBLE)");
        sql("INSERT INTO main.default.pay VALUES (3), (4)");
        AlertV2 a = alert("big spend", "SELECT amount FROM main.default.pay", sumAbove(10), SchedulePauseStatus.UNPAUSED);
        AlertV2 paused = alert("paused", "SELECT amount FROM main.default.pay", sumAbove(1), SchedulePauseStatus.PAUSED);
        assertThat(a.getEvaluation().getState()).isEqualTo(AlertEvaluationState.UNKNOWN);
        assertThat(a.getLifecycleState()).isEqualTo(AlertLifecycleState.ACTIVE);
        assertThat(a.getEffectiveRunAs().getUserName()).isEqualTo("dev@minilake.local");

        await().atMost(Duration.ofSeconds(15)).until(() -> w.alertsV2().getAlert(a.getId()).getEvaluation().getState() == AlertEvaluationState.OK);
        assertThat(w.alertsV2().getAlert(a.getId()).getEvaluation().getLastEvaluatedAt()).isNotBlank();
        sql("INSERT INTO main.default.pay VALUES (5)");
        await().atMost(Duration.ofSeconds(15)).until(() -> w.alertsV2().getAlert(a.getId()).getEvaluation().getState() == AlertEvaluationState.TRIGGERED);
        assertThat(w.alertsV2().getAlert(paused.getId()).getEvaluation().getState()).isEqualTo(AlertEvaluationState.UNKNOWN);

        JsonNode n = new ObjectMapper().readTree(server.send("GET", "/_minilake/sql/alerts/" + a.getId() + "/notifications", null).body());
        assertThat(n.get("notifications").get(0).get("subscriptions").get(0).get("user_email").asText()).isEqualTo("ops@example.com");
        assertThat(n.get("notifications").get(0).get("delivered").asBoolean()).isFalse();
    }

    @Test
    void crudColumnThresholdsAndErrors() throws Exception {
        sql("CREATE TABLE main.default.m (a INT, b INT)");
        sql("INSERT INTO main.default.m VALUES (1, 2)");
        AlertV2 a = alert("cols", "SELECT a, b FROM main.default.m", new AlertV2Evaluation()
                .setComparisonOperator(ComparisonOperator.LESS_THAN).setSource(new AlertV2OperandColumn().setName("a"))
                .setThreshold(new AlertV2Operand().setColumn(new AlertV2OperandColumn().setName("b"))), SchedulePauseStatus.PAUSED);
        JsonNode e = new ObjectMapper().readTree(server.send("POST", "/_minilake/sql/alerts/" + a.getId() + "/evaluate", "").body());
        assertThat(e.get("evaluation").get("state").asText()).isEqualTo("TRIGGERED");

        AlertV2 broken = alert("broken", "SELECT * FROM main.default.nope", sumAbove(1), SchedulePauseStatus.PAUSED);
        JsonNode b = new ObjectMapper().readTree(server.send("POST", "/_minilake/sql/alerts/" + broken.getId() + "/evaluate", "").body());
        assertThat(b.get("evaluation").get("state").asText()).isEqualTo("ERROR");

        AlertV2 u = w.alertsV2().updateAlert(new UpdateAlertV2Request().setId(a.getId()).setUpdateMask("display_name")
                .setAlert(new AlertV2().setDisplayName("renamed")));
        assertThat(u.getDisplayName()).isEqualTo("renamed");
        assertThat(u.getEvaluation().getState()).as("not re-evaluated by a rename").isEqualTo(AlertEvaluationState.TRIGGERED);
        assertThat(w.alertsV2().listAlerts(new ListAlertsV2Request())).extracting(AlertV2::getDisplayName)
                .containsExactlyInAnyOrder("renamed", "broken");

        w.alertsV2().trashAlert(a.getId());
        assertThatThrownBy(() -> w.alertsV2().getAlert(a.getId())).isInstanceOf(ResourceDoesNotExist.class);
        w.alertsV2().trashAlert(new TrashAlertV2Request().setId(broken.getId()).setPurge(true));
        assertThat(w.alertsV2().listAlerts(new ListAlertsV2Request())).isEmpty();

        assertThatThrownBy(() -> w.alertsV2().createAlert(new CreateAlertV2Request().setAlert(new AlertV2().setDisplayName("x")
                .setQueryText("SELECT 1").setWarehouseId("dev").setEvaluation(sumAbove(1))
                .setSchedule(new CronSchedule().setQuartzCronSchedule("not a cron").setTimezoneId("UTC")))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("quartz_cron_schedule");
    }
}
