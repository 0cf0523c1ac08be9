package dev.minilake.junit;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A real MiniLake for this test class: started once per test run (a child process of the built jar
 * on a free port, or the server at {@code MINILAKE_URL}), reset before each test. Test methods and
 * constructors may take a {@link MiniLakeServer}, a {@code com.databricks.sdk.WorkspaceClient}
 * pointed at it, or its {@link java.net.URI}.
 *
 * <pre>{@code
 * @MiniLake
 * class OrdersTest {
 *     @Test
 *     void createsACatalog(WorkspaceClient w) {
 *         w.catalogs().create(new CreateCatalog().setName("sales"));
 *     }
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(MiniLakeExtension.class)
public @interface MiniLake {
    /** Reset the workspace before each test (the default); false keeps state across the class's tests. */
    boolean resetBetweenTests() default true;

    /**
     * Extra settings for the server, as {@code NAME=VALUE} (for example {@code "MINILAKE_AUTH=strict"}).
     * Classes with the same settings share one server.
     */
    String[] env() default {};
}
