package dev.minilake.sql;

import java.util.List;

/** Wire shapes of the Query History API (the SDK's sql.QueryInfo / ListQueriesResponse). */
public final class QueryHistoryDtos {
    private QueryHistoryDtos() {
    }

    public record QueryInfo(String query_id, String query_text, String status, String error_message, Long duration,
                            Long rows_produced, String warehouse_id, String endpoint_id, String user_name,
                            String executed_as_user_name, Long query_start_time_ms, Long query_end_time_ms,
                            Long execution_end_time_ms, String statement_type, String session_id, Boolean is_final,
                            String engine) {
        // engine (duckdb or spark) is MiniLake's own field; the SDKs ignore fields they do not know
    }

    public record ListQueriesResponse(List<QueryInfo> res, String next_page_token, boolean has_next_page) {
    }
}
