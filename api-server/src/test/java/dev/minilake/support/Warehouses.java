package dev.minilake.support;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.CreateWarehouseRequest;
import com.databricks.sdk.service.sql.EndpointTagPair;
import com.databricks.sdk.service.sql.EndpointTags;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.UUID;

/** Warehouses pinned to one engine (the {@code minilake.engine} tag), and which engine answered a statement. */
public final class Warehouses {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Warehouses() {
    }

    /** A new warehouse whose statements all run on {@code engine} ("duckdb", "spark" or "auto"). */
    public static String pinnedTo(WorkspaceClient w, String engine) {
        return w.warehouses().create(new CreateWarehouseRequest().setName("wh-" + engine + "-" + UUID.randomUUID())
                .setTags(new EndpointTags().setCustomTags(List.of(new EndpointTagPair().setKey("minilake.engine").setValue(engine)))))
                .getResponse().getId();
    }

    /** The engine query history records for a statement (MiniLake's extra field; the SDK drops it). */
    public static String engineOf(MiniLakeServer server, String statementId) throws Exception {
        return JSON.readTree(server.send("GET", "/api/2.0/sql/history/queries?filter_by.statement_ids=" + statementId, null).body())
                .at("/res/0/engine").asText();
    }
}
