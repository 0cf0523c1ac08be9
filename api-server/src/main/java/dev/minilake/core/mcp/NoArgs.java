package dev.minilake.core.mcp;

/** The argument record of a tool that takes none. */
public record NoArgs() {
}
