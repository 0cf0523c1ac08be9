package dev.minilake.sql;

import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;
import java.util.Map;
import java.util.Set;

/** Wire shapes of the Statement Execution and SQL sessions APIs, with the SDK's field names. */
public final class StatementDtos {
    private StatementDtos() {
    }

    public record Parameter(String name, String value, String type) {
    }

    public record ExecuteStatementRequest(String statement, String warehouse_id, String catalog, String schema,
                                          String session_id, List<Parameter> parameters, String disposition,
                                          String format, String wait_timeout, String on_wait_timeout,
                                          Long row_limit, Long byte_limit, String result_compression) implements Validated {
        public ExecuteStatementRequest(String statement, String warehouse_id, String catalog, String schema,
                                       String session_id, List<Parameter> parameters, String disposition,
                                       String format, String wait_timeout, String on_wait_timeout,
                                       Long row_limit, Long byte_limit) {
            this(statement, warehouse_id, catalog, schema, session_id, parameters, disposition, format, wait_timeout,
                    on_wait_timeout, row_limit, byte_limit, null);
        }

        @Override
        public void validate() {
            if (statement == null || statement.isBlank()) throw ApiException.missingField("statement");
            if (warehouse_id == null && session_id == null) throw ApiException.missingField("warehouse_id");
            oneOf("disposition", disposition, Set.of("INLINE", "EXTERNAL_LINKS", "INLINE_OR_EXTERNAL_LINKS"));
            oneOf("format", format, Set.of("JSON_ARRAY", "ARROW_STREAM", "CSV"));
            oneOf("on_wait_timeout", on_wait_timeout, Set.of("CONTINUE", "CANCEL"));
            oneOf("result_compression", result_compression, Set.of("LZ4_FRAME", "NONE"));
            if ("INLINE".equals(disposition()) && !"JSON_ARRAY".equals(format())) {
                throw ApiException.invalid("INLINE disposition supports only the JSON_ARRAY format, not " + format());
            }
            waitMillis();
            if (row_limit != null && row_limit < 0) throw ApiException.invalid("row_limit must be positive");
            if (byte_limit != null && byte_limit < 0) throw ApiException.invalid("byte_limit must be positive");
        }

        /**
         * INLINE by default. INLINE_OR_EXTERNAL_LINKS (the SQL connector's hybrid disposition) leaves
         * the choice to the server, and MiniLake always chooses links: the answer is EXTERNAL_LINKS's.
         */
        @Override
        public String disposition() {
            if ("INLINE_OR_EXTERNAL_LINKS".equals(disposition)) return "EXTERNAL_LINKS";
            return disposition == null ? "INLINE" : disposition;
        }

        @Override
        public String format() {
            return format == null ? "JSON_ARRAY" : format;
        }

        public boolean cancelOnTimeout() {
            return "CANCEL".equals(on_wait_timeout);
        }

        /** "0s" or "5s".."50s"; default 10s. */
        public long waitMillis() {
            String w = wait_timeout == null ? "10s" : wait_timeout;
            long secs;
            try {
                if (!w.endsWith("s")) throw new NumberFormatException();
                secs = Long.parseLong(w.substring(0, w.length() - 1));
            } catch (NumberFormatException e) {
                throw ApiException.invalid("wait_timeout must be 0s or between 5s and 50s, got '" + w + "'");
            }
            if (secs != 0 && (secs < 5 || secs > 50)) {
                throw ApiException.invalid("wait_timeout must be 0s or between 5s and 50s, got '" + w + "'");
            }
            return secs * 1000;
        }

        private static void oneOf(String field, String value, Set<String> allowed) {
            if (value != null && !allowed.contains(value)) {
                throw ApiException.invalid("Invalid " + field + " '" + value + "'; expected one of " + allowed);
            }
        }
    }

    public record ServiceError(String error_code, String message) {
    }

    public record StatementStatus(String state, ServiceError error, String sql_state) {
    }

    public record ColumnInfo(String name, String type_name, String type_text, long position,
                             Integer type_precision, Integer type_scale) {
    }

    public record ResultSchema(long column_count, List<ColumnInfo> columns) {
    }

    public record ChunkInfo(long chunk_index, long row_offset, long row_count, long byte_count) {
    }

    /** {@code result_compression} is LZ4_FRAME when each external link's bytes are one LZ4 frame, else NONE (null when not asked). */
    public record ResultManifest(String format, ResultSchema schema, long total_row_count, long total_chunk_count,
                                 long total_byte_count, boolean truncated, List<ChunkInfo> chunks, Boolean is_volume_operation,
                                 String result_compression) {
        public ResultManifest(String format, ResultSchema schema, long total_row_count, long total_chunk_count,
                              long total_byte_count, boolean truncated, List<ChunkInfo> chunks, Boolean is_volume_operation) {
            this(format, schema, total_row_count, total_chunk_count, total_byte_count, truncated, chunks, is_volume_operation, null);
        }

        public ResultManifest(String format, ResultSchema schema, long total_row_count, long total_chunk_count,
                              long total_byte_count, boolean truncated, List<ChunkInfo> chunks) {
            this(format, schema, total_row_count, total_chunk_count, total_byte_count, truncated, chunks, null, null);
        }
    }

    public record ExternalLink(String external_link, String expiration, long chunk_index, long row_offset,
                               long row_count, long byte_count, Long next_chunk_index,
                               String next_chunk_internal_link, Map<String, String> http_headers) {
    }

    public record ResultData(Long chunk_index, Long row_offset, Long row_count, Long byte_count,
                             List<List<String>> data_array, List<ExternalLink> external_links,
                             Long next_chunk_index, String next_chunk_internal_link) {
    }

    public record StatementResponse(String statement_id, StatementStatus status, ResultManifest manifest,
                                    ResultData result) {
    }

    public record CreateSessionRequest(String warehouse_id, String catalog, String schema,
                                       Map<String, String> session_confs) implements Validated {
        @Override
        public void validate() {
            if (warehouse_id == null || warehouse_id.isBlank()) throw ApiException.missingField("warehouse_id");
        }
    }

    public record Session(String session_id, String warehouse_id, String catalog, String schema, long create_time) {
    }
}
