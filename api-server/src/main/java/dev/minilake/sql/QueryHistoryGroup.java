package dev.minilake.sql;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
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
}
