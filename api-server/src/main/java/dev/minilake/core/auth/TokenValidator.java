package dev.minilake.core.auth;

/** Answers whether a bearer token is one MiniLake issued (implemented by the Tokens group). */
public interface TokenValidator {
    boolean isValid(String token);
}
