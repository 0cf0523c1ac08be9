package dev.minilake.engines.delta;

import dev.minilake.engines.types.DataType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Kernel engine on its own: a real log on disk, Parquet written by DuckDB, commits that add and remove. */
class KernelDeltaTablesTest {
    @TempDir
    Path dir;

    private final DeltaTables delta = new KernelDeltaTables();

    @Test
    void createAppendRemoveAndTimeTravel() throws Exception {
        Path t = dir.resolve("events");
        long v0 = delta.create(t, List.of(new DeltaTables.Column("id", DataType.of(DataType.Kind.LONG), true),
                new DeltaTables.Column("day", DataType.of(DataType.Kind.STRING), true)), List.of("day"), Map.of());
        assertThat(v0).isZero();
        assertThat(Files.exists(t.resolve("_delta_log/00000000000000000000.json"))).isTrue();
        assertThat(delta.latest(t).files()).isEmpty();

        Path f = t.resolve("day=a/part-0.parquet");
        Files.createDirectories(f.getParent());
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT 1::BIGINT AS id UNION ALL SELECT 2) TO '" + f + "' (FORMAT PARQUET)");
        }
        DeltaTables.Write w = delta.begin(t, "INSERT");
        assertThat(w.snapshot().version()).isZero();
        assertThat(w.commit(List.of(new DeltaTables.NewFile(f, Map.of("day", "a"), 2)), List.of())).isEqualTo(1);

        DeltaTables.Snapshot s1 = delta.latest(t);
        assertThat(s1.version()).isEqualTo(1);
        assertThat(s1.partitionColumns()).containsExactly("day");
        assertThat(s1.files()).hasSize(1);
        assertThat(s1.files().get(0).path()).isEqualTo(f);
        assertThat(s1.files().get(0).partitionValues()).containsEntry("day", "a");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT sum(id) FROM read_parquet('" + s1.files().get(0).path() + "')")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(3);
        }

        DeltaTables.Write w2 = delta.begin(t, "TRUNCATE");
        assertThat(w2.commit(List.of(), w2.snapshot().files())).isEqualTo(2);
        assertThat(delta.latest(t).files()).isEmpty();
        assertThat(delta.atVersion(t, 1).files()).hasSize(1);
        assertThat(delta.history(t)).extracting(DeltaTables.HistoryEntry::version).containsExactly(2L, 1L, 0L);
        assertThat(delta.history(t).get(0).numFilesRemoved()).isEqualTo(1);
        assertThat(Files.exists(f)).isTrue();
    }

    @Test
    void missingTableIsAClearError() {
        assertThatThrownBy(() -> delta.latest(dir.resolve("nothing"))).isInstanceOf(DeltaTables.DeltaException.class)
                .hasMessageContaining("No Delta table");
    }
}
