package dev.minilake.core.mcp;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes one MCP tool argument, a component of the tool's argument record: the text an agent
 * reads in the input schema, and whether the argument must be given.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Arg {
    String value();

    boolean required() default true;
}
