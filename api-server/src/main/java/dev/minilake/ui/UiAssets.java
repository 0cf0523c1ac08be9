package dev.minilake.ui;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The SQL workspace's built files (ui/dist, packed into the jar under static/ui/), read from the
 * class path once on first use and kept as bytes, beside the .gz twin the build wrote. Callers
 * read through {@link #find} on a blocking scheduler; later hits are map lookups.
 */
public final class UiAssets {
    static final String ROOT = "static/ui/";
    /** Only plain relative file names: no "..", no backslashes, no empty segments. */
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*");
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html;charset=UTF-8"), Map.entry("js", "text/javascript;charset=UTF-8"),
            Map.entry("mjs", "text/javascript;charset=UTF-8"), Map.entry("css", "text/css;charset=UTF-8"),
            Map.entry("json", "application/json"), Map.entry("svg", "image/svg+xml"), Map.entry("ttf", "font/ttf"),
            Map.entry("woff2", "font/woff2"), Map.entry("png", "image/png"), Map.entry("ico", "image/x-icon"),
            Map.entry("map", "application/json"), Map.entry("txt", "text/plain;charset=UTF-8"));

    /** One file: its bytes, its precompressed bytes if the build wrote them, and how long it may be cached. */
    public record Asset(String path, byte[] bytes, byte[] gzip, String contentType, boolean immutable) {
    }

    private final ClassLoader loader;
    private final Map<String, Optional<Asset>> cache = new ConcurrentHashMap<>();

    public UiAssets(ClassLoader loader) {
        this.loader = loader;
    }

    /** The asset at a path relative to /ui/ ("" is index.html); blocking on first use. */
    public Optional<Asset> find(String relative) {
        String path = relative.isEmpty() ? "index.html" : relative;
        if (!SAFE.matcher(path).matches() || path.contains("..")) return Optional.empty();
        return cache.computeIfAbsent(path, this::load);
    }

    /** Whether the build put the workspace into this jar at all. */
    public boolean present() {
        return loader.getResource(ROOT + "index.html") != null;
    }

    private Optional<Asset> load(String path) {
        byte[] bytes = read(ROOT + path);
        if (bytes == null) return Optional.empty();
        // Vite names every file under assets/ by its content hash, so those never change
        boolean immutable = path.startsWith("assets/");
        return Optional.of(new Asset(path, bytes, read(ROOT + path + ".gz"), contentType(path), immutable));
    }

    static String contentType(String path) {
        int dot = path.lastIndexOf('.');
        String ext = dot < 0 ? "" : path.substring(dot + 1).toLowerCase(Locale.ROOT);
        return TYPES.getOrDefault(ext, "application/octet-stream");
    }

    private byte[] read(String resource) {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource + " from the class path", e);
        }
    }
}
