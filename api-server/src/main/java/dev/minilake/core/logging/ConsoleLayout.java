package dev.minilake.core.logging;

import ch.qos.logback.classic.pattern.TargetLengthBasedClassNameAbbreviator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;

import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;

/**
 * One console line per event: {@code HH:mm:ss.SSS LEVEL logger - message}, then the stack trace
 * if any. Written out rather than as a logback pattern, because PatternLayout's converter table
 * alone costs ~70 ms of every start-up.
 */
final class ConsoleLayout extends LayoutBase<ILoggingEvent> {
    private final TargetLengthBasedClassNameAbbreviator abbreviator = new TargetLengthBasedClassNameAbbreviator(20);
    private final ZoneId zone = ZoneId.systemDefault();

    @Override
    public String doLayout(ILoggingEvent event) {
        StringBuilder line = new StringBuilder(128);
        LocalTime t = LocalTime.ofInstant(Instant.ofEpochMilli(event.getTimeStamp()), zone);
        two(line, t.getHour()).append(':');
        two(line, t.getMinute()).append(':');
        two(line, t.getSecond()).append('.');
        int millis = t.getNano() / 1_000_000;
        if (millis < 100) line.append('0');
        two(line, millis).append(' ');
        String level = event.getLevel().toString();
        line.append(level).append(" ".repeat(Math.max(0, 5 - level.length()))).append(' ');
        line.append(abbreviator.abbreviate(event.getLoggerName())).append(" - ").append(event.getFormattedMessage());
        line.append(CoreConstants.LINE_SEPARATOR);
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) line.append(ThrowableProxyUtil.asString(thrown)); // ends with a line separator
        return line.toString();
    }

    private static StringBuilder two(StringBuilder b, int v) {
        if (v < 10) b.append('0');
        return b.append(v);
    }
}
