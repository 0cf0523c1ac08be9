package dev.minilake.engines.statements;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Reads a chunk file back as rows of strings. */
final class ChunkReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ChunkReader() {
    }

    static List<List<String>> rows(Path file) throws IOException {
        return JSON.readValue(file.toFile(), new TypeReference<>() {
        });
    }
}
