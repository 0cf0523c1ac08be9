package dev.minilake.engines.delta;

import dev.minilake.engines.types.DataType;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Kernel's file access on java.nio: the put-if-absent commit, listing, and Hadoop-style path strings. */
class LocalFileIOTest {
    @TempDir
    Path dir;

    private final LocalFileIO io = new LocalFileIO();

    @Test
    void putIfAbsentRefusesAnExistingVersionAndKeepsIt() throws Exception {
        String target = LocalFileIO.qualified(dir.resolve("_delta_log/00000000000000000001.json"));
        io.newOutputFile(target).writeAtomically(lines("first"), false);
        assertThatThrownBy(() -> io.newOutputFile(target).writeAtomically(lines("second"), false))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.readString(LocalFileIO.local(target))).isEqualTo("first\n");
        io.newOutputFile(target).writeAtomically(lines("third"), true);
        assertThat(Files.readString(LocalFileIO.local(target))).isEqualTo("third\n");
        try (Stream<Path> s = Files.list(dir.resolve("_delta_log"))) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("00000000000000000001.json"); // no temp files left
        }
    }

    @Test
    void listFromIsSortedStartsAtTheNameAndSkipsDirectories() throws Exception {
        Path log = Files.createDirectories(dir.resolve("_delta_log"));
        for (String n : List.of("00000000000000000002.json", "00000000000000000000.json", "00000000000000000001.json")) {
            Files.writeString(log.resolve(n), "{}");
        }
        Files.createDirectories(log.resolve("_staged_commits"));
        List<String> names = new ArrayList<>();
        try (CloseableIterator<FileStatus> it = io.listFrom(LocalFileIO.qualified(log.resolve("00000000000000000001")))) {
            while (it.hasNext()) names.add(Path.of(it.next().getPath()).getFileName().toString());
        }
        assertThat(names).containsExactly("00000000000000000001.json", "00000000000000000002.json");
        assertThatThrownBy(() -> io.listFrom(LocalFileIO.qualified(dir.resolve("missing/_delta_log/0"))))
                .isInstanceOf(FileNotFoundException.class);
    }

    @Test
    void hadoopStylePathStringsAreTheSameFile() {
        Path p = dir.resolve("a b/part-0.parquet");
        assertThat(LocalFileIO.local("file:" + p)).isEqualTo(p);
        assertThat(LocalFileIO.local("file://" + p)).isEqualTo(p);
        assertThat(LocalFileIO.local(p.toString())).isEqualTo(p);
        assertThat(io.resolvePath(p.toString())).isEqualTo("file:" + p);
    }

    /** Two writers that read the same version: the second commit must fail, not overwrite the first. */
    @Test
    void aConcurrentCommitOfTheSameVersionFails() throws Exception {
        Path t = dir.resolve("t");
        DeltaTables a = new KernelDeltaTables(), b = new KernelDeltaTables(); // separate in-process locks
        a.create(t, List.of(new DeltaTables.Column("id", DataType.of(DataType.Kind.LONG), true)), List.of(), Map.of());
        DeltaTables.Write wa = a.begin(t, "INSERT");
        DeltaTables.Write wb = b.begin(t, "INSERT");
        wa.commit(List.of(file(t, "a.parquet")), List.of());
        assertThatThrownBy(() -> wb.commit(List.of(file(t, "b.parquet")), List.of())).isInstanceOf(DeltaTables.DeltaException.class);
        assertThat(a.latest(t).version()).isEqualTo(1);
        assertThat(a.latest(t).files()).extracting(f -> f.path().getFileName().toString()).containsExactly("a.parquet");
    }

    private static DeltaTables.NewFile file(Path table, String name) throws Exception {
        Path f = table.resolve(name);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT 1::BIGINT AS id) TO '" + f + "' (FORMAT PARQUET)");
        }
        return new DeltaTables.NewFile(f, Map.of(), 1);
    }

    private static CloseableIterator<String> lines(String... values) {
        Iterator<String> it = List.of(values).iterator();
        return new CloseableIterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public String next() {
                return it.next();
            }

            @Override
            public void close() {
            }
        };
    }
}
