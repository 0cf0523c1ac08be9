package dev.minilake.compute.commands;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One python3 interpreter behind an execution context (minilake_repl.py): commands go in as JSON
 * lines, each answer comes back as one marker-prefixed JSON line. Not thread-safe: the context
 * sends one command at a time.
 */
final class PythonProcess implements AutoCloseable {
    private final Process process;
    private final BufferedWriter in;
    private final BufferedReader out;
    private final String marker;
    private final ObjectMapper json;
    /** Where a cancel names the command it means; the interpreter reads it on SIGINT (see minilake_repl.py). */
    private final Path cancelFile;
    /** Open once the interpreter said it is ready, i.e. its SIGINT handler is set. */
    private final java.util.concurrent.CountDownLatch ready = new java.util.concurrent.CountDownLatch(1);

    PythonProcess(String python, Path dir, Map<String, String> env, ObjectMapper json) throws IOException {
        byte[] b = new byte[12];
        new SecureRandom().nextBytes(b);
        this.marker = "\u0001MINILAKE-" + HexFormat.of().formatHex(b) + ":";
        this.json = json;
        ProcessBuilder pb = new ProcessBuilder(List.of(python, "-u", dir.resolve("minilake_repl.py").toString()))
                .directory(dir.toFile()).redirectErrorStream(true);
        dev.minilake.core.auth.ScopedTokens.removeServerCredentials(pb.environment());
        pb.environment().putAll(env);
        pb.environment().put("MINILAKE_REPL_MARKER", marker);
        this.cancelFile = java.nio.file.Files.createTempFile(dir, "cancel-", ".txt");
        pb.environment().put("MINILAKE_REPL_CANCEL_FILE", cancelFile.toString());
        pb.environment().put("PYTHONPATH", dir.toString());
        pb.environment().put("PYTHONUNBUFFERED", "1");
        this.process = pb.start();
        this.in = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** The interpreter's answer: type text|error|cancelled, with data or summary/cause; extra output is prepended. */
    JsonNode execute(String id, String code) throws IOException {
        StringBuilder extra = new StringBuilder();
        if (ready.getCount() > 0) {
            // what the interpreter printed while it started belongs to the first command's output
            try {
                readResult(extra);
            } finally {
                ready.countDown(); // also when it died starting: a cancel then has nothing to wait for
            }
        }
        in.write(json.writeValueAsString(Map.of("id", id, "code", code)));
        in.write("\n");
        in.flush();
        return readResult(extra);
    }

    /** Reads up to the next marker line: the interpreter's ready line or a command's result. */
    private JsonNode readResult(StringBuilder extra) throws IOException {
        String line;
        while ((line = out.readLine()) != null) {
            int at = line.indexOf(marker);
            if (at >= 0) {
                if (at > 0) extra.append(line, 0, at).append('\n');
                var result = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(line.substring(at + marker.length()));
                if ("ready".equals(result.path("type").asText())) {
                    // after dbutils.library.restartPython() the new interpreter says it is ready again: not an answer
                    if (ready.getCount() > 0) return result;
                    continue;
                }
                String prefix = extra.toString().strip();
                if (!prefix.isEmpty()) {
                    String field = result.has("data") ? "data" : "cause";
                    result.put(field, prefix + "\n" + result.path(field).asText(""));
                }
                return result;
            }
            extra.append(line).append('\n');
        }
        throw new IOException("the Python process of this context exited" + (extra.isEmpty() ? "" : ": " + extra.toString().strip()));
    }

    /**
     * Cancels command {@code id} (KeyboardInterrupt in the interpreter). The id goes first into the
     * cancel file, so a signal that arrives before the interpreter has read the command, or after it
     * finished, cancels exactly that command and never the next one.
     */
    void interrupt(String id) {
        try {
            java.nio.file.Files.writeString(cancelFile, id);
            // a SIGINT before the interpreter's handler is set would end the process, not the command;
            // the recorded id makes the command cancel itself when it does start
            if (!ready.await(30, TimeUnit.SECONDS)) return;
            new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).start().waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            process.destroy();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
