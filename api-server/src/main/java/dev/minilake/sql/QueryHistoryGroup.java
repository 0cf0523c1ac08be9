package dev.minilake.sql;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.mcp.McpFeatures;
import org.springframework.stereotype.Component;

import java.util.List;

/** Query history: every statement the statements group ran, durable in the store. */
@Component
public class QueryHistoryGroup implements ApiGroup {
    private final QueryHistoryService service;

    public QueryHistoryGroup(QueryHistoryService service) {
        this.service = service;
    }

    @Override
    public String name() {
        return "sql-query-history";
    }

    @Override
    public void quiesce() {
        service.discardPending(); // the store is cleared next: nothing written behind may come back
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "every statement recorded with status, duration and rows; filter_by statuses/warehouses/time, paging";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("QueryHistoryAPI");
    }

    @Override
    public void routes(Routes r) {
        r.get("/api/2.0/sql/history/queries", service::list);
    }

    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("list_query_history", "Recent statements, newest first, with status, duration, row count and error message.",
                SqlToolArgs.History.class, a -> service.list(a.statuses() == null ? List.of() : a.statuses(),
                        a.warehouse_ids() == null ? List.of() : a.warehouse_ids(), List.of(), Long.MIN_VALUE, Long.MAX_VALUE,
                        a.max_results() == null ? 20 : a.max_results(), 0));
    }
}
