package dev.minilake.core.redact;

import org.springframework.stereotype.Component;

/**
 * Every secret value this server has handed to a job run since it started, server-wide. Logs that
 * no single run owns (the warm Spark's, which every run's Spark Connect session writes into) are
 * redacted against it. A value is added before any run receives it; it stays for the life of the
 * process (a reset does not make a value that was handed out any less secret), and never on disk.
 */
@Component
public class ResolvedSecrets {
    private final RunSecrets values = new RunSecrets();

    public void add(byte[] value) {
        values.add(value);
    }

    public String redact(String text) {
        return values.redact(text);
    }
}
