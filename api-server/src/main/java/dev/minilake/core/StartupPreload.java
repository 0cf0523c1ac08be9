package dev.minilake.core;

import dev.minilake.core.json.Json;

import java.util.Map;

/**
 * Work that start-up needs anyway, done on a second thread while the main thread builds the
 * context: the main thread then finds the classes loaded and initialised (class initialisation is
 * thread-safe, so whichever thread comes second just waits).
 * <ul>
 * <li>DuckDB and SQLite unpack their native libraries (DuckDB's is 57 MB) and load them the first
 * time their driver class initialises;</li>
 * <li>Jackson's first ObjectMapper loads and initialises some 500 classes;</li>
 * <li>Netty's epoll transport loads its native library, and Reactor Netty's server
 * configuration some 1000 classes.</li>
 * </ul>
 * A failure here is ignored: the engines report their own failure when they are really used.
 */
public final class StartupPreload {
    private StartupPreload() {
    }

    public static void inBackground() {
        Thread t = new Thread(() -> {
            ClassLoader loader = StartupPreload.class.getClassLoader();
            run(() -> Class.forName("org.duckdb.DuckDBNative", true, loader));
            run(() -> Json.newMapper().writeValueAsBytes(Map.of("ready", true)));
            // Reactor Netty's server side: the epoll transport (a native library too) and the
            // configuration classes, without binding anything or starting an event loop
            run(io.netty.channel.epoll.Epoll::isAvailable);
            run(() -> io.netty.buffer.PooledByteBufAllocator.DEFAULT);
            run(() -> reactor.netty.http.server.HttpServer.create().port(0));
            run(() -> reactor.core.publisher.Mono.just(1).map(i -> i + 1).block());
            run(org.sqlite.SQLiteJDBCLoader::initialize);
        }, "minilake-preload");
        t.setDaemon(true);
        t.start();
    }

    private interface Step {
        Object run() throws Exception;
    }

    private static void run(Step step) {
        try {
            step.run();
        } catch (Throwable ignored) {
            // see the class comment
        }
    }
}
