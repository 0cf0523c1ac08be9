package dev.minilake.sql;

import java.nio.file.Path;
import java.util.List;

/** A result written to chunk files: its columns, its chunks and whether a limit cut it short. */
record SpooledResult(List<ResultColumn> columns, List<Chunk> chunks, long totalRows, long totalBytes, boolean truncated) {

    /** One chunk file, a JSON array of rows of strings. */
    record Chunk(int index, long rowOffset, long rowCount, long byteCount, Path file) {
    }

    static SpooledResult empty(List<ResultColumn> columns) {
        return new SpooledResult(columns, List.of(), 0, 0, false);
    }
}
