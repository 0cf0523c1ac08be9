package dev.minilake.engines.statements;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Streams rows into chunk files under the results area, so a large result never sits in memory
 * beyond one chunk; a small whole result stays in memory instead.
 * A chunk closes at {@link #rowsPerChunk} rows or {@link #bytesPerChunk} bytes; row_limit and
 * byte_limit stop the spool and mark the result truncated.
 */
final class ResultSpool {
    private static final JsonFactory JSON = new JsonFactory();

    /** A whole result up to this size stays in memory (INLINE results are small; no file is written and read back). */
    static final long IN_MEMORY_BYTES = 1024 * 1024;

    private final int rowsPerChunk;
    private final long bytesPerChunk;

    ResultSpool(int rowsPerChunk, long bytesPerChunk) {
        this.rowsPerChunk = rowsPerChunk;
        this.bytesPerChunk = bytesPerChunk;
    }

    /**
     * Databricks returns at most 25 MiB with the INLINE disposition; a larger result fails the
     * statement rather than being truncated (byte_limit truncates; this does not).
     */
    static final long INLINE_LIMIT_BYTES = 25L * 1024 * 1024;

    /** Spools {@code rows} into chunks; with {@code dir} null every chunk stays in memory (the caller caps the rows). */
    SpooledResult spool(RowSource rows, Path dir, Long rowLimit, Long byteLimit) throws Exception {
        return spool(rows, dir, rowLimit, byteLimit, false);
    }

    /** As {@link #spool(RowSource, Path, Long, Long)}; {@code inline} stops at {@link #INLINE_LIMIT_BYTES} with {@link InlineLimitExceeded}. */
    SpooledResult spool(RowSource rows, Path dir, Long rowLimit, Long byteLimit, boolean inline) throws Exception {
        List<SpooledResult.Chunk> chunks = new ArrayList<>();
        long total = 0, totalBytes = 0;
        boolean truncated = false;
        String[] row = rows.next();
        while (row != null) {
            // one chunk's rows are gathered first: a small whole result then never touches the disk
            List<List<String>> chunk = new ArrayList<>();
            long bytes = 2;
            while (row != null && chunk.size() < rowsPerChunk && bytes < bytesPerChunk) {
                long size = size(row);
                if ((rowLimit != null && total >= rowLimit) || (byteLimit != null && totalBytes + size > byteLimit)) {
                    truncated = true;
                    break;
                }
                // checked as rows arrive, so an oversized INLINE result is never built
                if (inline && totalBytes + size > INLINE_LIMIT_BYTES) throw new InlineLimitExceeded();
                chunk.add(Arrays.asList(row));
                total++;
                bytes += size;
                totalBytes += size;
                row = rows.next();
            }
            if (chunk.isEmpty()) break;
            boolean whole = chunks.isEmpty() && (row == null || truncated);
            if ((whole && bytes <= IN_MEMORY_BYTES) || dir == null) {
                chunks.add(new SpooledResult.Chunk(chunks.size(), total - chunk.size(), chunk.size(), bytes, null, chunk));
            } else {
                chunks.add(write(dir, chunks.size(), total - chunk.size(), chunk));
            }
            if (truncated) break;
        }
        return new SpooledResult(rows.columns(), chunks, total, totalBytes, truncated);
    }

    private static SpooledResult.Chunk write(Path dir, int index, long rowOffset, List<List<String>> rows) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("chunk-" + index + ".json");
        try (JsonGenerator g = JSON.createGenerator(file.toFile(), JsonEncoding.UTF8)) {
            g.writeStartArray();
            for (List<String> r : rows) {
                g.writeStartArray();
                for (String v : r) g.writeString(v);
                g.writeEndArray();
            }
            g.writeEndArray();
        }
        return new SpooledResult.Chunk(index, rowOffset, rows.size(), Files.size(file), file);
    }

    /** The statement fails (BAD_REQUEST, as every SQL error): its result is too large for INLINE. */
    static final class InlineLimitExceeded extends RuntimeException {
        InlineLimitExceeded() {
            super("[INLINE_BYTE_LIMIT_EXCEEDED] Inline byte limit exceeded: the result is larger than 25 MiB (" + INLINE_LIMIT_BYTES
                    + " bytes), the most a statement returns with disposition INLINE. Use disposition EXTERNAL_LINKS for larger results.");
        }
    }

    private static long size(String[] row) {
        long n = 2;
        for (String v : row) n += (v == null ? 4 : v.getBytes(StandardCharsets.UTF_8).length + 2) + 1;
        return n;
    }
}
