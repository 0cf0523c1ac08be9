package dev.minilake;

import dev.minilake.core.settings.Settings;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.autoconfigure.http.codec.CodecsAutoConfiguration;
import org.springframework.boot.autoconfigure.web.reactive.HttpHandlerAutoConfiguration;
import org.springframework.boot.autoconfigure.web.reactive.ReactiveMultipartAutoConfiguration;
import org.springframework.boot.autoconfigure.web.reactive.ReactiveWebServerFactoryAutoConfiguration;
import org.springframework.boot.autoconfigure.web.reactive.WebFluxAutoConfiguration;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.ConfigurableApplicationContext;

import java.util.HashMap;
import java.util.Map;

/**
 * Entry point: {@code java -jar minilake.jar --port 8000}. Settings are parsed here, once, and
 * handed to Spring as a bean; Spring never sees the raw command line.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@ComponentScan
// Only the auto-configurations MiniLake uses: evaluating Boot's full list costs seconds of start-up on a small machine.
@ImportAutoConfiguration({
        PropertyPlaceholderAutoConfiguration.class,
        ReactiveWebServerFactoryAutoConfiguration.class,
        HttpHandlerAutoConfiguration.class,
        WebFluxAutoConfiguration.class,
        CodecsAutoConfiguration.class,
        ReactiveMultipartAutoConfiguration.class})
public class MiniLakeApplication {

    public static void main(String[] args) {
        Settings settings;
        try {
            settings = Settings.parse(args, System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println("minilake: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (settings.helpRequested()) {
            System.out.print(Settings.help());
            return;
        }
        if (!settings.positional().isEmpty()) {
            System.err.println("minilake: unknown command '" + String.join(" ", settings.positional()) + "' (see --help)");
            System.exit(2);
        }
        start(settings);
    }

    /** Starts a server; tests call this directly to get a real server on a free port. */
    public static ConfigurableApplicationContext start(Settings settings) {
        SpringApplication app = new SpringApplication(MiniLakeApplication.class);
        Map<String, Object> props = new HashMap<>();
        props.put("server.port", settings.port());
        props.put("server.address", settings.host());
        props.put("spring.main.banner-mode", "off");
        props.put("spring.main.log-startup-info", "false");
        props.put("spring.jmx.enabled", "false");
        props.put("spring.web.resources.add-mappings", "false");
        props.put("logging.level.root", "WARN");
        props.put("logging.level.minilake", "INFO");
        props.put("logging.pattern.console", "%d{HH:mm:ss.SSS} %-5level %logger{20} - %msg%n");
        app.setDefaultProperties(props);
        app.addInitializers(ctx -> ctx.getBeanFactory().registerSingleton("settings", settings));
        return app.run();
    }
}
