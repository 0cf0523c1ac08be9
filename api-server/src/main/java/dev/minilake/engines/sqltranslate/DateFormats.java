package dev.minilake.engines.sqltranslate;

import java.util.Map;

/** Java/Spark datetime patterns ({@code yyyy-MM-dd HH:mm:ss}) as DuckDB strftime patterns. */
public final class DateFormats {
    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("yyyy", "%Y"), Map.entry("yy", "%y"), Map.entry("y", "%Y"),
            Map.entry("MMMM", "%B"), Map.entry("MMM", "%b"), Map.entry("MM", "%m"), Map.entry("M", "%-m"),
            Map.entry("dd", "%d"), Map.entry("d", "%-d"), Map.entry("HH", "%H"), Map.entry("H", "%-H"),
            Map.entry("hh", "%I"), Map.entry("h", "%-I"), Map.entry("mm", "%M"), Map.entry("m", "%-M"),
            Map.entry("ss", "%S"), Map.entry("s", "%-S"), Map.entry("SSS", "%g"), Map.entry("SSSSSS", "%f"),
            Map.entry("a", "%p"), Map.entry("EEEE", "%A"), Map.entry("EEE", "%a"), Map.entry("E", "%a"),
            Map.entry("DDD", "%j"), Map.entry("XXX", "%z"), Map.entry("Z", "%z"), Map.entry("z", "%Z"));

    private DateFormats() {
    }

    public static String toStrftime(String pattern) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < pattern.length()) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                int end = pattern.indexOf('\'', i + 1);
                if (end < 0) end = pattern.length();
                out.append(pattern, i + 1, end);
                i = end + 1;
            } else if (Character.isLetter(c)) {
                int j = i;
                while (j < pattern.length() && pattern.charAt(j) == c) j++;
                String run = pattern.substring(i, j);
                String f = FIELDS.get(run);
                if (f == null) throw new UnsupportedConstructException("date pattern letter '" + run + "' in '" + pattern + "'");
                out.append(f);
                i = j;
            } else {
                out.append(c == '%' ? "%%" : String.valueOf(c));
                i++;
            }
        }
        return out.toString();
    }
}
