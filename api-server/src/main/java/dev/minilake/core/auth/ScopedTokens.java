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
 */
public final class ScopedTokens {
    /** The server's own credentials, which an inherited environment would otherwise hand to children. */
    private static final String[] SERVER_CREDENTIALS = {"MINILAKE_TOKEN", "DATABRICKS_TOKEN"};

    private final SecureRandom random = new SecureRandom();
    private final Map<String, String> live = new ConcurrentHashMap<>();

    /** A new token for {@code scope} (e.g. "job run 12 task ingest"), valid until the returned handle is closed. */
    public Token issue(String scope) {
        byte[] b = new byte[24];
        random.nextBytes(b);
        String value = "dmlk" + HexFormat.of().formatHex(b);
        live.put(value, scope);
        return new Token(value, this);
    }

    public boolean isValid(String token) {
        return token != null && live.containsKey(token);
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
