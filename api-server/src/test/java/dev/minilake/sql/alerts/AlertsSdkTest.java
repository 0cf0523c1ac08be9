package dev.minilake.sql.alerts;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.sql.Alert;
import com.databricks.sdk.service.sql.AlertCondition;
import com.databricks.sdk.service.sql.AlertConditionOperand;
import com.databricks.sdk.service.sql.AlertConditionThreshold;
import com.databricks.sdk.service.sql.AlertOperandColumn;
import com.databricks.sdk.service.sql.AlertOperandValue;
import com.databricks.sdk.service.sql.AlertOperator;
import com.databricks.sdk.service.sql.AlertOptions;
import com.databricks.sdk.service.sql.AlertOptionsEmptyResultState;
import com.databricks.sdk.service.sql.AlertState;
import com.databricks.sdk.service.sql.CreateAlert;
import com.databricks.sdk.service.sql.CreateAlertRequest;
import com.databricks.sdk.service.sql.CreateAlertRequestAlert;
import com.databricks.sdk.service.sql.CreateQueryRequest;
import com.databricks.sdk.service.sql.CreateQueryRequestQuery;
import com.databricks.sdk.service.sql.EditAlert;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.LegacyAlert;
import com.databricks.sdk.service.sql.LegacyAlertState;
import com.databricks.sdk.service.sql.ListAlertsRequest;
import com.databricks.sdk.service.sql.ListAlertsResponseAlert;
import com.databricks.sdk.service.sql.StatementState;
import com.databricks.sdk.service.sql.UpdateAlertRequest;
import com.databricks.sdk.service.sql.UpdateAlertRequestAlert;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Alerts through the real Java SDK, evaluated against real DuckDB results as a table's rows change. */
class AlertsSdkTest {
    static final ObjectMapper JSON = new ObjectMapper();
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

    String query(String text) {
        return w.queries().create(new CreateQueryRequest().setQuery(new CreateQueryRequestQuery()
                .setDisplayName("q-" + System.nanoTime()).setQueryText(text).setWarehouseId("dev"))).getId();
    }

    static AlertCondition condition(AlertOperator op, String column, double threshold) {
        return new AlertCondition().setOp(op)
                .setOperand(new AlertConditionOperand().setColumn(new AlertOperandColumn().setName(column)))
                .setThreshold(new AlertConditionThreshold().setValue(new AlertOperandValue().setDoubleValue(threshold)));
    }

    JsonNode evaluate(String id) throws Exception {
        var r = server.send("POST", "/_minilake/sql/alerts/" + id + "/evaluate", "");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    @Test
    void turnsTriggeredWhenTheTableRowsChange() throws Exception {
        sql("CREATE TABLE main.default.events (id INT)");
        sql("INSERT INTO main.default.events VALUES (1), (2)");
        String q = query("SELECT count(*) AS n FROM main.default.events");
        Alert a = w.alerts().create(new CreateAlertRequest().setAlert(new CreateAlertRequestAlert()
                .setDisplayName("too many events").setQueryId(q).setNotifyOnOk(true)
                .setCondition(condition(AlertOperator.GREATER_THAN, "n", 3))));
        assertThat(a.getState()).isEqualTo(AlertState.UNKNOWN);

        evaluate(a.getId());
        Alert ok = w.alerts().get(a.getId());
        assertThat(ok.getState()).isEqualTo(AlertState.OK);
        assertThat(ok.getTriggerTime()).isNull();

        sql("INSERT INTO main.default.events VALUES (3), (4)");
        JsonNode evaluated = evaluate(a.getId());
        assertThat(evaluated.get("last_evaluation_time").asText()).isNotBlank();
        Alert triggered = w.alerts().get(a.getId());
        assertThat(triggered.getState()).isEqualTo(AlertState.TRIGGERED);
        assertThat(triggered.getTriggerTime()).isNotBlank();

        sql("DELETE FROM main.default.events WHERE id > 1");
        evaluate(a.getId());
        assertThat(w.alerts().get(a.getId()).getState()).isEqualTo(AlertState.OK);

        // TRIGGERED, then back to OK with notify_on_ok: two notifications recorded
        JsonNode n = JSON.readTree(server.send("GET", "/_minilake/sql/alerts/" + a.getId() + "/notifications", null).body());
        List<String> states = new ArrayList<>();
        n.get("notifications").forEach(x -> states.add(x.get("state").asText()));
        assertThat(states).containsExactly("TRIGGERED", "OK");
    }

    @Test
    void operatorsEmptyResultsAndFailures() throws Exception {
        sql("CREATE TABLE main.default.t (v DOUBLE, s STRING)");
        sql("INSERT INTO main.default.t VALUES (5, 'x')");
        String q = query("SELECT v, s, NULL AS z FROM main.default.t");
        record Case(AlertOperator op, double threshold, AlertState expected) {
        }
        for (Case c : List.of(new Case(AlertOperator.EQUAL, 5, AlertState.TRIGGERED),
                new Case(AlertOperator.NOT_EQUAL, 5, AlertState.OK),
                new Case(AlertOperator.GREATER_THAN_OR_EQUAL, 5, AlertState.TRIGGERED),
                new Case(AlertOperator.LESS_THAN, 5, AlertState.OK),
                new Case(AlertOperator.LESS_THAN_OR_EQUAL, 10, AlertState.TRIGGERED))) {
            Alert a = w.alerts().create(new CreateAlertRequest().setAlert(new CreateAlertRequestAlert()
                    .setDisplayName("op " + c.op()).setQueryId(q).setCondition(condition(c.op(), "v", c.threshold()))));
            assertThat(evaluate(a.getId()).get("state").asText()).as(c.op().toString()).isEqualTo(c.expected().toString());
        }
        Alert isNull = w.alerts().create(new CreateAlertRequest().setAlert(new CreateAlertRequestAlert().setDisplayName("null")
                .setQueryId(q).setCondition(new AlertCondition().setOp(AlertOperator.IS_NULL)
                        .setOperand(new AlertConditionOperand().setColumn(new AlertOperandColumn().setName("z"))))));
        assertThat(evaluate(isNull.getId()).get("state").asText()).isEqualTo("TRIGGERED");
        Alert str = w.alerts().create(new CreateAlertRequest().setAlert(new CreateAlertRequestAlert().setDisplayName("str")
                .setQueryId(q).setCondition(new AlertCondition().setOp(AlertOperator.EQUAL)
                        .setOperand(new AlertConditionOperand().setColumn(new AlertOperandColumn().setName("s")))
                        .setThreshold(new AlertConditionThreshold().setValue(new AlertOperandValue().setStringValue("x"))))));
        assertThat(evaluate(str.getId()).get("state").asText()).isEqualTo("TRIGGERED");

        String empty = query("SELECT v FROM main.default.t WHERE v > 100");
        Alert e = w.alerts().create(new CreateAlertRequest().setAlert(new CreateAlertRequestAlert().setDisplayName("empty")
                .setQueryId(empty).setCondition(condition(AlertOperator.GREATER_THAN, "v", 1).setEmptyResultState(AlertState.TRIGGERED))));
        assertThat(evaluate(e.getId()).get("state").asText()).isEqualTo("TRIGGERED");

        String broken = query("SELECT * FROM main.default.missing_table");
        Alert b = w.alerts().create(new CreateAlertRequest().setAlert(new CreateAlertRequestAlert().setDisplayName("broken")
                .setQueryId(broken).setCondition(condition(AlertOperator.GREATER_THAN, "v", 1))));
        JsonNode out = evaluate(b.getId());
        assertThat(out.get("state").asText()).isEqualTo("UNKNOWN");
        assertThat(out.get("evaluation_message").asText()).contains("missing_table");
    }

    @Test
    void crudAndErrors() {
        String q = query("SELECT 1 AS n");
        Alert a = w.alerts().create(new CreateAlertRequest().setAlert(new CreateAlertRequestAlert()
                .setDisplayName("a").setQueryId(q).setCondition(condition(AlertOperator.GREATER_THAN, "n", 0))));
        Alert u = w.alerts().update(new UpdateAlertRequest().setId(a.getId()).setUpdateMask("display_name,seconds_to_retrigger")
                .setAlert(new UpdateAlertRequestAlert().setDisplayName("b").setSecondsToRetrigger(60L)));
        assertThat(u.getDisplayName()).isEqualTo("b");
        assertThat(u.getSecondsToRetrigger()).isEqualTo(60L);
        List<ListAlertsResponseAlert> listed = new ArrayList<>();
        w.alerts().list(new ListAlertsRequest()).forEach(listed::add);
        assertThat(listed).extracting(ListAlertsResponseAlert::getDisplayName).containsExactly("b");
        w.alerts().delete(a.getId());
        assertThat(w.alerts().list(new ListAlertsRequest())).isEmpty();

        assertThatThrownBy(() -> w.alerts().get("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.alerts().create(new CreateAlertRequest().setAlert(new CreateAlertRequestAlert()
                .setDisplayName("x").setQueryId("no-such-query").setCondition(condition(AlertOperator.EQUAL, "n", 1)))))
                .isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.alerts().create(new CreateAlertRequest().setAlert(new CreateAlertRequestAlert()
                .setDisplayName("x").setQueryId(q)))).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("condition");
    }

    @Test
    void legacyAlertsShareTheStore() throws Exception {
        String q = query("SELECT 10 AS n");
        LegacyAlert la = w.alertsLegacy().create(new CreateAlert().setName("legacy").setQueryId(q).setRearm(30L)
                .setOptions(new AlertOptions().setColumn("n").setOp(">").setValue(5).setEmptyResultState(AlertOptionsEmptyResultState.OK)));
        assertThat(la.getState()).isEqualTo(LegacyAlertState.UNKNOWN);
        assertThat(la.getQuery().getId()).isEqualTo(q);
        assertThat(la.getRearm()).isEqualTo(30L);
        Alert modern = w.alerts().get(la.getId());
        assertThat(modern.getCondition().getOp()).isEqualTo(AlertOperator.GREATER_THAN);
        assertThat(modern.getCondition().getEmptyResultState()).isEqualTo(AlertState.OK);

        evaluate(la.getId());
        LegacyAlert got = w.alertsLegacy().get(la.getId());
        assertThat(got.getState()).isEqualTo(LegacyAlertState.TRIGGERED);
        assertThat(got.getLastTriggeredAt()).isNotBlank();
        assertThat(got.getOptions().getOp()).isEqualTo(">");

        w.alertsLegacy().update(new EditAlert().setAlertId(la.getId()).setName("renamed").setQueryId(q)
                .setOptions(new AlertOptions().setColumn("n").setOp("<").setValue("5")));
        evaluate(la.getId());
        LegacyAlert edited = w.alertsLegacy().get(la.getId());
        assertThat(edited.getName()).isEqualTo("renamed");
        assertThat(edited.getState()).isEqualTo(LegacyAlertState.OK);
        assertThat(w.alertsLegacy().list()).extracting(LegacyAlert::getName).containsExactly("renamed");
        w.alertsLegacy().delete(la.getId());
        assertThat(w.alertsLegacy().list()).isEmpty();
    }
}
