package dev.minilake.engines.spark;

import dev.minilake.core.auth.ScopedTokens;
import dev.minilake.core.redact.ResolvedSecrets;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;
import dev.minilake.core.web.ServerAddress;
import dev.minilake.engines.Lake;
import dev.minilake.engines.python.TaskPython;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import org.springframework.util.function.SingletonSupplier;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The warm Spark as a child JVM of this server (spark-runner's {@code warm} command): started on
 * first use, kept warm across resets, stopped at shutdown. The child holds a pipe to our stdin-less
 * end, so it exits when this process dies, even by kill -9. Its log is {@code <data dir>/spark/spark.log}.
 */
@Component
public class LocalWarmSpark implements WarmSpark, DisposableBean {
    private static final Logger log = LoggerFactory.getLogger("minilake.spark");
    private static final String READY = "MINILAKE_SPARK_READY";
    private static final Duration START_TIMEOUT = Duration.ofMinutes(5);

    private final Settings settings;
    private final ServerAddress address;
    private final DataDir dataDir;
    private final String secret = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
    /** Spark Connect's pre-shared token, new per server start: only MiniLake's own children and the caller of /_minilake/spark get it. */
    private final String connectToken = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
    private final Lake lake;
    /** Created on first use: a java.net.http client initialises TLS, which costs start-up time. */
    private final SingletonSupplier<HttpClient> http =
            SingletonSupplier.of(() -> HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build());

    private volatile State state = State.COLD;
    private volatile String connectUrl;
    private volatile int httpPort;
    private volatile String failure;
    private volatile long startMillis = -1;
    private volatile boolean stopping;
    private Process process;

    private final ScopedTokens scopedTokens;
    /** Secret values handed to job runs, whose Spark Connect sessions log into this process's log. */
    private final ResolvedSecrets resolvedSecrets;
    /** The Spark process's REST identity (its UC catalog plugin calls MiniLake), revoked when the process ends. */
    private volatile ScopedTokens.Token identity;

    public LocalWarmSpark(Settings settings, ServerAddress address, DataDir dataDir, ScopedTokens scopedTokens, Lake lake,
                          ResolvedSecrets resolvedSecrets) {
        this.resolvedSecrets = resolvedSecrets;
        this.scopedTokens = scopedTokens;
        this.lake = lake;
        this.settings = settings;
        this.address = address;
        this.dataDir = dataDir;
    }

    @Override
    public synchronized void ensureStarted() {
        if (stopping || state == State.STARTING || state == State.WARM) return;
        state = State.STARTING;
        failure = null;
        Thread t = new Thread(this::launch, "warm-spark");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public State state() {
        return state;
    }

    @Override
    public Optional<String> connectUrl() {
        return state == State.WARM ? Optional.ofNullable(connectUrl) : Optional.empty();
    }

    /** The Connect endpoint without its token, for what MiniLake shows (the services list, logs). */
    public Optional<String> connectEndpoint() {
        return connectUrl().map(u -> u.substring(0, u.indexOf("/;")));
    }

    /** For /_minilake/spark, which is behind authentication: the Connect URL with its token, as clients use it. */
    public Map<String, Object> status() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("state", state.name());
        if (connectUrl != null && state == State.WARM) m.put("connect_url", connectUrl);
        if (startMillis >= 0) m.put("start_ms", startMillis);
        if (failure != null) m.put("error", failure);
        m.put("memory", settings.sparkMemory());
        m.put("master", settings.sparkMaster());
        return m;
    }

    /** Why the warm Spark is not warm (its last start failure), if known. */
    public Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /**
     * POSTs a JSON request to the warm Spark's loopback endpoint (e.g. {@code /sql}), with the secret
     * only this server knows; the caller has waited for {@link #awaitConnectUrl}. The body streams.
     */
    HttpResponse<InputStream> post(String path, byte[] json) throws IOException, InterruptedException {
        if (state != State.WARM) throw new IOException("the warm Spark is " + state);
        return http.obtain().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + path))
                .header("X-MiniLake-Spark-Secret", secret).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(json)).build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    private void launch() {
        long start = System.nanoTime();
        try {
            SparkRunnerLocation loc = SparkRunnerLocation.find(settings).orElseThrow(() -> new IOException(
                    "spark-runner.jar not found: build it (mvn package) or set MINILAKE_SPARK_RUNNER"));
            Path dir = dataDir.area("spark");
            Path logFile = dir.resolve("spark.log");
            int port = freePort();
            List<String> cmd = new ArrayList<>();
            cmd.add(SparkJvm.javaBinary());
            cmd.add("-Xmx" + settings.sparkMemory());
            cmd.addAll(SparkJvm.OPTIONS);
            cmd.addAll(List.of("-cp", loc.classpath(), "dev.minilake.spark.SparkRunnerMain", "warm",
                    "--connect-port", Integer.toString(port), "--uri", address.baseUrl(),
                    "--data-dir", dir.toString(), "--master", settings.sparkMaster(),
                    // the directories the SQL sandbox lets statements touch: the same as DuckDB's
                    "--lake-roots", String.join(java.io.File.pathSeparator, lake.sqlDirectories().stream().map(Path::toString).toList())));
            // stderr (Spark's log4j) comes through this process too, so every line is redacted before it is written
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
            pb.environment().put("SPARK_USER", settings.userName()); // current_user() answers as MiniLake's user, as on Databricks
            ScopedTokens.removeServerCredentials(pb.environment());
            pb.environment().remove("SPARK_REMOTE");
            // Python UDFs of Connect clients run in Python workers Spark forks: they need pyspark's worker
            // modules, which the task environment's pyspark-client carries (the system python has none)
            pb.environment().put("PYSPARK_PYTHON", TaskPython.resolve(settings).interpreter());
            pb.environment().remove("SPARK_CONNECT_AUTHENTICATE_TOKEN");
            identity = scopedTokens.issue("warm Spark");
            Process p;
            synchronized (this) {
                if (stopping) return;
                p = pb.start();
                process = p;
            }
            // credentials go on the child's stdin, so no SQL statement can read them from its environment
            OutputStream stdin = p.getOutputStream();
            stdin.write(("secret=" + secret + "\ntoken=" + identity.value() + "\nconnect-token=" + connectToken + "\n\n")
                    .getBytes(StandardCharsets.UTF_8));
            stdin.flush();
            log.info("starting the warm Spark (pid {}, {} heap, {}); log in {}", p.pid(), settings.sparkMemory(), settings.sparkMaster(), logFile);
            Thread watchdog = new Thread(() -> {
                try {
                    Thread.sleep(START_TIMEOUT.toMillis());
                    if (state == State.STARTING && process == p) {
                        failure = "not warm after " + START_TIMEOUT.toSeconds() + " s; see " + logFile;
                        p.destroyForcibly();
                    }
                } catch (InterruptedException ignored) {
                    // stopped
                }
            }, "warm-spark-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                 PrintWriter logOut = new PrintWriter(Files.newBufferedWriter(logFile, StandardOpenOption.CREATE, StandardOpenOption.APPEND), true)) {
                String line;
                while ((line = out.readLine()) != null) {
                    logOut.println(resolvedSecrets.redact(line));
                    if (line.startsWith(READY) && state == State.STARTING) {
                        httpPort = Integer.parseInt(field(line, "http"));
                        // "localhost": pyspark sends a token without TLS only to that host name (local channel credentials)
                        connectUrl = "sc://localhost:" + field(line, "connect") + "/;token=" + connectToken;
                        startMillis = (System.nanoTime() - start) / 1_000_000;
                        state = State.WARM;
                        watchdog.interrupt();
                        log.info("warm Spark ready at {} in {} ms", connectEndpoint().orElse("?"), startMillis);
                    }
                }
            }
            int code = p.waitFor();
            if (!stopping) {
                if (failure == null) failure = "the Spark process exited with code " + code + "; see " + logFile;
                log.warn("warm Spark: {}", failure);
            }
        } catch (Exception e) {
            failure = e.getMessage();
            log.warn("warm Spark failed to start: {}", e.getMessage());
        } finally {
            synchronized (this) {
                process = null;
                state = stopping ? State.COLD : State.FAILED;
                if (identity != null) identity.close();
            }
        }
    }

    private static String field(String line, String name) {
        for (String part : line.split(" ")) if (part.startsWith(name + "=")) return part.substring(name.length() + 1);
        throw new IllegalStateException("no " + name + " in " + line);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void destroy() {
        Process p;
        synchronized (this) {
            stopping = true;
            p = process;
        }
        if (p == null) return;
        try {
            OutputStream stdin = p.getOutputStream();
            stdin.close(); // the child exits when its stdin closes
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.destroy();
                if (!p.waitFor(5, TimeUnit.SECONDS)) p.destroyForcibly();
            }
        } catch (IOException | InterruptedException e) {
            p.destroyForcibly();
        }
    }
}
