package dev.minilake.jupyter;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The JupyterLab child process: started on first use, bound to loopback on a free port with a
 * random token and base URL /jupyter/, its kernels pointed at this MiniLake; stopped with MiniLake.
 */
final class JupyterProcess {
    private static final Logger LOG = LoggerFactory.getLogger(JupyterProcess.class);

    private final Process process;
    private final int port;
    private final String token;

    private JupyterProcess(Process process, int port, String token) {
        this.process = process;
        this.port = port;
        this.token = token;
    }

    /** Starts JupyterLab and waits until its REST API answers; blocking, for the bounded scheduler. */
    static JupyterProcess start(String python, Path rootDir, Path logFile, Map<String, String> env, Path config) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        String token = HexFormat.of().formatHex(random);
        Files.createDirectories(rootDir);
        System.out.println("minilake: starting JupyterLab for /jupyter (first request; " + python + " -m jupyter lab) ...");
        long started = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(List.of(python, "-m", "jupyter", "lab", "--no-browser",
                "--ServerApp.ip=127.0.0.1", "--ServerApp.port=" + port, "--ServerApp.port_retries=0",
                "--ServerApp.base_url=/jupyter/", "--ServerApp.root_dir=" + rootDir, "--allow-root",
                // nothing is fetched at run time: no extension index, news or update checks
                "--LabApp.extension_manager=readonly",
                // its own origin and XSRF checks stay on: the proxy forwards the browser's Host and Origin, which
                // MiniLake's origin policy has already vetted, so a same-origin request passes both checks
                "--LabApp.news_url=",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", "--config=" + config))
                .redirectErrorStream(true).redirectOutput(logFile.toFile());
        dev.minilake.core.auth.ScopedTokens.removeServerCredentials(pb.environment());
        pb.environment().putAll(env);
        pb.environment().put("JUPYTER_TOKEN", token);
        JupyterProcess p = new JupyterProcess(pb.start(), port, token);
        try {
            p.awaitReady(Duration.ofSeconds(120), logFile);
        } catch (Exception e) {
            p.stop();
            throw e;
        }
        System.out.printf("minilake: JupyterLab ready at /jupyter/ in %.1f s%n", (System.nanoTime() - started) / 1e9);
        return p;
    }

    private void awaitReady(Duration timeout, Path logFile) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("JupyterLab exited with " + process.exitValue() + ": " + tail(logFile));
            }
            try {
                HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(baseUri() + "api/status"))
                        .header("Authorization", "token " + token).timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) return;
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new IOException("JupyterLab did not answer within " + timeout.toSeconds() + " s: " + tail(logFile));
    }

    private static String tail(Path log) {
        try {
            String s = Files.readString(log);
            return s.length() > 1500 ? s.substring(s.length() - 1500) : s;
        } catch (IOException e) {
            return "(no log)";
        }
    }

    /** e.g. http://127.0.0.1:41234/jupyter/ */
    String baseUri() {
        return "http://127.0.0.1:" + port + "/jupyter/";
    }

    String token() {
        return token;
    }

    boolean alive() {
        return process.isAlive();
    }

    void stop() {
        process.descendants().forEach(ProcessHandle::destroy); // kernels first
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LOG.info("JupyterLab stopped");
    }
}
