package dev.minilake.sql;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The differential conformance corpus: {@code conformance/<category>.sql} resource files, and the
 * answers real Spark gave in {@code conformance/expected/<category>.json}.
 *
 * <p>Corpus format: a statement ends at a line whose text ends with {@code ;}; lines that start
 * with {@code --} are comments. {@code ${LOCATION}} is replaced by a fresh directory under the
 * server's {@code external/} area, so DDL can create EXTERNAL Delta tables both engines read, and
 * {@code ${CATALOG}} by a fresh catalog, so each run's tables are its own.
 */
final class ConformanceCorpus {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String RESOURCE_DIR = "conformance";

    /** One column of a result, as the manifest gives it. */
    record Column(String name, String type) {
    }

    /** What one statement answered: rows, or the Spark error class. */
    record Answer(String sql, String state, List<Column> columns, List<List<String>> rows, String errorClass, String error) {
    }

    private ConformanceCorpus() {
    }

    /** The categories, by file name, in name order. */
    static List<String> categories() {
        try (Stream<Path> s = Files.list(resourceDir())) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sql")).map(n -> n.substring(0, n.length() - 4))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> statements(String category) {
        try {
            return parse(Files.readString(resourceDir().resolve(category + ".sql")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> parse(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            String t = line.strip();
            if (t.startsWith("--") || (t.isEmpty() && cur.isEmpty())) continue;
            if (!cur.isEmpty()) cur.append('\n');
            cur.append(line.stripTrailing());
            if (t.endsWith(";")) {
                String s = cur.toString().strip();
                out.add(s.substring(0, s.length() - 1).strip());
                cur.setLength(0);
            }
        }
        if (!cur.toString().isBlank()) throw new IllegalArgumentException("statement without a closing ';': " + cur);
        return out;
    }

    static List<Answer> expected(String category) {
        Path p = resourceDir().resolve("expected").resolve(category + ".json");
        if (!Files.exists(p)) return List.of();
        try {
            return JSON.readValue(p.toFile(), new TypeReference<List<Answer>>() {
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the recorded answers into the source tree (not target/), one statement per line. */
    static Path writeExpected(String category, List<Answer> answers) throws IOException {
        Path dir = Path.of("src/test/resources", RESOURCE_DIR, "expected");
        Files.createDirectories(dir);
        StringBuilder b = new StringBuilder("[\n");
        for (int i = 0; i < answers.size(); i++) {
            b.append(JSON.writeValueAsString(answers.get(i))).append(i + 1 < answers.size() ? ",\n" : "\n");
        }
        Path file = dir.resolve(category + ".json");
        Files.writeString(file, b.append("]\n").toString(), StandardCharsets.UTF_8);
        return file;
    }

    private static Path resourceDir() {
        URL url = ConformanceCorpus.class.getClassLoader().getResource(RESOURCE_DIR);
        if (url == null) throw new IllegalStateException("no " + RESOURCE_DIR + "/ on the test class path");
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
