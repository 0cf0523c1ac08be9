package dev.minilake.sql;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams rows into chunk files under the results area, so a large result never sits in memory.
 * A chunk closes at {@link #rowsPerChunk} rows or {@link #bytesPerChunk} bytes; row_limit and
 * byte_limit stop the spool and mark the result truncated.
 */
final class ResultSpool {
    private static final JsonFactory JSON = new JsonFactory();

    private final int rowsPerChunk;
    private final long bytesPerChunk;

    ResultSpool(int rowsPerChunk, long bytesPerChunk) {
        this.rowsPerChunk = rowsPerChunk;
        this.bytesPerChunk = bytesPerChunk;
    }

    SpooledResult spool(RowSource rows, Path dir, Long rowLimit, Long byteLimit) throws Exception {
        Files.createDirectories(dir);
        List<SpooledResult.Chunk> chunks = new ArrayList<>();
        long total = 0, totalBytes = 0;
        boolean truncated = false;
        String[] row = rows.next();
        while (row != null) {
            Path file = dir.resolve("chunk-" + chunks.size() + ".json");
            long count = 0, bytes = 2;
            try (JsonGenerator g = JSON.createGenerator(file.toFile(), JsonEncoding.UTF8)) {
                g.writeStartArray();
                while (row != null && count < rowsPerChunk && bytes < bytesPerChunk) {
                    long size = size(row);
                    if ((rowLimit != null && total >= rowLimit) || (byteLimit != null && totalBytes + size > byteLimit)) {
                        truncated = true;
                        break;
                    }
                    g.writeStartArray();
                    for (String v : row) g.writeString(v);
                    g.writeEndArray();
                    count++;
                    total++;
                    bytes += size;
                    totalBytes += size;
                    row = rows.next();
                }
                g.writeEndArray();
            }
            if (count == 0) {
                Files.deleteIfExists(file);
                break;
            }
            chunks.add(new SpooledResult.Chunk(chunks.size(), total - count, count, Files.size(file), file));
            if (truncated) break;
        }
        return new SpooledResult(rows.columns(), chunks, total, totalBytes, truncated);
    }

    private static long size(String[] row) {
        long n = 2;
        for (String v : row) n += (v == null ? 4 : v.getBytes(StandardCharsets.UTF_8).length + 2) + 1;
        return n;
    }
}
