package dev.minilake.engines;

/**
 * DuckDB and SQLite unpack their native libraries (DuckDB's is ~60 MB) to a temp file and load it
 * the first time their driver class initialises. Doing that on a background thread while Spring
 * builds the context takes ~0.3 s off start-to-ready; the drivers then find the library loaded.
 * Class initialisation is thread-safe, so a driver used before the preload ends simply waits.
 */
public final class NativeLibraries {
    private NativeLibraries() {
    }

    public static void preloadInBackground() {
        Thread t = new Thread(() -> {
            try {
                Class.forName("org.duckdb.DuckDBNative", true, NativeLibraries.class.getClassLoader());
                org.sqlite.SQLiteJDBCLoader.initialize();
            } catch (Throwable ignored) {
                // the engines report their own failure when they are really used
            }
        }, "minilake-native-preload");
        t.setDaemon(true);
        t.start();
    }
}
