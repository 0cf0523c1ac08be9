package dev.minilake;

import dev.minilake.core.settings.Settings;
import dev.minilake.core.StartupPreload;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.aot.AotDetector;
import org.springframework.boot.web.reactive.context.AnnotationConfigReactiveWebServerApplicationContext;
import org.springframework.boot.web.reactive.context.ReactiveWebServerApplicationContext;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.context.support.GenericApplicationContext;

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
        StartupPreload.inBackground();
        useAotWhenBuilt();
        try {
            start(settings);
        } catch (RuntimeException e) {
            if (Boolean.getBoolean("spring.aot.processing")) throw e; // the processor's own way of ending the run
            // one clear line (e.g. "Port 8000 is already in use"); the cause chain for whoever needs it
            System.err.println("minilake: cannot start: " + startFailure(e));
            if (settings.verbose()) e.printStackTrace();
            System.exit(1);
        }
    }

    /** "Port 8000 is already in use" where that is the reason, else the innermost cause's message. */
    static String startFailure(Throwable e) {
        Throwable root = e;
        for (Throwable t = e; t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof org.springframework.boot.web.server.PortInUseException) return t.getMessage();
            root = t;
        }
        return root.getMessage() != null ? root.getMessage() : root.toString();
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
     * <p>The context is built directly, not through SpringApplication: MiniLake has no
     * application.properties, no profiles and no auto-configuration (Settings are its whole
     * configuration, logging is {@link dev.minilake.core.logging.ConsoleLogging}), so what
     * SpringApplication adds (spring.factories listeners and initializers, environment binding,
     * failure analyzers) was a fifth of the start-up for nothing. The context is still Spring
     * Boot's reactive web-server context, which starts Netty from ServerConfiguration's factory.
     * At build time, Spring AOT's processor needs a SpringApplication to capture the context, so
     * that one run goes through {@link #startForAotProcessing}, with the same bean definitions.
     */
    public static ConfigurableApplicationContext start(Settings settings) {
        if (Boolean.getBoolean("spring.aot.processing")) return startForAotProcessing(settings);
        ReactiveWebServerApplicationContext context;
        if (AotDetector.useGeneratedArtifacts()) {
            context = new ReactiveWebServerApplicationContext();
            aotInitializer().initialize(context);
        } else {
            AnnotationConfigReactiveWebServerApplicationContext annotated = new AnnotationConfigReactiveWebServerApplicationContext();
            annotated.register(MiniLakeApplication.class);
            context = annotated;
        }
        // as SpringApplication does: no bean silently replaces another, no circular wiring
        context.setAllowBeanDefinitionOverriding(false);
        context.setAllowCircularReferences(false);
        // No bean uses @EventListener (listeners implement ApplicationListener), so the processor
        // that reflects over every bean's methods looking for one is not needed. (With AOT the
        // generated definitions are final here; without, component scanning registers it again.)
        withoutEventListenerProcessor(context);
        context.getBeanFactory().registerSingleton("settings", settings);
        context.refresh();
        context.registerShutdownHook();
        try {
            // the server listens already (JSON hooks call it over HTTP); ready waits for the hooks
            context.getBean(dev.minilake.controlplane.InitHooks.class).runAll();
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
        return context;
    }

    private static void withoutEventListenerProcessor(GenericApplicationContext context) {
        if (context.containsBeanDefinition(AnnotationConfigUtils.EVENT_LISTENER_PROCESSOR_BEAN_NAME)) {
            context.removeBeanDefinition(AnnotationConfigUtils.EVENT_LISTENER_PROCESSOR_BEAN_NAME);
        }
    }

    @SuppressWarnings("unchecked")
    private static ApplicationContextInitializer<GenericApplicationContext> aotInitializer() {
        String name = MiniLakeApplication.class.getName() + "__ApplicationContextInitializer";
        try {
            return (ApplicationContextInitializer<GenericApplicationContext>)
                    Class.forName(name).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("spring.aot.enabled is set, but " + name + " is not in the jar: " + e, e);
        }
    }

    /** Build time only: Spring AOT's processor captures the context of a SpringApplication run. */
    private static ConfigurableApplicationContext startForAotProcessing(Settings settings) {
        SpringApplication app = new SpringApplication(MiniLakeApplication.class);
        app.setListeners(List.of());
        app.setInitializers(List.of(ctx -> ctx.getBeanFactory().registerSingleton("settings", settings)));
        app.setBannerMode(Banner.Mode.OFF);
        app.setLogStartupInfo(false);
        return app.run();
    }
}
