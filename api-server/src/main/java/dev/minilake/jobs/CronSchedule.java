package dev.minilake.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.error.ApiException;
import org.quartz.CronExpression;

import java.text.ParseException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Date;
import java.util.TimeZone;

/** A job's schedule: a Quartz cron expression (the syntax Databricks uses) in a time zone. */
record CronSchedule(String expression, ZoneId zone, boolean paused) {

    static CronSchedule parse(JsonNode schedule) {
        String expr = schedule.path("quartz_cron_expression").asText("");
        if (expr.isBlank()) throw ApiException.missingField("schedule.quartz_cron_expression");
        String tz = schedule.path("timezone_id").asText("UTC");
        ZoneId zone;
        try {
            zone = ZoneId.of(tz);
        } catch (DateTimeException e) {
            throw ApiException.invalid("Invalid timezone_id '" + tz + "'");
        }
        try {
            new CronExpression(expr);
        } catch (ParseException e) {
            throw ApiException.invalid("Invalid quartz_cron_expression '" + expr + "': " + e.getMessage());
        }
        String pause = schedule.path("pause_status").asText("UNPAUSED");
        if (!pause.equals("PAUSED") && !pause.equals("UNPAUSED")) {
            throw ApiException.invalid("pause_status must be PAUSED or UNPAUSED, got " + pause);
        }
        return new CronSchedule(expr, zone, pause.equals("PAUSED"));
    }

    /** The first fire time strictly after {@code t}, or null if the expression never fires again. */
    Instant nextAfter(Instant t) {
        try {
            CronExpression c = new CronExpression(expression);
            c.setTimeZone(TimeZone.getTimeZone(zone));
            Date next = c.getNextValidTimeAfter(Date.from(t));
            return next == null ? null : next.toInstant();
        } catch (ParseException e) {
            throw new IllegalStateException(e);
        }
    }
}
