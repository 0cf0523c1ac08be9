package dev.minilake.fs;

import dev.minilake.catalog.VolumesService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.DataDir;
import dev.minilake.dbfs.DbfsService;
import dev.minilake.files.ConfinedPath;
import dev.minilake.files.FileTrees;
import org.springframework.stereotype.Service;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The Files API (/api/2.0/fs): files and directories under a UC volume's real directory
 * ("/Volumes/cat/schema/vol/...") or under DBFS ("/dbfs/..." or "dbfs:/..."). Every path is confined
 * to its root with {@link ConfinedPath}. Uploads arrive in temp files and are moved into place;
 * multipart upload sessions keep their parts on disk and concatenate them on complete.
 */
@Service
public class FsService {
    public static final int DEFAULT_PAGE_SIZE = 1000;

    private final VolumesService volumes;
    private final DbfsService dbfs;
    private final DataDir dataDir;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();

    /** A multipart upload in progress: where it goes, and a directory holding its parts. */
    record Session(String token, String apiPath, Path target, boolean overwrite, Path partsDir) {
    }

    public record Metadata(long contentLength, long lastModifiedMillis) {
    }

    public record DirectoryEntry(String path, Boolean is_directory, Long file_size, Long last_modified, String name) {
    }

    public record ListDirectoryResponse(List<DirectoryEntry> contents, String next_page_token) {
    }

    public FsService(VolumesService volumes, DbfsService dbfs, DataDir dataDir) {
        this.volumes = volumes;
        this.dbfs = dbfs;
        this.dataDir = dataDir;
    }

    public Path tempDir() {
        return dataDir.area("fs.tmp");
    }

    /**
     * The local file behind a Files API path, still percent-encoded as it came in the URL. Traversal
     * segments (also encoded) are refused with 400; a symlink out of the root gives 400 too.
     */
    public Path resolveRaw(String rawPath) {
        if (rawPath == null || rawPath.isEmpty() || rawPath.equals("/")) throw ApiException.invalid("A path is required");
        List<String> segs = decodedSegments(rawPath.startsWith("/") ? rawPath : "/" + rawPath);
        if (segs.isEmpty()) throw ApiException.invalid("A path is required");
        for (String s : segs) {
            if (s.equals("..") || s.equals(".") || s.contains("\\") || s.indexOf('\0') >= 0) {
                throw ApiException.invalid("Path must not contain '.' or '..' segments: '" + rawPath + "'");
            }
        }
        String first = segs.get(0);
        if (first.equals("Volumes")) {
            if (segs.size() < 4) {
                throw ApiException.invalid("A volume path is /Volumes/<catalog>/<schema>/<volume>/...: '" + display(segs) + "'");
            }
            Path root = volumes.resolveVolumeRoot(segs.get(1), segs.get(2), segs.get(3));
            return new ConfinedPath(root).resolve(rest(segs, 4));
        }
        if (first.equals("dbfs") || first.equals("dbfs:")) {
            return dbfs.resolveDbfsPath(rest(segs, 1));
        }
        throw ApiException.invalid("The Files API serves /Volumes/<catalog>/<schema>/<volume>/... and /dbfs/... paths, not '"
                + display(segs) + "'");
    }

    private static String rest(List<String> segs, int from) {
        return "/" + String.join("/", segs.subList(from, segs.size()));
    }

    private static String display(List<String> segs) {
        return "/" + String.join("/", segs);
    }

    private static String decode(String seg) {
        try {
            return URLDecoder.decode(seg.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return seg;
        }
    }

    // ---- files ----

    /** Moves an uploaded temp file into place; parent directories are created as Databricks does. */
    public void putFile(String rawPath, Path uploaded, boolean overwrite) throws IOException {
        Path target = resolveRaw(rawPath);
        prepareTarget(rawPath, target, overwrite);
        FileTrees.moveIntoPlace(uploaded, target);
    }

    private void prepareTarget(String rawPath, Path target, boolean overwrite) throws IOException {
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new ApiException(ErrorCode.RESOURCE_ALREADY_EXISTS, "A directory already exists at '" + rawPath + "'");
        }
        if (!overwrite && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new ApiException(ErrorCode.ALREADY_EXISTS, "The file being created already exists: '" + rawPath + "'");
        }
        Path parent = target.getParent();
        for (Path p = parent; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new ApiException(ErrorCode.RESOURCE_ALREADY_EXISTS, "A parent of '" + rawPath + "' is a file");
            }
        }
        Files.createDirectories(parent);
    }

    /** An existing regular file, or 404. */
    public Path existingFile(String rawPath) {
        Path p = resolveRaw(rawPath);
        if (!Files.isRegularFile(p)) throw new ApiException(ErrorCode.NOT_FOUND, "The file '" + decodedPath(rawPath) + "' does not exist");
        return p;
    }

    public Metadata metadata(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return new Metadata(a.size(), a.lastModifiedTime().toMillis());
    }

    public void deleteFile(String rawPath) throws IOException {
        Path p = resolveRaw(rawPath);
        if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(p)) {
            throw new ApiException(ErrorCode.NOT_FOUND, "The file '" + decodedPath(rawPath) + "' does not exist");
        }
        Files.delete(p);
    }

    // ---- directories ----

    public void createDirectory(String rawPath) throws IOException {
        Path p = resolveRaw(rawPath);
        for (Path cur = p; cur != null; cur = cur.getParent()) {
            if (Files.isRegularFile(cur, LinkOption.NOFOLLOW_LINKS)) {
                throw new ApiException(ErrorCode.RESOURCE_ALREADY_EXISTS, "A file exists at '" + decodedPath(rawPath) + "' or one of its parents");
            }
        }
        Files.createDirectories(p);
    }

    public Path existingDirectory(String rawPath) {
        Path p = resolveRaw(rawPath);
        if (!Files.isDirectory(p)) throw new ApiException(ErrorCode.NOT_FOUND, "The directory '" + decodedPath(rawPath) + "' does not exist");
        return p;
    }

    /** Deletes an empty directory; a non-empty one is refused as Databricks does (400 DIRECTORY_NOT_EMPTY). */
    public void deleteDirectory(String rawPath) throws IOException {
        Path p = existingDirectory(rawPath);
        if (!FileTrees.isEmptyDirectory(p)) {
            throw new ApiException(ErrorCode.DIRECTORY_NOT_EMPTY, "The directory '" + decodedPath(rawPath) + "' is not empty");
        }
        if (isRoot(rawPath)) throw ApiException.invalid("The root of a volume or of DBFS cannot be deleted");
        Files.delete(p);
    }

    private static boolean isRoot(String rawPath) {
        List<String> segs = ConfinedPath.segments(rawPath);
        return segs.size() <= 1 || (segs.get(0).equals("Volumes") && segs.size() <= 4);
    }

    /** Lists a directory sorted by name; the page token is the base64url name to continue after. */
    public ListDirectoryResponse list(String rawPath, Long pageSize, String pageToken) throws IOException {
        Path dir = existingDirectory(rawPath);
        int size = pageSize == null || pageSize <= 0 ? DEFAULT_PAGE_SIZE : (int) Math.min(pageSize, DEFAULT_PAGE_SIZE);
        String after = null;
        if (pageToken != null && !pageToken.isEmpty()) {
            try {
                after = new String(Base64.getUrlDecoder().decode(pageToken), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                throw ApiException.invalid("Invalid page_token");
            }
        }
        TreeMap<String, Path> byName = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(p -> byName.put(p.getFileName().toString(), p));
        }
        var view = after == null ? byName : byName.tailMap(after, false);
        String base = decodedPath(rawPath).replaceAll("/+$", "");
        List<DirectoryEntry> out = new ArrayList<>();
        String next = null;
        for (var e : view.entrySet()) {
            if (out.size() == size) {
                next = Base64.getUrlEncoder().withoutPadding().encodeToString(out.get(out.size() - 1).name().getBytes(StandardCharsets.UTF_8));
                break;
            }
            BasicFileAttributes a;
            try {
                a = Files.readAttributes(e.getValue(), BasicFileAttributes.class);
            } catch (java.nio.file.FileSystemException gone) {
                continue; // vanished or a dangling link
            }
            if (!ConfinedTo.stays(e.getValue())) continue;
            boolean isDir = a.isDirectory();
            out.add(new DirectoryEntry(base + "/" + e.getKey() + (isDir ? "/" : ""), isDir,
                    isDir ? null : a.size(), a.lastModifiedTime().toMillis(), e.getKey()));
        }
        return new ListDirectoryResponse(out, next);
    }

    /** The user-visible (decoded, canonical) form of a raw path. */
    public static String decodedPath(String rawPath) {
        return "/" + String.join("/", decodedSegments(rawPath));
    }

    /**
     * Percent-decodes each segment and splits again on "/": the CLI (v1.9.0) sends a whole volume
     * path as one segment ("Volumes%2Fc%2Fs%2Fv%2Ff"), and Databricks treats the encoded slash as
     * a separator. Traversal is checked on the result, so "..%2F.." is still refused.
     */
    private static List<String> decodedSegments(String rawPath) {
        if (rawPath.indexOf('\0') >= 0) throw ApiException.invalid("Path must not contain NUL characters");
        List<String> segs = new ArrayList<>();
        for (String raw : rawPath.split("/")) {
            for (String s : decode(raw).split("/")) {
                if (!s.isEmpty()) segs.add(s);
            }
        }
        return segs;
    }

    // ---- multipart uploads (the SDKs' presigned-URL flow, served by MiniLake itself) ----

    public String initiateUpload(String rawPath, boolean overwrite) throws IOException {
        Path target = resolveRaw(rawPath);
        if (!overwrite && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new ApiException(ErrorCode.ALREADY_EXISTS, "The file being created already exists: '" + decodedPath(rawPath) + "'");
        }
        byte[] b = new byte[24];
        random.nextBytes(b);
        String token = HexFormat.of().formatHex(b);
        Path parts = tempDir().resolve("session-" + token);
        Files.createDirectories(parts);
        sessions.put(token, new Session(token, decodedPath(rawPath), target, overwrite, parts));
        return token;
    }

    Session session(String token) {
        Session s = token == null ? null : sessions.get(token);
        if (s == null) throw ApiException.invalid("Unknown or finished upload session");
        return s;
    }

    /** Where part {@code n} of an upload session goes. */
    public Path partFile(String token, long n) {
        if (n < 1 || n > 10_000) throw ApiException.invalid("part_number must be between 1 and 10000");
        return session(token).partsDir().resolve(String.format("%05d", n));
    }

    /** The ETag of a stored part: its size and modification time, hex. */
    public static String etag(Path part) throws IOException {
        return "\"" + Long.toHexString(Files.size(part)) + "-" + Long.toHexString(Files.getLastModifiedTime(part).toMillis()) + "\"";
    }

    /** Concatenates the listed parts in order into the target and ends the session. */
    public void completeUpload(String rawPath, String token, List<Integer> partNumbers) throws IOException {
        Session s = session(token);
        Path target = resolveRaw(rawPath);
        if (!target.equals(s.target())) throw ApiException.invalid("The upload session belongs to another path");
        prepareTarget(rawPath, target, s.overwrite());
        Path tmp = Files.createTempFile(tempDir(), "complete-", ".part");
        try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            for (int n : partNumbers) {
                Path part = partFile(token, n);
                if (!Files.isRegularFile(part)) throw ApiException.invalid("Part " + n + " was never uploaded");
                try (FileChannel in = FileChannel.open(part, StandardOpenOption.READ)) {
                    long size = in.size();
                    for (long pos = 0; pos < size; ) pos += in.transferTo(pos, size - pos, out);
                }
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        FileTrees.moveIntoPlace(tmp, target);
        abortUpload(token);
    }

    public void abortUpload(String token) throws IOException {
        Session s = sessions.remove(token);
        if (s != null) FileTrees.deleteRecursively(s.partsDir());
    }

    public void reset() throws IOException {
        sessions.clear();
        DataDir.emptyDirectory(tempDir());
    }

    /** Symlink check for listings: an entry whose real path leaves its directory's root is hidden. */
    private static final class ConfinedTo {
        static boolean stays(Path p) {
            if (!Files.isSymbolicLink(p)) return true;
            try {
                Path real = p.toRealPath();
                return real.startsWith(p.getParent().toRealPath());
            } catch (IOException e) {
                return false;
            }
        }
    }
}
