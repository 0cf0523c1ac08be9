package dev.minilake.engines.delta;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where EXTERNAL tables may live: a real local path ({@code /abs} or {@code file:///abs}) under the
 * data dir or one of {@code MINILAKE_STORAGE_ROOTS}. Symbolic links are resolved before the check,
 * so neither {@code ..} nor a link can escape a root. Anything else is a 400.
 */
public final class StorageLocations {
    private final List<Path> roots;

    public StorageLocations(Settings settings, DataDir dataDir) {
        List<Path> r = new ArrayList<>();
        r.add(real(dataDir.root()));
        for (Path p : settings.storageRoots()) r.add(real(p));
        this.roots = List.copyOf(r);
    }

    public List<Path> roots() {
        return roots;
    }

    /** The directory a location string names, confined to the allowed roots. */
    public Path resolve(String location) {
        if (location == null || location.isBlank()) throw ApiException.missingField("storage_location");
        String s = location.trim();
        Path p;
        if (s.toLowerCase(Locale.ROOT).startsWith("file:")) {
            try {
                URI uri = new URI(s.replace(" ", "%20"));
                if (uri.getAuthority() != null && !uri.getAuthority().isEmpty() && !uri.getAuthority().equals("localhost")) {
                    throw ApiException.invalid("storage_location '" + location + "' names a remote host; only local paths are supported.");
                }
                p = Path.of(uri.getPath());
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw ApiException.invalid("storage_location '" + location + "' is not a valid file URI.");
            }
        } else if (s.startsWith("/")) {
            p = Path.of(s);
        } else if (s.matches("^[a-zA-Z][a-zA-Z0-9+.-]*://.*")) {
            throw ApiException.invalid("storage_location '" + location + "' uses a scheme MiniLake does not serve; use a local path (/abs or file:///abs).");
        } else {
            throw ApiException.invalid("storage_location '" + location + "' must be an absolute path (/abs or file:///abs).");
        }
        Path resolved = real(p.normalize());
        for (Path root : roots) {
            if (resolved.startsWith(root) && !resolved.equals(root)) return resolved;
        }
        throw ApiException.invalid("storage_location '" + location + "' is outside the allowed storage roots " + roots
                + " (set MINILAKE_STORAGE_ROOTS to allow more).");
    }

    /** The path with every existing prefix resolved to its real location (links followed). */
    private static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) existing = existing.getParent();
        if (existing == null) return abs;
        try {
            return existing.toRealPath().resolve(existing.relativize(abs)).normalize();
        } catch (IOException e) {
            return abs;
        }
    }
}
