package dev.minilake.sql;

import dev.minilake.engines.statements.ResultColumn;
import dev.minilake.engines.statements.SpooledResult;
import dev.minilake.engines.statements.SqlError;
import dev.minilake.engines.statements.StatementExecution;
import dev.minilake.sql.StatementDtos.ChunkInfo;
import dev.minilake.sql.StatementDtos.ColumnInfo;
import dev.minilake.sql.StatementDtos.ExternalLink;
import dev.minilake.sql.StatementDtos.ResultData;
import dev.minilake.sql.StatementDtos.ResultManifest;
import dev.minilake.sql.StatementDtos.ResultSchema;
import dev.minilake.sql.StatementDtos.StatementResponse;
import dev.minilake.sql.StatementDtos.StatementStatus;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds the wire form of a statement: status, manifest and the data (or links) of one chunk. */
final class StatementResponses {
    static final long LINK_TTL_MS = 15 * 60 * 1000;

    private StatementResponses() {
    }

    static StatementResponse of(StatementExecution e, String baseUrl) throws IOException {
        StatementExecution.State state = e.state();
        SqlError f = e.failure();
        StatementStatus status = new StatementStatus(state.name(), f == null ? null : new StatementDtos.ServiceError(f.errorCode(), f.message()),
                f == null ? null : f.sqlState());
        if (state != StatementExecution.State.SUCCEEDED || e.result() == null) return new StatementResponse(e.id(), status, null, null);
        if (e.volumeAnswer() != null) return volumeOperation(e, status, baseUrl);
        SpooledResult r = e.result();
        ResultData first = r.chunks().isEmpty() ? emptyData(e) : chunk(e, 0, baseUrl);
        return new StatementResponse(e.id(), status, manifest(e, r), first);
    }

    /**
     * A volume command's answer, as Databricks gives it whatever format was asked: one JSON_ARRAY row
     * (operation, localFile, presignedUrl, headers) in a manifest marked {@code is_volume_operation}.
     */
    private static StatementResponse volumeOperation(StatementExecution e, StatementStatus status, String baseUrl) {
        var a = e.volumeAnswer();
        List<ColumnInfo> cols = new ArrayList<>();
        for (int i = 0; i < e.result().columns().size(); i++) cols.add(info(e.result().columns().get(i), i));
        List<String> row = java.util.Arrays.asList(a.operation(), a.localFile(), baseUrl + a.urlPath(), "{}");
        long bytes = row.stream().mapToLong(v -> v == null ? 0 : v.length()).sum();
        ResultManifest m = new ResultManifest("JSON_ARRAY", new ResultSchema(cols.size(), cols), 1, 1, bytes, false,
                List.of(new ChunkInfo(0L, 0L, 1L, bytes)), true);
        return new StatementResponse(e.id(), status, m, new ResultData(0L, 0L, 1L, bytes, List.of(row), null, null, null));
    }

    /** Whether {@link #of} reads no file: no rows, rows held in memory, or links only. */
    static boolean fromMemory(StatementExecution e) {
        SpooledResult r = e.result();
        return r == null || r.chunks().isEmpty() || !"INLINE".equals(e.request().disposition())
                || r.chunks().get(0).file() == null;
    }

    static ResultData chunk(StatementExecution e, int index, String baseUrl) throws IOException {
        SpooledResult r = e.result();
        SpooledResult.Chunk c = r.chunks().get(index);
        Long next = index + 1 < r.chunks().size() ? (long) index + 1 : null;
        String nextLink = next == null ? null : "/api/2.0/sql/statements/" + e.id() + "/result/chunks/" + next;
        if ("INLINE".equals(e.request().disposition())) {
            return new ResultData((long) index, c.rowOffset(), c.rowCount(), c.byteCount(), c.rows(),
                    null, next, nextLink);
        }
        String url = baseUrl + "/_minilake/results/" + e.id() + "/" + index + "?token=" + e.token();
        String expiration = Instant.ofEpochMilli(System.currentTimeMillis() + LINK_TTL_MS).toString();
        ExternalLink link = new ExternalLink(url, expiration, index, c.rowOffset(), c.rowCount(), c.byteCount(), next, nextLink, Map.of());
        return new ResultData((long) index, c.rowOffset(), c.rowCount(), c.byteCount(), null, List.of(link), next, nextLink);
    }

    private static ResultData emptyData(StatementExecution e) {
        return "INLINE".equals(e.request().disposition())
                ? new ResultData(0L, 0L, 0L, 0L, List.of(), null, null, null)
                : new ResultData(null, null, null, null, null, List.of(), null, null);
    }

    private static ResultManifest manifest(StatementExecution e, SpooledResult r) {
        List<ColumnInfo> cols = new ArrayList<>();
        for (int i = 0; i < r.columns().size(); i++) cols.add(info(r.columns().get(i), i));
        List<ChunkInfo> chunks = r.chunks().stream()
                .map(c -> new ChunkInfo(c.index(), c.rowOffset(), c.rowCount(), c.byteCount())).toList();
        long bytes = r.chunks().stream().mapToLong(SpooledResult.Chunk::byteCount).sum();
        return new ResultManifest(e.request().format(), new ResultSchema(cols.size(), cols), r.totalRows(),
                r.chunks().size(), bytes, r.truncated(), chunks, null, compression(e));
    }

    /**
     * Whether the bytes behind the external links are LZ4 frames: asked with {@code result_compression:
     * LZ4_FRAME} (the SQL connector's default). INLINE JSON rows are never compressed.
     */
    static boolean lz4(StatementExecution e) {
        return "LZ4_FRAME".equals(e.request().resultCompression()) && !"INLINE".equals(e.request().disposition());
    }

    /** The manifest's {@code result_compression}: what was applied, when the request named one. */
    private static String compression(StatementExecution e) {
        if (e.request().resultCompression() == null) return null;
        return lz4(e) ? "LZ4_FRAME" : "NONE";
    }

    private static ColumnInfo info(ResultColumn c, int position) {
        return new ColumnInfo(c.name(), c.type().typeName(), c.type().typeText(), position, c.type().precision(), c.type().scale());
    }
}
