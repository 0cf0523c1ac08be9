package dev.minilake.core.redact;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class RedactingOutputStreamTest {

    @Test
    void aValueIsRedactedWhereverTheWritesSplitIt() throws IOException {
        RunSecrets secrets = new RunSecrets();
        secrets.add("s3cr3t-value");
        String text = "before s3cr3t-value middle s3cr3t-values3cr3t-value after s3cr3t-valu";
        String expected = "before [REDACTED] middle [REDACTED][REDACTED] after s3cr3t-valu";
        for (int split = 1; split <= text.length(); split++) {
            assertThat(write(secrets, text, split)).as("split every %d bytes", split).isEqualTo(expected);
        }
    }

    @Test
    void theLongestValueWinsAndOverlapsAreHandled() throws IOException {
        RunSecrets secrets = new RunSecrets();
        secrets.add("abc");
        secrets.add("abcdef");
        secrets.add("aab");
        assertThat(write(secrets, "xabcdefx abcx aabcdef ab", 1)).isEqualTo("x[REDACTED]x [REDACTED]x [REDACTED]cdef ab");
        assertThat(write(secrets, "xabcdefx abcx aabcdef ab", 100)).isEqualTo("x[REDACTED]x [REDACTED]x [REDACTED]cdef ab");
    }

    @Test
    void aValueAddedWhileStreamingIsRedactedFromThen() throws IOException {
        RunSecrets secrets = new RunSecrets();
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (RedactingOutputStream out = new RedactingOutputStream(sink, secrets)) {
            out.write("early hunter2 ".getBytes(StandardCharsets.UTF_8));
            secrets.add("hunter2");
            out.write("late hunt".getBytes(StandardCharsets.UTF_8));
            out.write("er2 end".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(sink.toString(StandardCharsets.UTF_8)).isEqualTo("early hunter2 late [REDACTED] end");
    }

    @Test
    void randomTextWithValuesMatchesTheWholeTextReplace() throws IOException {
        Random random = new Random(29);
        RunSecrets secrets = new RunSecrets();
        secrets.add("tok-éé-1");
        secrets.add("x9");
        for (int round = 0; round < 200; round++) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < 40; i++) {
                int pick = random.nextInt(6);
                b.append(pick == 0 ? "tok-éé-1" : pick == 1 ? "x9" : pick == 2 ? "tok-é" : String.valueOf((char) ('a' + random.nextInt(26))));
            }
            String text = b.toString();
            assertThat(write(secrets, text, 1 + random.nextInt(7))).isEqualTo(secrets.redact(text));
        }
    }

    private static String write(RunSecrets secrets, String text, int chunk) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (RedactingOutputStream out = new RedactingOutputStream(sink, secrets)) {
            for (int i = 0; i < bytes.length; i += chunk) out.write(bytes, i, Math.min(chunk, bytes.length - i));
        }
        return sink.toString(StandardCharsets.UTF_8);
    }
}
