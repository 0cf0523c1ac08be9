package dev.minilake.engines.delta;

import dev.minilake.engines.delta.DeltaTables.Column;
import dev.minilake.engines.delta.DeltaTables.DataFile;
import dev.minilake.engines.delta.DeltaTables.Snapshot;
import dev.minilake.engines.types.DataType;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The scan SQL is built from JSqlParser's model: names and values arrive quoted, and DuckDB runs it. */
class DeltaScansTest {
    static Snapshot snapshot(Path dir, List<DataFile> files) {
        return new Snapshot(dir, 1, 0, List.of(new Column("id", DataType.of(DataType.Kind.LONG), true),
                new Column("it's \"odd\"", DataType.of(DataType.Kind.STRING), true),
                new Column("day", DataType.of(DataType.Kind.DATE), true)), List.of("day"),
                () -> files, Map.of(), Set.of(), null, "t", null);
    }

    @Test
    void scansGroupedFilesWithPartitionValuesAndQuotedNames() throws Exception {
        Path dir = java.nio.file.Files.createTempDirectory("scan");
        Path a = dir.resolve("o'brien=1.parquet");
        Path b = dir.resolve("b.parquet");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("COPY (SELECT 1::BIGINT AS id, 'x' AS \"it's \"\"odd\"\"\") TO '" + a.toString().replace("'", "''") + "' (FORMAT PARQUET)");
            // an older file, written before the string column was added
            st.execute("COPY (SELECT 2::BIGINT AS id) TO '" + b + "' (FORMAT PARQUET)");
            Snapshot s = snapshot(dir, List.of(new DataFile(a, "a", Map.of("day", "2024-01-02"), 1, false, null),
                    new DataFile(b, "b", java.util.Collections.singletonMap("day", null), 1, false, null)));
            String sql = DeltaScans.scanSql(s);
            assertThat(sql).contains("UNION ALL BY NAME").contains("CAST('2024-01-02' AS DATE) AS \"day\"")
                    .contains("\"it's \"\"odd\"\"\"").contains("o''brien=1.parquet");
            List<String> rows = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT * FROM (" + sql + ") ORDER BY id")) {
                while (rs.next()) rows.add(rs.getLong(1) + "|" + rs.getString(2) + "|" + rs.getString(3));
            }
            assertThat(rows).containsExactly("1|x|2024-01-02", "2|null|null");
            try (ResultSet rs = st.executeQuery(DeltaScans.scanSql(snapshot(dir, List.of())))) {
                assertThat(rs.getMetaData().getColumnCount()).isEqualTo(3);
                assertThat(rs.next()).isFalse();
            }
        }
    }
}
