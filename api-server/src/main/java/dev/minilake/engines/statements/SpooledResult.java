package dev.minilake.engines.statements;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A statement's result in chunks: its columns, its chunks and whether a limit cut it short. A small
 * result that fits one chunk stays in memory; anything larger is spooled to chunk files.
 */
public record SpooledResult(List<ResultColumn> columns, List<Chunk> chunks, long totalRows, long totalBytes, boolean truncated,
                     Encoding encoding) {

    /** How the chunk files are written: rows of strings as JSON, or Arrow IPC streams. */
    public enum Encoding { JSON_ROWS, ARROW_IPC }

    SpooledResult(List<ResultColumn> columns, List<Chunk> chunks, long totalRows, long totalBytes, boolean truncated) {
        this(columns, chunks, totalRows, totalBytes, truncated, Encoding.JSON_ROWS);
    }

    /** One chunk: a file, or ({@code file} null) rows held in memory. */
    public record Chunk(int index, long rowOffset, long rowCount, long byteCount, Path file, List<List<String>> memory) {
        Chunk(int index, long rowOffset, long rowCount, long byteCount, Path file) {
            this(index, rowOffset, rowCount, byteCount, file, null);
        }

        /** The chunk's rows as strings (JSON_ROWS encoding). */
        public List<List<String>> rows() throws IOException {
            return memory != null ? memory : ChunkReader.rows(file);
        }
    }

    static SpooledResult empty(List<ResultColumn> columns) {
        return new SpooledResult(columns, List.of(), 0, 0, false);
    }
}
