package dev.minilake.catalog.onlinetables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.catalog.Names;
import dev.minilake.catalog.Names.ObjectName;
import dev.minilake.catalog.SchemasService;
import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.catalog.TableDtos.TableInfo;
import dev.minilake.catalog.TablesService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.engines.statements.QueryResult;
import dev.minilake.engines.statements.StatementEngine;
import dev.minilake.engines.statements.StatementRequest;
import org.springframework.stereotype.Service;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * Online tables, named like the SDK's OnlineTablesAPI: a state machine over an existing source table.
 * There is no online store and nothing is served: the table is PROVISIONING for
 * {@link #PROVISIONING_MS} after creation, then ACTIVE / ONLINE. What is real: the source table and
 * its primary-key columns must exist, and the row count reported as synced is the source table's
 * real count at creation (through the SQL engine). A dropped source table shows OFFLINE_FAILED.
 */
@Service
public class OnlineTablesService {
    static final long PROVISIONING_MS = 2_000;

    private final TablesService tables;
    private final SchemasService schemas;
    private final StatementEngine statements;
    private final ObjectMapper json;
    private final Collection<ObjectNode> online;

    public OnlineTablesService(Store store, TablesService tables, SchemasService schemas, StatementEngine statements,
                               ObjectMapper json) {
        this.tables = tables;
        this.schemas = schemas;
        this.statements = statements;
        this.json = json;
        this.online = store.collection("uc_online_table", ObjectNode.class);
    }

    public synchronized ObjectNode create(ObjectNode body) throws Exception {
        ObjectName n = Names.objectFullName("online table", body.path("name").asText(null));
        JsonNode spec = body.path("spec");
        if (!spec.isObject()) throw ApiException.missingField("spec");
        String source = spec.path("source_table_full_name").asText("");
        if (source.isBlank()) throw ApiException.missingField("spec.source_table_full_name");
        JsonNode keys = spec.path("primary_key_columns");
        if (!keys.isArray() || keys.isEmpty()) throw ApiException.missingField("spec.primary_key_columns");
        boolean continuous = spec.hasNonNull("run_continuously");
        if (continuous == spec.hasNonNull("run_triggered")) {
            throw ApiException.invalid("Exactly one of spec.run_continuously and spec.run_triggered must be given.");
        }
        TableInfo src = tables.get(source);
        Set<String> columns = new HashSet<>();
        for (ColumnInfo c : src.columns()) columns.add(c.name().toLowerCase(Locale.ROOT));
        for (JsonNode k : keys) {
            if (!columns.contains(k.asText().toLowerCase(Locale.ROOT))) {
                throw ApiException.invalid("Primary key column '" + k.asText() + "' is not a column of " + src.full_name() + ".");
            }
        }
        if (spec.hasNonNull("timeseries_key") && !columns.contains(spec.get("timeseries_key").asText().toLowerCase(Locale.ROOT))) {
            throw ApiException.invalid("timeseries_key '" + spec.get("timeseries_key").asText() + "' is not a column of " + src.full_name() + ".");
        }
        if (!schemas.exists(n.catalog(), n.schema())) throw ApiException.notFound("Schema '" + n.schemaName().fullName() + "'");
        if (online.get(n.fullName()).isPresent() || tables.exists(n.fullName())) {
            throw ApiException.alreadyExists("Table '" + n.fullName() + "'");
        }
        ObjectNode r = json.createObjectNode();
        r.put("name", n.fullName());
        ObjectNode s = spec.deepCopy();
        s.put("source_table_full_name", src.full_name());
        s.put("pipeline_id", UUID.randomUUID().toString());
        r.set("spec", s);
        r.put("created_at", System.currentTimeMillis());
        r.put("source_table_id", src.table_id());
        QueryResult count = statements.run("SELECT count(*) FROM IDENTIFIER(:source)",
                List.of(new StatementRequest.Parameter("source", Names.objectFullName("table", src.full_name()).quoted(), null)), 1, 60_000);
        if (count.succeeded()) r.put("source_row_count", count.singleLong());
        if (!online.insert(n.fullName(), n.schemaName().fullName(), r)) throw ApiException.alreadyExists("Table '" + n.fullName() + "'");
        return view(r);
    }

    public ObjectNode get(String name) {
        return view(require(name));
    }

    public synchronized void delete(String name) {
        ObjectNode r = require(name);
        online.delete(r.get("name").asText());
    }

    private ObjectNode require(String name) {
        ObjectName n = Names.objectFullName("online table", name);
        return online.get(n.fullName()).orElseThrow(() -> ApiException.notFound("Online table '" + n.fullName() + "'"));
    }

    /** The wire form, with the state computed from the time since creation and the source table. */
    private ObjectNode view(ObjectNode r) {
        ObjectNode out = json.createObjectNode();
        out.put("name", r.get("name").asText());
        out.set("spec", r.get("spec"));
        ObjectNode status = out.putObject("status");
        String source = r.get("spec").get("source_table_full_name").asText();
        boolean continuous = r.get("spec").hasNonNull("run_continuously");
        long created = r.get("created_at").asLong();
        boolean sourceLive = sourceLive(source, r.path("source_table_id").asText(null));
        if (!sourceLive) {
            out.put("unity_catalog_provisioning_state", "DEGRADED");
            status.put("detailed_state", "OFFLINE_FAILED");
            status.put("message", "The source table " + source + " no longer exists.");
            status.putObject("failed_status").put("timestamp", Instant.now().toString());
        } else if (System.currentTimeMillis() - created < PROVISIONING_MS) {
            out.put("unity_catalog_provisioning_state", "PROVISIONING");
            status.put("detailed_state", "PROVISIONING_INITIAL_SNAPSHOT");
            status.put("message", "Provisioning (MiniLake: no online store, nothing is synced).");
            progress(status.putObject("provisioning_status").putObject("initial_pipeline_sync_progress"), r, false);
        } else {
            out.put("unity_catalog_provisioning_state", "ACTIVE");
            String done = Instant.ofEpochMilli(created + PROVISIONING_MS).toString();
            if (continuous) {
                status.put("detailed_state", "ONLINE_CONTINUOUS_UPDATE");
                ObjectNode c = status.putObject("continuous_update_status");
                c.put("timestamp", done);
                progress(c.putObject("initial_pipeline_sync_progress"), r, true);
            } else {
                status.put("detailed_state", "ONLINE_NO_PENDING_UPDATE");
                ObjectNode t = status.putObject("triggered_update_status");
                t.put("timestamp", done);
                progress(t.putObject("triggered_update_progress"), r, true);
            }
            status.put("message", "Online (MiniLake: state only, no online store serves lookups).");
        }
        return out;
    }

    private static void progress(ObjectNode p, ObjectNode r, boolean finished) {
        if (!r.has("source_row_count")) return;
        long rows = r.get("source_row_count").asLong();
        p.put("total_row_count", rows);
        p.put("synced_row_count", finished ? rows : 0);
        p.put("sync_progress_completion", finished ? 1.0 : 0.0);
    }

    private boolean sourceLive(String source, String id) {
        try {
            TableInfo t = tables.get(source);
            return id == null || id.equals(t.table_id());
        } catch (ApiException e) {
            if (e.code() == ErrorCode.RESOURCE_DOES_NOT_EXIST) return false;
            throw e;
        }
    }

}
