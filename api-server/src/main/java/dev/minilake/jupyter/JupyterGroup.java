package dev.minilake.jupyter;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.auth.ScopedTokens;
import dev.minilake.core.settings.Settings;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.util.HtmlUtils;
import reactor.core.publisher.Mono;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.DataDir;
import dev.minilake.core.web.ServerAddress;
import org.springframework.beans.factory.DisposableBean;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * /jupyter: JupyterLab, embedded. When jupyterlab is importable by MINILAKE_PYTHON, the first
 * request starts it as a child process (loopback, random token, base URL /jupyter/) and every
 * request under /jupyter/ is proxied to it, WebSockets included; otherwise a page says how to
 * enable it. In strict auth it is not proxied (a browser cannot present the bearer token to it).
 */
@Component
public class JupyterGroup implements ApiGroup, DisposableBean {
    private final JupyterDetector detector;
    private final Settings settings;
    private final ServerAddress address;
    private final DataDir dataDir;
    private final JupyterProxy proxy = new JupyterProxy();
    private JupyterProcess process; // guarded by this

    private final ScopedTokens scopedTokens;
    /** JupyterLab's REST identity for its kernels and save hook, revoked when it stops; never the admin token. */
    private ScopedTokens.Token identity;

    public JupyterGroup(Settings settings, ServerAddress address, DataDir dataDir, ScopedTokens scopedTokens) {
        this.scopedTokens = scopedTokens;
        this.detector = new JupyterDetector(settings.python());
        this.settings = settings;
        this.address = address;
        this.dataDir = dataDir;
    }

    @Override
    public String name() {
        return "jupyter";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "JupyterLab started on first use and reverse-proxied at /jupyter/ (HTTP and WebSockets) when MINILAKE_PYTHON"
                + " can import jupyterlab, else a page saying how to enable it; kernels start with a WorkspaceClient w, spark"
                + " and %%sql; saved notebooks are imported into the MiniLake workspace; not proxied in strict auth";
    }

    @Override
    public List<String> sdkApis() {
        return List.of();
    }

    @Override
    public void routes(Routes r) {
        r.raw(RouterFunctions.route(RequestPredicates.path("/jupyter").or(RequestPredicates.path("/jupyter/**")), req ->
                // the first visit starts Python processes (the probe, JupyterLab): never on the event loop
                Mono.fromCallable(detector::version).subscribeOn(r.blocking()).flatMap(version -> {
                    if (version.isEmpty()) return notInstalledPage();
                    if (settings.authMode() == Settings.AuthMode.STRICT) return strictPage();
                    if (req.path().equals("/jupyter")) {
                        return ServerResponse.status(HttpStatus.FOUND).location(java.net.URI.create("/jupyter/lab")).build();
                    }
                    return Mono.fromCallable(this::running).subscribeOn(r.blocking()).flatMap(p -> proxy.forward(req, p));
                })));
    }

    /** The JupyterLab child, started on first use (and again if it died). */
    private synchronized JupyterProcess running() throws Exception {
        if (process == null || !process.alive()) {
            Path root = dataDir.area("jupyter");
            if (identity != null) identity.close();
            identity = scopedTokens.issueOperator("JupyterLab");
            Map<String, String> env = Map.of(
                    "DATABRICKS_HOST", address.baseUrl(),
                    "DATABRICKS_TOKEN", identity.value(),
                    // kernels start with a ready WorkspaceClient `w`, `spark` and %%sql (resources/jupyter/00-minilake.py)
                    "IPYTHONDIR", JupyterSetup.ipythonDir(root).toString(),
                    "MINILAKE_NOTEBOOK_PREFIX", "/Users/" + settings.userName() + "/jupyter");
            try {
                process = JupyterProcess.start(detector.python(), root.resolve("notebooks"), root.resolve("jupyter.log"), env,
                        JupyterSetup.serverConfig(root));
            } catch (java.io.IOException e) {
                String first = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
                throw new ApiException(ErrorCode.INVALID_STATE, "JupyterLab did not start: " + first + " (log: " + root.resolve("jupyter.log") + ")");
            }
        }
        return process;
    }

    @Override
    public synchronized void destroy() {
        if (process != null) process.stop();
        if (identity != null) identity.close();
        process = null;
    }

    private Mono<ServerResponse> strictPage() {
        return ServerResponse.status(HttpStatus.FORBIDDEN).contentType(new MediaType("text", "html", java.nio.charset.StandardCharsets.UTF_8))
                .bodyValue(section("JupyterLab is not proxied in strict auth",
                        "<p>With <code>MINILAKE_AUTH=strict</code> a browser cannot present MiniLake's bearer token to JupyterLab, "
                                + "so MiniLake does not open it to every visitor. Run MiniLake without strict auth to use it.</p>"));
    }

    private Mono<ServerResponse> notInstalledPage() {
        String python = HtmlUtils.htmlEscape(detector.python());
        String body = section("JupyterLab is not installed",
                "<p>MiniLake embeds JupyterLab at <code>/jupyter</code> when the <code>jupyterlab</code> package is importable by "
                        + "the interpreter in <code>MINILAKE_PYTHON</code> (now <code>" + python + "</code>). To enable it:</p>"
                        + "<pre>" + python + " -m pip install jupyterlab\n# or point MINILAKE_PYTHON at a virtualenv that has it, then restart MiniLake</pre>");
        return ServerResponse.ok().contentType(new MediaType("text", "html", java.nio.charset.StandardCharsets.UTF_8))
                .header("Cache-Control", "no-store").bodyValue(body);
    }

    private static String section(String title, String content) {
        return "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + title + " · MiniLake</title>"
                + "<style>body{font:15px/1.5 system-ui,sans-serif;max-width:720px;margin:48px auto;padding:0 16px;color:#1d2530}"
                + "pre,code{font-family:ui-monospace,Menlo,monospace}pre{background:#f6f8fa;border:1px solid #dfe3e8;padding:12px;border-radius:6px}"
                + "a{color:#2563eb}</style></head><body><h1>" + title + "</h1>" + content
                + "<p><a href=\"/ui/\">Back to the SQL workspace</a></p></body></html>";
    }
}
