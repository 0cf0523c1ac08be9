package dev.minilake.jupyter;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.settings.Settings;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.util.HtmlUtils;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Optional;

/**
 * /jupyter: where JupyterLab is to be embedded. What is served today is an honest page: how to
 * enable it when jupyterlab is not importable by MINILAKE_PYTHON, and, when it is, that the
 * reverse proxy to it (HTTP and kernel WebSockets) is not built yet. Hence the NOT_IMPLEMENTED label.
 */
@Component
public class JupyterGroup implements ApiGroup {
    private final JupyterDetector detector;

    public JupyterGroup(Settings settings) {
        this.detector = new JupyterDetector(settings.python());
    }

    @Override
    public String name() {
        return "jupyter";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.NOT_IMPLEMENTED;
    }

    @Override
    public String note() {
        return "JupyterLab at /jupyter is not proxied yet; /jupyter shows a page saying whether jupyterlab is importable by"
                + " MINILAKE_PYTHON and how to install it";
    }

    @Override
    public List<String> sdkApis() {
        return List.of();
    }

    @Override
    public void routes(Routes r) {
        r.raw(RouterFunctions.route(RequestPredicates.GET("/jupyter").or(RequestPredicates.GET("/jupyter/**")), req ->
                // the first visit starts a Python process to look for jupyterlab: not on the event loop
                Mono.fromCallable(detector::version).subscribeOn(r.blocking()).flatMap(this::page)));
    }

    private Mono<ServerResponse> page(Optional<String> version) {
        String python = HtmlUtils.htmlEscape(detector.python());
        String body = version.isEmpty()
                ? section("JupyterLab is not installed",
                "<p>MiniLake embeds JupyterLab at <code>/jupyter</code> when the <code>jupyterlab</code> package is importable by "
                        + "the interpreter in <code>MINILAKE_PYTHON</code> (now <code>" + python + "</code>). To enable it:</p>"
                        + "<pre>" + python + " -m pip install jupyterlab\n# or point MINILAKE_PYTHON at a virtualenv that has it, then restart MiniLake</pre>")
                : section("JupyterLab " + HtmlUtils.htmlEscape(version.get()) + " is installed, but not proxied yet",
                "<p><code>" + python + "</code> can import jupyterlab, but this MiniLake does not start and proxy it yet "
                        + "(501 NOT_IMPLEMENTED). Run <code>" + python + " -m jupyter lab</code> yourself in the meantime, with "
                        + "<code>DATABRICKS_HOST</code> pointing at this server.</p>");
        HttpStatus status = version.isEmpty() ? HttpStatus.OK : HttpStatus.NOT_IMPLEMENTED;
        return ServerResponse.status(status).contentType(new MediaType("text", "html", java.nio.charset.StandardCharsets.UTF_8))
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
