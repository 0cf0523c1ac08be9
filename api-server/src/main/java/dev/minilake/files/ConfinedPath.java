package dev.minilake.files;

import dev.minilake.core.error.ApiException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A root directory that user paths can never leave. A user path is a '/'-separated list of
 * segments always taken relative to the root, so an absolute path cannot replace the root; a
 * ".." or "." segment (also percent-encoded, e.g. %2e%2e) is refused rather than normalised away,
 * and the real path of the nearest existing ancestor must stay under the root's real path, so a
 * symlink cannot lead outside either. Shared by workspace, DBFS and (later) volume files.
 */
public final class ConfinedPath {
    /** The longest name one path segment may have (Linux's NAME_MAX, in UTF-8 bytes). */
    static final int MAX_NAME_BYTES = 255;
    /** The longest user path taken (Linux's PATH_MAX). */
    static final int MAX_PATH_CHARS = 4096;
    private final Path root;

    public ConfinedPath(Path root) {
        try {
            Files.createDirectories(root);
            this.root = root.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open root " + root, e);
        }
    }

    public Path root() {
        return root;
    }

    /**
     * The canonical form of a user path: "/" + segments joined by "/" (empty segments from "//"
     * or a trailing "/" dropped). Refuses traversal segments, NUL bytes and relative paths.
     */
    public static String normalize(String userPath) {
        return "/" + String.join("/", segments(userPath));
    }

    public static List<String> segments(String userPath) {
        if (userPath == null || userPath.isEmpty()) throw ApiException.missingField("path");
        if (!userPath.startsWith("/")) throw ApiException.invalid("Path must be absolute: '" + userPath + "'");
        if (userPath.indexOf('\0') >= 0) throw ApiException.invalid("Path must not contain NUL characters");
        if (userPath.length() > MAX_PATH_CHARS) throw ApiException.invalid("Path is longer than " + MAX_PATH_CHARS + " characters");
        List<String> out = new ArrayList<>();
        for (String seg : userPath.split("/")) {
            if (seg.isEmpty()) continue;
            // file systems refuse longer names; refusing here keeps that a 400, not an I/O failure
            if (seg.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                throw ApiException.invalid("A file or directory name is at most " + MAX_NAME_BYTES + " bytes: '"
                        + seg.substring(0, 40) + "...'");
            }
            String decoded = fullyDecoded(seg);
            if (decoded.equals("..") || decoded.equals(".") || decoded.contains("/") || decoded.indexOf('\0') >= 0) {
                throw ApiException.invalid("Path must not contain '.', '..' or encoded separators: '" + userPath + "'");
            }
            out.add(seg);
        }
        return out;
    }

    /** The file for {@code userPath}, guaranteed to lie under the root (existing or not). */
    public Path resolve(String userPath) {
        Path p = root;
        for (String seg : segments(userPath)) p = p.resolve(seg);
        if (!p.normalize().startsWith(root)) throw escape(userPath);
        checkNearestExistingAncestor(p, userPath);
        return p;
    }

    /** The user path ("/a/b") of a file under the root. */
    public String userPath(Path file) {
        Path rel = root.relativize(file);
        String s = rel.toString().replace(file.getFileSystem().getSeparator(), "/");
        return s.isEmpty() ? "/" : "/" + s;
    }

    private void checkNearestExistingAncestor(Path p, String userPath) {
        for (Path cur = p; cur != null && cur.startsWith(root); cur = cur.getParent()) {
            if (!Files.exists(cur, LinkOption.NOFOLLOW_LINKS)) continue;
            Path real;
            try {
                real = cur.toRealPath();
            } catch (IOException e) {
                // a dangling symlink: writing through it would create a file wherever it points
                throw escape(userPath);
            }
            if (!real.startsWith(root)) throw escape(userPath);
            return;
        }
    }

    /** Decodes percent-escapes until stable, so %2e%2e and %252e%252e are both seen as "..". */
    private static String fullyDecoded(String seg) {
        String cur = seg;
        for (int i = 0; i < 4 && cur.indexOf('%') >= 0; i++) {
            String next;
            try {
                next = URLDecoder.decode(cur.replace("+", "%2B"), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return cur; // not a valid escape: a literal '%' in a name
            }
            if (next.equals(cur)) break;
            cur = next;
        }
        return cur;
    }

    private static ApiException escape(String userPath) {
        return ApiException.invalid("Path '" + userPath + "' leads outside its root and is refused");
    }
}
