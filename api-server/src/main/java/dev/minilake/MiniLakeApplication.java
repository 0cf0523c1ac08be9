package dev.minilake;

import dev.minilake.core.settings.Settings;
import dev.minilake.engines.NativeLibraries;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;

import java.util.List;
import java.util.Map;

/**
 * Entry point: {@code java -jar minilake.jar --port 8000}. Settings are parsed here, once, and
 * handed to Spring as a bean; Spring never sees the raw command line.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
// No auto-configuration: ServerConfiguration builds the Netty server and the HttpHandler from the
// API groups' router functions, without the annotated-controller machinery of WebFluxAutoConfiguration.
// Start-up on a small machine is dominated by class loading.
@ComponentScan
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
        if (settings.positional().equals(java.util.List.of("coverage"))) {
            // an ephemeral server on a free port, asked for its own coverage report, then stopped
            java.io.PrintStream out = System.out;
            System.setOut(System.err); // the start-up banner is not part of the report
            ConfigurableApplicationContext ctx = start(Settings.parse(new String[]{"--port", "0"}, Map.of()));
            System.setOut(out);
            System.out.print(ctx.getBean(dev.minilake.controlplane.CoverageReport.class).markdown(Map.of()));
            System.out.flush();
            ctx.close();
            System.exit(0);
        }
        if (settings.positional().equals(java.util.List.of("spark", "env"))) {
            try {
                System.out.print(dev.minilake.engines.spark.SparkEnv.exports(settings));
            } catch (java.io.IOException e) {
                System.err.println("minilake: " + e.getMessage());
                System.exit(1);
            }
            return;
        }
        if (!settings.positional().isEmpty()) {
            System.err.println("minilake: unknown command '" + String.join(" ", settings.positional()) + "' (see --help)");
            System.exit(2);
        }
        NativeLibraries.preloadInBackground();
        useAotWhenBuilt();
        start(settings);
    }

    /**
     * The packaged jar carries Spring AOT's generated bean definitions (spring-boot-maven-plugin
     * process-aot), which save the start-up's component scan and configuration parsing. Only main()
     * turns them on: an in-process start from a test's class path may see generated classes that
     * are older than the sources. {@code -Dspring.aot.enabled=false} turns them off.
     */
    static void useAotWhenBuilt() {
        if (System.getProperty("spring.aot.enabled") == null && !Boolean.getBoolean("spring.aot.processing")
                && MiniLakeApplication.class.getResource("MiniLakeApplication__ApplicationContextInitializer.class") != null) {
            System.setProperty("spring.aot.enabled", "true");
        }
    }

    /**
     * Starts a server; tests call this directly to get a real server on a free port.
     *
     * <p>SpringApplication runs without the listeners and initializers that spring.factories lists
     * (config-data files, Spring Boot's logging system, property binding of spring.main.*, the
     * background pre-initializer, which competes for the CPU on a small machine). MiniLake has no
     * application.properties: Settings are its whole configuration, and logging is
     * {@link dev.minilake.core.logging.ConsoleLogging}. That is a third of the start-up saved.
     */
    public static ConfigurableApplicationContext start(Settings settings) {
        SpringApplication app = new SpringApplication(MiniLakeApplication.class) {
            @Override
            protected void bindToSpringApplication(ConfigurableEnvironment environment) {
                // spring.main.* comes from nowhere: the setters below are the whole configuration
            }
        };
        app.setListeners(List.of());
        app.setInitializers(List.of(ctx -> ctx.getBeanFactory().registerSingleton("settings", settings)));
        app.setBannerMode(Banner.Mode.OFF);
        app.setLogStartupInfo(false);
        app.setAddConversionService(false);
        app.setAddCommandLineProperties(false);
        return app.run();
    }
}
