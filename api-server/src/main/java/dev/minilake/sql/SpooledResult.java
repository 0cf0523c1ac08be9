package dev.minilake.sql;

import java.nio.file.Path;
import java.util.List;

/** A result written to chunk files: its columns, its chunks and whether a limit cut it short. */
record SpooledResult(List<ResultColumn> columns, List<Chunk> chunks, long totalRows, long totalBytes, boolean truncated,
                     Encoding encoding) {

    /** How the chunk files are written: rows of strings as JSON, or Arrow IPC streams. */
    enum Encoding { JSON_ROWS, ARROW_IPC }

    SpooledResult(List<ResultColumn> columns, List<Chunk> chunks, long totalRows, long totalBytes, boolean truncated) {
        this(columns, chunks, totalRows, totalBytes, truncated, Encoding.JSON_ROWS);
    }

    /** One chunk file. */
    record Chunk(int index, long rowOffset, long rowCount, long byteCount, Path file) {
    }

    static SpooledResult empty(List<ResultColumn> columns) {
        return new SpooledResult(columns, List.of(), 0, 0, false);
    }
}
