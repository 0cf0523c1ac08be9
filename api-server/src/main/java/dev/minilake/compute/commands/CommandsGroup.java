package dev.minilake.compute.commands;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.sql.queries.SqlObjects;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/** /api/1.2 command execution: contexts and commands on a RUNNING cluster. */
@Component
public class CommandsGroup implements ApiGroup {
    private final CommandsService service;

    public CommandsGroup(CommandsService service) {
        this.service = service;
    }

    @Override
    public String name() {
        return "command-execution";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "python runs in a stateful python3 process per context (spark only with a warm Spark), "
                + "sql on DuckDB as a table result (max " + CommandsService.MAX_ROWS + " rows); scala and r refused; "
                + "contexts die with the cluster's driver";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("CommandExecutionAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post("/api/1.2/contexts/create", ObjectNode.class, (req, b) -> Map.of("id",
                service.createContext(SqlObjects.text(b, "clusterId"), SqlObjects.text(b, "language"))));
        r.get("/api/1.2/contexts/status", req -> service.contextStatus(req.query("clusterId").orElse(null),
                req.query("contextId").orElse(null)));
        r.post("/api/1.2/contexts/destroy", ObjectNode.class, (req, b) -> {
            service.destroy(SqlObjects.text(b, "clusterId"), SqlObjects.text(b, "contextId"));
            return Map.of();
        });
        r.post("/api/1.2/commands/execute", ObjectNode.class, (req, b) -> Map.of("id", service.execute(
                SqlObjects.text(b, "clusterId"), SqlObjects.text(b, "contextId"), SqlObjects.text(b, "language"),
                SqlObjects.text(b, "command"))));
        r.get("/api/1.2/commands/status", req -> service.commandStatus(req.query("clusterId").orElse(null),
                req.query("contextId").orElse(null), req.query("commandId").orElse(null)));
        r.post("/api/1.2/commands/cancel", ObjectNode.class, (req, b) -> {
            service.cancel(SqlObjects.text(b, "clusterId"), SqlObjects.text(b, "contextId"), SqlObjects.text(b, "commandId"));
            return Map.of();
        });
    }

    @Override
    public void quiesce() {
        service.closeAll();
    }

    @Override
    public int resetOrder() {
        return -10;
    }
}
