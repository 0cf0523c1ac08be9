package dev.minilake.jobs;

import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Databricks dynamic value references ({@code {{job.id}}}, {@code {{job.parameters.x}}},
 * {@code {{tasks.a.values.n}}}, ...) in task parameters. A template, not SQL: a reference MiniLake
 * does not know is left as written, as Databricks leaves unknown text alone.
 */
public final class DynamicValues {
    private static final Pattern REF = Pattern.compile("\\{\\{\\s*([A-Za-z0-9_.\\-/\\[\\]]+)\\s*}}");

    private DynamicValues() {
    }

    /** Replaces every known reference; {@code lookup} answers null for unknown names. */
    public static String resolve(String text, Function<String, String> lookup) {
        if (text == null || !text.contains("{{")) return text;
        Matcher m = REF.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = lookup.apply(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? m.group() : value));
        }
        m.appendTail(out);
        return out.toString();
    }

    public static String resolve(String text, Map<String, String> values) {
        return resolve(text, values::get);
    }

    /** {@code {{secrets/scope/key}}} as [scope, key], or null when the text is not exactly one secret reference. */
    public static String[] secretReference(String text) {
        if (text == null) return null;
        Matcher m = REF.matcher(text.trim());
        if (!m.matches() || !m.group(1).startsWith("secrets/")) return null;
        String[] parts = m.group(1).split("/");
        return parts.length == 3 ? new String[]{parts[1], parts[2]} : null;
    }
}
