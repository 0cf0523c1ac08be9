package dev.minilake.spark.sandbox;

import java.io.File;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The directories a sandboxed statement's files may be in: the api-server's lake (engines/Lake:
 * catalog files, MANAGED tables and volumes, the external area and storage roots), passed to the
 * warm Spark as {@code --lake-roots}. A path counts as inside only when its real location (links
 * followed) is, and only local paths count: there is no other storage here.
 */
public final class LakeRoots {
    private final List<Path> roots;

    public LakeRoots(List<Path> roots) {
        List<Path> real = new ArrayList<>();
        for (Path r : roots) real.add(realPath(r));
        this.roots = List.copyOf(real);
    }

    /** {@code --lake-roots} as the api-server joins them (the platform's path separator). */
    public static LakeRoots parse(String joined) {
        List<Path> out = new ArrayList<>();
        if (joined != null) {
            for (String p : joined.split(File.pathSeparator)) if (!p.isBlank()) out.add(Path.of(p));
        }
        return new LakeRoots(out);
    }

    public List<Path> roots() {
        return roots;
    }

    /** Whether {@code location} (a path or a file: URI, as Spark plans carry them) is inside a root. */
    public boolean contains(String location) {
        Path p = local(location);
        if (p == null) return false;
        Path real = realPath(p);
        for (Path root : roots) if (real.startsWith(root)) return true;
        return false;
    }

    /** The local path of a location, or null when it is relative or on another file system. */
    private static Path local(String location) {
        String s = location.trim();
        if (s.startsWith("/")) return Path.of(s);
        try {
            URI u = URI.create(s.replace(" ", "%20"));
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            if (scheme.equals("file") && u.getPath() != null && u.getPath().startsWith("/")) return Path.of(u.getPath());
        } catch (IllegalArgumentException notAUri) {
            return null;
        }
        return null;
    }

    /** The path with every existing prefix resolved to its real location, so no link leads out of a root. */
    static Path realPath(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) existing = existing.getParent();
        if (existing == null) return abs;
        try {
            return existing.toRealPath().resolve(existing.relativize(abs)).normalize();
        } catch (java.io.IOException e) {
            return abs;
        }
    }
}
