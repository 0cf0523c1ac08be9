package dev.minilake.junit;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs the server for {@link MiniLake}: one per distinct settings for the whole test run (kept in
 * the root context's store, so JUnit closes it at the end), reset before each test, and injected
 * into parameters.
 */
public final class MiniLakeExtension implements BeforeAllCallback, BeforeEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(MiniLakeExtension.class);
    private static final String SDK_CLIENT = "com.databricks.sdk.WorkspaceClient";

    @Override
    public void beforeAll(ExtensionContext context) {
        server(context);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        if (annotation(context).resetBetweenTests()) server(context).reset();
    }

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext context) {
        Class<?> type = p.getParameter().getType();
        return type == MiniLakeServer.class || type == URI.class || type.getName().equals(SDK_CLIENT);
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext context) {
        Class<?> type = p.getParameter().getType();
        MiniLakeServer server = server(context);
        if (type == MiniLakeServer.class) return server;
        if (type == URI.class) return server.url();
        return server.workspaceClient();
    }

    private static MiniLake annotation(ExtensionContext context) {
        return context.getRequiredTestClass().getAnnotation(MiniLake.class) != null
                ? context.getRequiredTestClass().getAnnotation(MiniLake.class)
                : context.getParent().map(MiniLakeExtension::annotation)
                .orElseThrow(() -> new ParameterResolutionException("@MiniLake is missing on " + context.getRequiredTestClass()));
    }

    private static MiniLakeServer server(ExtensionContext context) {
        Map<String, String> env = new TreeMap<>();
        for (String pair : annotation(context).env()) {
            int eq = pair.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("@MiniLake(env) entries are NAME=VALUE, got '" + pair + "'");
            env.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        Holder holder = store.getOrComputeIfAbsent("server" + env, key -> new Holder(start(env)), Holder.class);
        return holder.server;
    }

    private static MiniLakeServer start(Map<String, String> env) {
        try {
            String url = System.getenv("MINILAKE_URL");
            if (url != null && !url.isBlank() && env.isEmpty()) return MiniLakeServer.at(URI.create(url));
            String jar = System.getProperty("minilake.jar", System.getenv().getOrDefault("MINILAKE_JAR", "api-server/target/minilake.jar"));
            return MiniLakeServer.start(Path.of(jar).toAbsolutePath(), env);
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            throw new IllegalStateException("MiniLake did not start: " + e.getMessage(), e);
        }
    }

    /** Closes the server when JUnit closes the root store, at the end of the run. */
    private record Holder(MiniLakeServer server) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            server.close();
        }
    }
}
