package dev.minilake.core.redact;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Writes what it is given with every value of a {@link RunSecrets} replaced by {@code [REDACTED]},
 * as Databricks redacts secrets in job output. It streams: a value split across write calls is
 * still caught, because the bytes that could begin a value are held back until the next write
 * tells whether they do (at most the longest value's length), and written at {@link #close}.
 */
public final class RedactingOutputStream extends OutputStream {
    static final String REDACTED = "[REDACTED]";
    private static final byte[] MARK = REDACTED.getBytes(StandardCharsets.UTF_8);

    private final OutputStream out;
    private final RunSecrets secrets;
    private byte[] pending = new byte[256];
    private int length;

    public RedactingOutputStream(OutputStream out, RunSecrets secrets) {
        this.out = out;
        this.secrets = secrets;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[]{(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        if (length + len > pending.length) pending = Arrays.copyOf(pending, Math.max(pending.length * 2, length + len));
        System.arraycopy(b, off, pending, length, len);
        length += len;
        drain(false);
    }

    /** Flushes what is certainly not part of a value; a possible beginning of one stays held. */
    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        try {
            drain(true);
            out.flush();
        } finally {
            out.close();
        }
    }

    /** Writes out pending bytes, redacting whole values; keeps a tail that may still become one unless {@code end}. */
    private void drain(boolean end) throws IOException {
        List<byte[]> values = secrets.values();
        int start = 0; // first pending byte not yet written
        int i = 0;
        while (i < length) {
            if (!end && mayStartLongerValue(values, i)) break;
            byte[] hit = valueAt(values, i);
            if (hit != null) {
                out.write(pending, start, i - start);
                out.write(MARK);
                i += hit.length;
                start = i;
            } else {
                i++;
            }
        }
        out.write(pending, start, i - start);
        System.arraycopy(pending, i, pending, 0, length - i);
        length -= i;
    }

    /** The longest value that starts at {@code i} and lies wholly in the pending bytes. */
    private byte[] valueAt(List<byte[]> values, int i) {
        for (byte[] v : values) {
            if (v.length <= length - i && Arrays.equals(pending, i, i + v.length, v, 0, v.length)) return v;
        }
        return null;
    }

    /** Whether the pending bytes from {@code i} are a proper beginning of some value, so more input decides. */
    private boolean mayStartLongerValue(List<byte[]> values, int i) {
        int rest = length - i;
        for (byte[] v : values) {
            if (v.length > rest && Arrays.equals(pending, i, length, v, 0, rest)) return true;
        }
        return false;
    }
}
