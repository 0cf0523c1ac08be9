package dev.minilake.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * MiniLake as a separate OS process (same classpath as the tests), for what an in-process server
 * cannot show: kill -9 and restart.
 */
public final class ServerProcess {
    private final Process process;
    private final String url;
    private final Path log;

    private ServerProcess(Process process, String url, Path log) {
        this.process = process;
        this.url = url;
        this.log = log;
    }

    public static ServerProcess start(Path dataDir, Map<String, String> env) throws IOException, InterruptedException {
        int port = freePort();
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                "dev.minilake.MiniLakeApplication", "--port", Integer.toString(port), "--data-dir", dataDir.toString()));
        Path log = dataDir.resolveSibling(dataDir.getFileName() + "-server.log");
        // appended, so a failed restart's log sits after the crashed run's
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        ServerProcess sp = new ServerProcess(pb.start(), "http://127.0.0.1:" + port, log);
        sp.awaitReady(Duration.ofSeconds(60));
        return sp;
    }

    public String url() {
        return url;
    }

    /** SIGKILL: no shutdown hooks, no flushing, exactly a crash. */
    public void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    private void awaitReady(Duration timeout) throws InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("server exited with " + process.exitValue() + "; the end of its log:\n" + logTail());
            }
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url + "/_minilake/ready")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) return;
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(50);
        }
        process.destroyForcibly();
        throw new IllegalStateException("server not ready within " + timeout);
    }

    /** Everything the server printed so far (runs on the same data dir append to one log). */
    public String log() throws IOException {
        return java.nio.file.Files.readString(log);
    }

    private String logTail() {
        try {
            List<String> lines = java.nio.file.Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
