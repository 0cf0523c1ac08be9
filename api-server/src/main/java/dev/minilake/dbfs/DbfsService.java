package dev.minilake.dbfs;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.DataDir;
import dev.minilake.dbfs.DbfsDtos.FileInfo;
import dev.minilake.dbfs.DbfsDtos.ReadResponse;
import dev.minilake.files.ConfinedPath;
import dev.minilake.files.FileTrees;
import jakarta.annotation.PreDestroy;
import org.springframework.stereotype.Service;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;

/**
 * DBFS, named like the SDK's DbfsAPI: real files under the data dir's "dbfs" area. Paths
 * "dbfs:/x" and "/x" are the same file. Writes land in a temp file first and are moved into
 * place, so a reader never sees a half-written file.
 */
@Service
public class DbfsService {
    /** Databricks refuses reads and blocks above 1 MB. */
    public static final int MAX_BLOCK = 1024 * 1024;
    /** A multipart put (not the inline one, which is MAX_BLOCK) takes up to 2 GiB. */
    public static final long MAX_UPLOAD_BYTES = 2L * 1024 * 1024 * 1024;

    private final ConfinedPath root;
    private final Path tempDir;
    private final DbfsHandles handles = new DbfsHandles();

    /**
     * The directories a new workspace's DBFS root holds. Only those MiniLake really has: /Volumes is
     * served by the Files API, not DBFS, and /databricks-datasets is not shipped, so neither is listed.
     */
    static final List<String> WORKSPACE_DIRECTORIES = List.of("/FileStore", "/tmp");

    public DbfsService(DataDir dataDir) throws IOException {
        this.root = new ConfinedPath(dataDir.area("dbfs"));
        this.tempDir = dataDir.area("dbfs.tmp");
        createWorkspaceDirectories();
    }

    private void createWorkspaceDirectories() throws IOException {
        for (String d : WORKSPACE_DIRECTORIES) {
            Path p = root.resolve(d);
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) Files.createDirectories(p);
        }
    }

    /** The local file behind a DBFS path ("dbfs:/a/b" or "/a/b"), confined to the DBFS root. For Files API and jobs. */
    public Path resolveDbfsPath(String path) {
        return root.resolve(stripScheme(path));
    }

    /** The canonical DBFS path ("/a/b") of a user path. */
    public static String canonical(String path) {
        return ConfinedPath.normalize(stripScheme(path));
    }

    public Path tempDir() {
        return tempDir;
    }

    /** Moves a finished upload into place at {@code path}, creating parent directories as DBFS does. */
    public void putFile(String path, Path uploaded, boolean overwrite) throws IOException {
        Path target = resolveDbfsPath(path);
        prepareTarget(path, target, overwrite);
        FileTrees.moveIntoPlace(uploaded, target);
    }

    public void putInline(String path, byte[] contents, boolean overwrite) throws IOException {
        // Databricks: inline contents are at most 1 MB; larger files go through create/add-block/close or multipart
        if (contents.length > MAX_BLOCK) {
            throw new ApiException(ErrorCode.MAX_BLOCK_SIZE_EXCEEDED, "The contents exceed the 1 MB limit of an inline put ("
                    + contents.length + " bytes); use the streaming upload (create, add-block, close) or a multipart put");
        }
        Path tmp = Files.createTempFile(tempDir, "put-", ".part");
        try {
            Files.write(tmp, contents);
            putFile(path, tmp, overwrite);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public long create(String path, boolean overwrite) throws IOException {
        Path target = resolveDbfsPath(path);
        prepareTarget(path, target, overwrite);
        return handles.open(target, Files.createTempFile(tempDir, "handle-", ".part"), overwrite);
    }

    public void addBlock(long handle, byte[] data) throws IOException {
        if (data.length > MAX_BLOCK) {
            throw ApiException.invalid("The block of data exceeds the maximum block size of 1 MB (" + data.length + " bytes)");
        }
        handles.append(handle, data);
    }

    public void close(long handle) throws IOException {
        DbfsHandles.Upload u = handles.close(handle);
        try {
            // checked again: another writer may have created the file since create
            prepareTarget(root.userPath(u.target()), u.target(), u.overwrite());
            FileTrees.moveIntoPlace(u.temp(), u.target());
        } finally {
            Files.deleteIfExists(u.temp());
        }
    }

    public ReadResponse read(String path, Long offset, Long length) throws IOException {
        long off = offset == null ? 0 : offset;
        long len = length == null ? 512 * 1024 : length;
        if (off < 0) throw ApiException.invalid("offset must be non-negative, got " + off);
        if (len < 0) throw ApiException.invalid("length must be non-negative, got " + len);
        if (len > MAX_BLOCK) {
            throw ApiException.invalid("Cannot read more than 1 MB (1048576 bytes) per call; requested " + len);
        }
        Path file = existing(path);
        if (Files.isDirectory(file)) throw ApiException.invalid("Path " + canonical(path) + " is a directory, not a file");
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            if (off >= raf.length()) return new ReadResponse(0, "");
            raf.seek(off);
            byte[] buf = new byte[(int) Math.min(len, raf.length() - off)];
            int n = raf.read(buf);
            byte[] data = n == buf.length ? buf : Arrays.copyOf(buf, Math.max(n, 0));
            return new ReadResponse(data.length, Base64.getEncoder().encodeToString(data));
        }
    }

    public FileInfo getStatus(String path) throws IOException {
        return info(existing(path));
    }

    /** Lists a directory; listing a file returns that file, as Databricks does. */
    public List<FileInfo> list(String path) throws IOException {
        Path p = existing(path);
        if (!Files.isDirectory(p)) return List.of(info(p));
        List<FileInfo> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(p)) {
            for (Path c : s.sorted().toList()) out.add(info(c));
        }
        return out;
    }

    public void mkdirs(String path) throws IOException {
        Path p = resolveDbfsPath(path);
        ensureDirectories(path, p);
    }

    public void move(String source, String destination) throws IOException {
        Path src = existing(source);
        Path dst = resolveDbfsPath(destination);
        if (src.equals(root.root())) throw ApiException.invalid("Cannot move the DBFS root");
        if (Files.exists(dst, LinkOption.NOFOLLOW_LINKS)) throw alreadyExistsAt(destination);
        if (dst.startsWith(src)) throw ApiException.invalid("Cannot move " + canonical(source) + " into itself");
        ensureDirectories(destination, dst.getParent());
        Files.move(src, dst);
    }

    public void delete(String path, boolean recursive) throws IOException {
        Path p = resolveDbfsPath(path);
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) return; // Databricks: deleting a missing path succeeds
        if (p.equals(root.root())) throw ApiException.invalid("Cannot delete the DBFS root");
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) && !recursive && !FileTrees.isEmptyDirectory(p)) {
            throw new ApiException(ErrorCode.DIRECTORY_NOT_EMPTY,
                    "Directory " + canonical(path) + " is not empty; use recursive=true to delete it and its contents");
        }
        FileTrees.deleteRecursively(p);
    }

    /** Forgets open handles and removes all DBFS files. */
    public void reset() throws IOException {
        handles.discardAll();
        DataDir.emptyDirectory(tempDir);
        DataDir.emptyDirectory(root.root());
        createWorkspaceDirectories();
    }

    @PreDestroy
    public void shutdown() {
        handles.discardAll();
    }

    private void prepareTarget(String path, Path target, boolean overwrite) throws IOException {
        if (target.equals(root.root())) throw ApiException.invalid("Cannot write to the DBFS root");
        if (Files.isDirectory(target)) throw alreadyExistsAt(path);
        if (!overwrite && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) throw alreadyExistsAt(path);
        ensureDirectories(path, target.getParent());
    }

    private void ensureDirectories(String path, Path dir) throws IOException {
        for (Path cur = dir; cur != null && cur.startsWith(root.root()); cur = cur.getParent()) {
            if (Files.exists(cur) && !Files.isDirectory(cur)) throw alreadyExistsAt(path);
        }
        Files.createDirectories(dir);
    }

    /** Databricks' code and wording for a write (put, create, mkdirs, move) onto a path that is taken. */
    private static ApiException alreadyExistsAt(String path) {
        return new ApiException(ErrorCode.RESOURCE_ALREADY_EXISTS,
                "A file or directory already exists at the input path dbfs:" + canonical(path));
    }

    private Path existing(String path) {
        Path p = resolveDbfsPath(path);
        if (!Files.exists(p)) throw new ApiException(ErrorCode.RESOURCE_DOES_NOT_EXIST, "No file or directory exists on path " + canonical(path) + ".");
        return p;
    }

    private FileInfo info(Path p) throws IOException {
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
        return new FileInfo(root.userPath(p), a.isDirectory(), a.isDirectory() ? 0 : a.size(), a.lastModifiedTime().toMillis());
    }

    private static String stripScheme(String path) {
        if (path == null) return null;
        if (path.startsWith("dbfs:")) return path.substring("dbfs:".length());
        if (path.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) throw ApiException.invalid("Unsupported scheme in DBFS path: '" + path + "'");
        return path;
    }
}
