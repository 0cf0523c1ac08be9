package dev.minilake.core.auth;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Short-lived tokens for code MiniLake runs itself (job tasks, command contexts, the warm Spark),
 * as Databricks gives a job run its own identity: the admin token never enters a child process.
 * A token is valid from {@link #issue} until it is closed (the task or context ended), and only in
 * this server's memory, so a restart revokes them all. Strict auth accepts them like any token.
 * A token is confined ({@link #issue}: job tasks, command contexts, the warm Spark), so that
 * {@link ScopedTokenPolicy} keeps it away from admin routes, or an operator token
 * ({@link #issueOperator}: MiniLake's own init hooks and JupyterLab, which act for the developer).
 */
public final class ScopedTokens {
    /** The server's own credentials, which an inherited environment would otherwise hand to children. */
    private static final String[] SERVER_CREDENTIALS = {"MINILAKE_TOKEN", "DATABRICKS_TOKEN"};

    private final SecureRandom random = new SecureRandom();
    private final Map<String, Boolean> live = new ConcurrentHashMap<>(); // value -> confined

    /** A new confined token (e.g. for "job run 12 task ingest"), valid until the returned handle is closed. */
    public Token issue(String scope) {
        return issue(true);
    }

    /** A new unconfined token for MiniLake's own tooling that acts for the developer; never the admin token. */
    public Token issueOperator(String scope) {
        return issue(false);
    }

    private Token issue(boolean confined) {
        byte[] b = new byte[24];
        random.nextBytes(b);
        String value = "dmlk" + HexFormat.of().formatHex(b);
        live.put(value, confined);
        return new Token(value, this);
    }

    public boolean isValid(String token) {
        return token != null && live.containsKey(token);
    }

    /** Whether {@code token} is a live confined token (an operator token, or any other token, is not). */
    public boolean isConfined(String token) {
        return token != null && Boolean.TRUE.equals(live.get(token));
    }

    /** Removes the server's credentials from a child process's inherited environment. */
    public static void removeServerCredentials(Map<String, String> environment) {
        for (String name : SERVER_CREDENTIALS) environment.remove(name);
    }

    /** One issued token; closing it revokes it. */
    public record Token(String value, ScopedTokens owner) implements AutoCloseable {
        @Override
        public void close() {
            owner.live.remove(value);
        }

        @Override
        public String toString() {
            return "Token[scoped]"; // never the value, in case it lands in a log
        }
    }
}
