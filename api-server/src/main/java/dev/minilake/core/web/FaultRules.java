package dev.minilake.core.web;

import dev.minilake.core.error.ErrorCode;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fault-injection rules for clients' retry logic, as the Databricks CLI's test server has them: a
 * request whose method and path match a rule gets the rule's error instead of its answer, for the
 * rule's count of times (or always). Kept in memory: they are test scaffolding, and reset clears them.
 * The control plane ({@code /_minilake/...}) is never faulted, so a test can always remove a rule.
 */
public final class FaultRules {
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final AtomicLong ids = new AtomicLong();

    /** One rule: what it matches, what it answers, and how often it still will. */
    public static final class Rule {
        final long id;
        final String method;
        final PathPattern path;
        final ErrorCode code;
        final int status;
        final String message;
        final Integer retryAfterSeconds;
        final long delayMillis;
        /** Remaining answers; negative = unlimited. */
        final AtomicInteger remaining;
        final AtomicInteger fired = new AtomicInteger();

        Rule(long id, String method, PathPattern path, ErrorCode code, int status, String message, Integer retryAfterSeconds,
             long delayMillis, int count) {
            this.id = id;
            this.method = method;
            this.path = path;
            this.code = code;
            this.status = status;
            this.message = message;
            this.retryAfterSeconds = retryAfterSeconds;
            this.delayMillis = delayMillis;
            this.remaining = new AtomicInteger(count);
        }

        public long id() {
            return id;
        }

        public String method() {
            return method;
        }

        public String path() {
            return path.getPatternString();
        }

        public ErrorCode code() {
            return code;
        }

        public int status() {
            return status;
        }

        public String message() {
            return message;
        }

        public Integer retryAfterSeconds() {
            return retryAfterSeconds;
        }

        public long delayMillis() {
            return delayMillis;
        }

        /** Answers still to give; null when unlimited. */
        public Integer remaining() {
            int r = remaining.get();
            return r < 0 ? null : r;
        }

        public int fired() {
            return fired.get();
        }

        /** Takes one answer from the rule if it matches; thread-safe, so a count of n fires exactly n times. */
        boolean take(String requestMethod, PathContainer requestPath) {
            if (!method.equals("*") && !method.equalsIgnoreCase(requestMethod)) return false;
            if (!path.matches(requestPath)) return false;
            while (true) {
                int r = remaining.get();
                if (r == 0) return false;
                if (r < 0 || remaining.compareAndSet(r, r - 1)) {
                    fired.incrementAndGet();
                    return true;
                }
            }
        }
    }

    /**
     * Adds a rule. {@code path} is a Spring path pattern ({@code /api/2.1/unity-catalog/**});
     * {@code count} null or negative means every matching request.
     */
    public Rule add(String method, String path, ErrorCode code, String message, Integer retryAfterSeconds, long delayMillis, Integer count) {
        PathPattern pattern = PathPatternParser.defaultInstance.parse(path);
        Rule rule = new Rule(ids.incrementAndGet(), method == null || method.isBlank() ? "*" : method.toUpperCase(java.util.Locale.ROOT),
                pattern, code, code.httpStatus(), message, retryAfterSeconds, delayMillis, count == null ? -1 : count);
        rules.add(rule);
        return rule;
    }

    public List<Rule> list() {
        return new ArrayList<>(rules);
    }

    public boolean remove(long id) {
        return rules.removeIf(r -> r.id == id);
    }

    public void clear() {
        rules.clear();
    }

    /** The first rule that fires for this request, if any (used up rules stay listed, with 0 remaining). */
    public Optional<Rule> match(String method, String path) {
        if (rules.isEmpty() || path.startsWith("/_minilake/")) return Optional.empty();
        PathContainer p = PathContainer.parsePath(path);
        for (Rule r : rules) if (r.take(method, p)) return Optional.of(r);
        return Optional.empty();
    }
}
