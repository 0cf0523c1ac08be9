package dev.minilake.catalog.monitors;

import java.util.List;
import java.util.Map;

/** Wire shapes of quality-monitor refreshes, with the SDK's field names (monitors themselves are JSON records). */
public final class MonitorDtos {
    private MonitorDtos() {
    }

    public record MonitorRefreshInfo(Long refresh_id, String state, Long start_time_ms, Long end_time_ms, String message,
                                     String trigger) {
    }

    public record MonitorRefreshListResponse(List<MonitorRefreshInfo> refreshes) {
    }

    /**
     * A refresh as the store keeps it: the wire fields, the table it profiled and, after SUCCESS, the
     * profile itself (row count and per-column null counts) computed by the SQL engine.
     */
    public record RefreshRecord(String table_name, long refresh_id, String state, Long start_time_ms, Long end_time_ms,
                                String message, String trigger, Long row_count, Map<String, Long> null_counts) {
        RefreshRecord with(String newState, Long end, String newMessage, Long rows, Map<String, Long> nulls) {
            return new RefreshRecord(table_name, refresh_id, newState, start_time_ms, end, newMessage, trigger, rows, nulls);
        }

        MonitorRefreshInfo wire() {
            return new MonitorRefreshInfo(refresh_id, state, start_time_ms, end_time_ms, message, trigger);
        }

        boolean finished() {
            return state.equals("SUCCESS") || state.equals("FAILED") || state.equals("CANCELED");
        }
    }
}
