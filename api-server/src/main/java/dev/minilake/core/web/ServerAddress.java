package dev.minilake.core.web;

import dev.minilake.core.settings.Settings;
import org.springframework.boot.web.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;

/**
 * The URL this server really listens on (the port may have been 0), for work that starts without a
 * request: scheduled job runs hand it to their tasks as DATABRICKS_HOST.
 */
@Component
public class ServerAddress implements ApplicationListener<WebServerInitializedEvent> {
    private final Settings settings;
    private volatile int port;

    public ServerAddress(Settings settings) {
        this.settings = settings;
        this.port = settings.port();
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        port = event.getWebServer().getPort();
    }

    /** e.g. http://127.0.0.1:8000 (a wildcard bind is reached over loopback). */
    public String baseUrl() {
        String host = settings.host();
        if (host.equals("0.0.0.0") || host.equals("::")) host = "127.0.0.1";
        return settings.scheme() + "://" + host + ":" + port;
    }
}
