package dev.minilake.engines.statements;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** A chunk as RFC 4180 CSV; the first chunk starts with a header row of the column names. */
final class CsvChunks {
    private CsvChunks() {
    }

    static byte[] render(List<ResultColumn> columns, List<List<String>> rows, boolean header) {
        StringBuilder b = new StringBuilder();
        if (header) line(b, columns.stream().map(ResultColumn::name).toList());
        rows.forEach(r -> line(b, r));
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void line(StringBuilder b, List<String> values) {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) b.append(',');
            String v = values.get(i);
            if (v == null) continue;
            boolean quote = v.isEmpty() || v.indexOf(',') >= 0 || v.indexOf('"') >= 0 || v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0;
            b.append(quote ? '"' + v.replace("\"", "\"\"") + '"' : v);
        }
        b.append("\r\n");
    }
}
