package dev.minilake.support;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksConfig;
import dev.minilake.MiniLakeApplication;
import dev.minilake.core.settings.Settings;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A real MiniLake server on a free port, shared by the tests of one JVM (start-up is the slow
 * part). Tests talk to it over HTTP only: through the Databricks Java SDK, or raw HTTP for wire
 * checks. {@link #reset()} gives each test a clean workspace.
 */
public final class MiniLakeServer {
    private static MiniLakeServer shared;

    private final ConfigurableApplicationContext context;
    private final String url;
    private final Path dataDir;
    private final HttpClient http = HttpClient.newHttpClient();

    private MiniLakeServer(Map<String, String> env) throws IOException {
        dataDir = Files.createTempDirectory("minilake-test-");
        Settings settings = Settings.parse(new String[]{"--port", "0", "--data-dir", dataDir.toString()}, env);
        context = MiniLakeApplication.start(settings);
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        url = "http://127.0.0.1:" + port;
    }

    /** The server shared by all tests in this JVM. */
    public static synchronized MiniLakeServer shared() {
        if (shared == null) {
            try {
                shared = new MiniLakeServer(Map.of());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(shared::close));
        }
        return shared;
    }

    /** A dedicated server with extra environment settings; the caller closes it. */
    public static MiniLakeServer startWith(Map<String, String> env) throws IOException {
        return new MiniLakeServer(env);
    }

    public String url() {
        return url;
    }

    public Path dataDir() {
        return dataDir;
    }

    /** A service bean of this server, for in-process APIs (e.g. what jobs call) that have no HTTP route. */
    public <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    public WorkspaceClient workspace() {
        return workspace("dev");
    }

    public WorkspaceClient workspace(String token) {
        return new WorkspaceClient(new DatabricksConfig().setHost(url).setToken(token));
    }

    public void reset() {
        HttpResponse<String> r = send("POST", "/_minilake/reset", "");
        if (r.statusCode() != 200) throw new IllegalStateException("reset failed: " + r.body());
    }

    public HttpResponse<String> send(String method, String path, String body) {
        return send(method, path, body, Map.of());
    }

    public HttpResponse<String> send(String method, String path, String body, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(b::header);
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public void close() {
        context.close();
    }

    /** Skips (and counts) a test class that needs the built spark-runner, saying how to build it. */
    public static void assumeSparkRunner() {
        org.junit.jupiter.api.Assumptions.assumeTrue(dev.minilake.engines.spark.SparkRunnerLocation.find(
                        shared().bean(dev.minilake.core.settings.Settings.class)).isPresent(),
                "spark-runner/target/spark-runner.jar is missing: mvn -pl spark-runner -am package -DskipTests");
    }
}
