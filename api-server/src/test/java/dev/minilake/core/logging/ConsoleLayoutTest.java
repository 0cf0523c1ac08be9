package dev.minilake.core.logging;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.time.ZoneId;

import static org.assertj.core.api.Assertions.assertThat;

class ConsoleLayoutTest {
    private final LoggerContext context = new LoggerContext();

    private LoggingEvent event(LocalDateTime at, Level level, String logger, String message, Throwable thrown, Object... args) {
        LoggingEvent e = new LoggingEvent("test", context.getLogger(logger), level, message, thrown, args);
        e.setTimeStamp(at.atZone(ZoneId.systemDefault()).toInstant().toEpochMilli());
        return e;
    }

    private String layout(LoggingEvent e) {
        ConsoleLayout layout = new ConsoleLayout();
        layout.setContext(context);
        layout.start();
        return layout.doLayout(e);
    }

    @Test
    void oneLineWithPaddedTimeLevelAndAbbreviatedLogger() {
        String line = layout(event(LocalDateTime.of(2026, 12, 4, 7, 5, 9, 42_000_000), Level.WARN,
                "dev.minilake.catalog.CatalogsService", "catalog {} is gone", null, "main"));
        assertThat(line).isEqualTo("07:05:09.042 WARN  d.m.c.CatalogsService - catalog main is gone" + System.lineSeparator());
    }

    @Test
    void shortNamesStayAndThreeDigitMillisAreKept() {
        String line = layout(event(LocalDateTime.of(2026, 1, 1, 23, 59, 59, 999_000_000), Level.INFO,
                "minilake.requests", "GET /x 200", null));
        assertThat(line).startsWith("23:59:59.999 INFO  minilake.requests - GET /x 200");
    }

    @Test
    void theStackTraceFollowsTheLine() {
        String text = layout(event(LocalDateTime.of(2026, 1, 1, 0, 0, 0, 5_000_000), Level.ERROR,
                "minilake.jobs", "run failed", new IllegalStateException("boom")));
        assertThat(text).startsWith("00:00:00.005 ERROR minilake.jobs - run failed" + System.lineSeparator())
                .contains("java.lang.IllegalStateException: boom")
                .contains("at dev.minilake.core.logging.ConsoleLayoutTest")
                .endsWith(System.lineSeparator()).doesNotEndWith(System.lineSeparator() + System.lineSeparator());
    }
}
