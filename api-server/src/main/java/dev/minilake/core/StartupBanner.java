package dev.minilake.core;

import dev.minilake.core.api.ApiGroupRegistry;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;

import java.util.stream.Collectors;

/** The one-screen startup banner: URL, data dir and the enabled services, derived from the group declarations. */
@Component
public class StartupBanner implements ApplicationListener<WebServerInitializedEvent> {
    private final Settings settings;
    private final DataDir dataDir;
    private final ApiGroupRegistry registry;

    public StartupBanner(Settings settings, DataDir dataDir, ApiGroupRegistry registry) {
        this.settings = settings;
        this.dataDir = dataDir;
        this.registry = registry;
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        int port = event.getWebServer().getPort();
        // the process start from /proc, not the JVM's management beans, whose start-up costs ~50 ms
        long uptime = ProcessHandle.current().info().startInstant()
                .map(t -> java.time.Duration.between(t, java.time.Instant.now()).toMillis()).orElse(-1L);
        String services = registry.groups().stream()
                .map(g -> String.format("  %-22s %s", g.name(), g.status().label()))
                .collect(Collectors.joining("\n"));
        System.out.printf("""
                MiniLake listening on %s://%s:%d  (ready in %d ms)
                  data dir: %s%s
                  auth: %s   DATABRICKS_HOST=%s://%s:%d DATABRICKS_TOKEN=dev
                %sservices:
                %s
                """, settings.scheme(), settings.host(), port, uptime, dataDir.root(),
                dataDir.isEphemeral() ? " (ephemeral, removed at exit)" : " (persistent)",
                settings.authMode().name().toLowerCase(), settings.scheme(), displayHost(), port,
                settings.tls() ? "  tls: trust " + dev.minilake.core.web.TlsSetup.certificatePem(settings)
                        + " (SSL_CERT_FILE / REQUESTS_CA_BUNDLE)\n" : "", services);
        System.out.flush();
    }

    private String displayHost() {
        return "0.0.0.0".equals(settings.host()) ? "localhost" : settings.host();
    }

}
