package dev.minilake.catalog.monitors;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of Lakehouse quality monitors; the logic is in {@link QualityMonitorsService}. */
@Component
public class QualityMonitorsGroup implements ApiGroup {
    private static final String MONITOR = "/api/2.1/unity-catalog/tables/{table_name}/monitor";

    private final QualityMonitorsService s;

    public QualityMonitorsGroup(QualityMonitorsService s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "quality-monitors";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "monitor configuration stored on an existing table; a refresh is real: PENDING -> RUNNING -> SUCCESS/FAILED in the "
                + "background, profiling the table through the SQL engine (row count, per-column null count) into "
                + "{output schema}.{table}_profile_metrics; no drift/custom metrics, slicing, schedules, notifications or dashboards "
                + "(regenerate_dashboard answers 501)";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("QualityMonitorsAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(MONITOR, ObjectNode.class, (req, b) -> s.create(table(req), b));
        r.get(MONITOR, req -> s.get(table(req)));
        r.put(MONITOR, ObjectNode.class, (req, b) -> s.update(table(req), b));
        r.delete(MONITOR, req -> {
            s.delete(table(req));
            return null;
        });
        r.post(MONITOR + "/refreshes", req -> s.runRefresh(table(req)));
        r.get(MONITOR + "/refreshes", req -> s.listRefreshes(table(req)));
        r.get(MONITOR + "/refreshes/{refresh_id}", req -> s.getRefresh(table(req), refreshId(req)));
        r.post(MONITOR + "/refreshes/{refresh_id}/cancel", req -> {
            s.cancelRefresh(table(req), refreshId(req));
            return null;
        });
    }

    @Override
    public void quiesce() throws Exception {
        s.quiesce();
    }

    private static String table(Request req) {
        return req.pathVar("table_name");
    }

    private static long refreshId(Request req) {
        String v = req.pathVar("refresh_id");
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw ApiException.invalid("Invalid refresh_id '" + v + "': expected a number.");
        }
    }
}
