package dev.minilake.core.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator.ExecutionStatus;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

import static org.assertj.core.api.Assertions.assertThat;

class ConsoleLoggingTest {
    @Test
    void warningsOnTheConsoleAndMiniLakesOwnLoggersAtInfo() {
        LoggerContext context = new LoggerContext();
        assertThat(new ConsoleLogging().configure(context)).isEqualTo(ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        assertThat(root.getLevel()).isEqualTo(Level.WARN);
        assertThat(root.getAppender("console")).isNotNull();
        assertThat(context.getLogger("minilake.requests").getEffectiveLevel()).isEqualTo(Level.INFO);
        assertThat(context.getLogger("dev.minilake.catalog.CatalogsService").getEffectiveLevel()).isEqualTo(Level.WARN);
        assertThat(context.getLogger("io.delta.kernel.internal.SnapshotManager").getEffectiveLevel()).isEqualTo(Level.ERROR);
    }

    @Test
    void aUsersLogbackConfigurationFileWins() {
        LoggerContext context = new LoggerContext();
        System.setProperty("logback.configurationFile", "/somewhere/logback.xml");
        try {
            assertThat(new ConsoleLogging().configure(context)).isEqualTo(ExecutionStatus.INVOKE_NEXT_IF_ANY);
        } finally {
            System.clearProperty("logback.configurationFile");
        }
        assertThat(context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("console")).isNull();
    }
}
