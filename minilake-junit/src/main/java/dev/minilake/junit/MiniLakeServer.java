package dev.minilake.junit;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** A running MiniLake: its URL, a reset, and (with the Databricks Java SDK on the class path) a client. */
public final class MiniLakeServer implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

    private final URI url;
    private final Process process;
    private final Path dataDir;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private MiniLakeServer(URI url, Process process, Path dataDir) {
        this.url = url;
        this.process = process;
        this.dataDir = dataDir;
    }

    /** The server at {@code url}, already running (a container, a Helm release, a port-forward). */
    public static MiniLakeServer at(URI url) throws IOException, InterruptedException {
        MiniLakeServer s = new MiniLakeServer(url, null, null);
        s.awaitReady();
        return s;
    }

    /** Starts {@code java -jar jar} on a free port with its own data dir and waits until it is ready. */
    public static MiniLakeServer start(Path jar, Map<String, String> env) throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("MiniLake jar not found: " + jar + " (build it with `mvn -q package -DskipTests`,"
                    + " or set -Dminilake.jar, MINILAKE_JAR or MINILAKE_URL)");
        }
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path dataDir = Files.createTempDirectory("minilake-junit-");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString(), "--port", Integer.toString(port), "--data-dir", dataDir.resolve("data").toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dataDir.resolve("minilake.log").toFile());
        pb.environment().putAll(env);
        MiniLakeServer s = new MiniLakeServer(URI.create("http://127.0.0.1:" + port), pb.start(), dataDir);
        try {
            s.awaitReady();
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        return s;
    }

    public URI url() {
        return url;
    }

    /** A clean workspace: {@code POST /_minilake/reset}. */
    public void reset() throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(url.resolve("/_minilake/reset")).timeout(Duration.ofMinutes(2))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IllegalStateException("MiniLake reset failed: " + r.statusCode() + " " + r.body());
    }

    /** A Databricks Java SDK client pointed at this server (needs com.databricks:databricks-sdk-java). */
    public com.databricks.sdk.WorkspaceClient workspaceClient() {
        return new com.databricks.sdk.WorkspaceClient(new com.databricks.sdk.core.DatabricksConfig()
                .setHost(url.toString()).setToken("dev"));
    }

    private void awaitReady() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (process != null && !process.isAlive()) {
                throw new IllegalStateException("MiniLake exited with " + process.exitValue() + ": " + tail(dataDir.resolve("minilake.log")));
            }
            try {
                HttpResponse<Void> r = http.send(HttpRequest.newBuilder(url.resolve("/_minilake/ready")).timeout(Duration.ofSeconds(2))
                        .build(), HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) return;
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("MiniLake at " + url + " was not ready within " + START_TIMEOUT.toSeconds() + " s");
    }

    private static String tail(Path log) {
        try {
            String s = Files.readString(log);
            return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
        } catch (IOException e) {
            return "(no log)";
        }
    }

    /** Stops a server this class started (a server found at a URL is left running) and removes its data dir. */
    @Override
    public void close() {
        if (process == null) return;
        process.destroy();
        try {
            if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) process.destroyForcibly().waitFor();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp dir: the OS cleans it eventually
        }
    }
}
