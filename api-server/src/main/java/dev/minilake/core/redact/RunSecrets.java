package dev.minilake.core.redact;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The secret values one task run has resolved so far: those in its environment and spark_conf at
 * launch, plus each value dbutils.secrets.get hands it while it runs. Its output is redacted
 * against this set, which only grows; a value is added before the task receives it, so it is
 * known before the task can print it.
 */
public final class RunSecrets {
    private volatile List<byte[]> values = List.of(); // longest first

    public synchronized void add(String value) {
        if (value != null) add(value.getBytes(StandardCharsets.UTF_8));
    }

    public synchronized void add(byte[] value) {
        if (value == null || value.length == 0) return;
        for (byte[] v : values) if (java.util.Arrays.equals(v, value)) return;
        List<byte[]> next = new ArrayList<>(values);
        next.add(value.clone());
        next.sort(Comparator.comparingInt((byte[] v) -> v.length).reversed());
        values = List.copyOf(next);
    }

    /** A snapshot, longest value first. */
    List<byte[]> values() {
        return values;
    }

    /** Redacts a whole text (for output already held in memory). */
    public String redact(String text) {
        if (text == null || text.isEmpty()) return text;
        String out = text;
        for (byte[] v : values) out = out.replace(new String(v, StandardCharsets.UTF_8), RedactingOutputStream.REDACTED);
        return out;
    }
}
