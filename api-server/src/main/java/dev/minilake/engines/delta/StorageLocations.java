package dev.minilake.engines.delta;

import dev.minilake.core.error.ApiException;
import dev.minilake.engines.Lake;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Where EXTERNAL tables, volumes and locations may live: a real local path ({@code /abs} or
 * {@code file:///abs}) under one of the lake's external roots (the data dir's {@code external/} area
 * and {@code MINILAKE_STORAGE_ROOTS}). Symbolic links are resolved before the check, so neither
 * {@code ..} nor a link can escape a root. Anything else is a 400.
 */
public final class StorageLocations {
    private final List<Path> roots;

    public StorageLocations(Lake lake) {
        this.roots = lake.externalRoots();
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
            try {
                p = Path.of(s);
            } catch (java.nio.file.InvalidPathException e) {
                throw ApiException.invalid("storage_location '" + location + "' is not a valid path.");
            }
        } else if (s.matches("^[a-zA-Z][a-zA-Z0-9+.-]*://.*")) {
            throw ApiException.invalid("storage_location '" + location + "' uses a scheme MiniLake does not serve; use a local path (/abs or file:///abs).");
        } else {
            throw ApiException.invalid("storage_location '" + location + "' must be an absolute path (/abs or file:///abs).");
        }
        Path resolved = Lake.realPath(p.normalize());
        for (Path root : roots) {
            if (resolved.startsWith(root) && !resolved.equals(root)) return resolved;
        }
        // the roots are not named: the data dir's path is the server's business
        throw ApiException.invalid("storage_location '" + location + "' is outside the allowed storage roots (the data dir's "
                + Lake.EXTERNAL_AREA + "/ area and MINILAKE_STORAGE_ROOTS; set MINILAKE_STORAGE_ROOTS to allow more).");
    }
}
