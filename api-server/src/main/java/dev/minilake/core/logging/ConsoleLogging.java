package dev.minilake.core.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;
import org.slf4j.Logger;

/**
 * MiniLake's logging, set up by logback itself when the first logger is asked for (found through
 * META-INF/services): warnings and errors on the console, MiniLake's own "minilake.*" loggers at
 * INFO (the request log of MINILAKE_VERBOSE=1, job and reset notes). This replaces Spring Boot's
 * logging system, whose re-initialisation of logback cost a tenth of the start-up. A user's
 * {@code -Dlogback.configurationFile=...} still wins: then logback's own XML configurator runs.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public class ConsoleLogging extends ContextAwareBase implements Configurator {
    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null) return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        ConsoleLayout layout = new ConsoleLayout();
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("console");
        console.setEncoder(encoder);
        console.start();
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(console);
        context.getLogger("minilake").setLevel(Level.INFO);
        // Kernel warns on every snapshot of a table without a checkpoint, which is normal for small tables
        context.getLogger("io.delta.kernel").setLevel(Level.ERROR);
        // a failed start is reported once, as one line by MiniLakeApplication; Spring's own WARN about
        // cancelling the refresh would come before it and repeat it
        context.getLogger("org.springframework.boot.web.reactive.context.ReactiveWebServerApplicationContext").setLevel(Level.ERROR);
        context.getLogger("org.springframework.context.support.AbstractApplicationContext").setLevel(Level.ERROR);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
