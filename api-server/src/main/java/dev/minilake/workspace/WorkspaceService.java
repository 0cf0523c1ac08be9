package dev.minilake.workspace;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.DataDir;
import dev.minilake.core.store.Store;
import dev.minilake.files.ConfinedPath;
import dev.minilake.files.FileTrees;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.workspace.WorkspaceDtos.ObjectInfo;
import dev.minilake.workspace.WorkspaceDtos.StoredObject;
import jakarta.annotation.PostConstruct;
import org.springframework.stereotype.Service;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The workspace tree, named like the SDK's WorkspaceAPI. Bytes are real files under the data
 * dir's "workspace" area (a notebook is its source, stored without extension); the object type,
 * language and stable id live in the store, keyed by the canonical path ("/Users/a/nb", without
 * the "/Workspace" prefix that clients may add).
 */
@Service
public class WorkspaceService {
    static final String NOTEBOOK = "NOTEBOOK", FILE = "FILE", DIRECTORY = "DIRECTORY";
    /** JSON (base64) export is bounded; bigger objects are exported with direct_download=true. */
    static final long MAX_JSON_EXPORT = 64L * 1024 * 1024;
    /** Databricks' /workspace/import takes at most 10 MB of content. */
    public static final int MAX_IMPORT_BYTES = 10 * 1024 * 1024;
    /** A workspace file sent as raw bytes (import-file, multipart import) is at most 500 MB, as workspace files are. */
    public static final long MAX_FILE_BYTES = 500L * 1024 * 1024;

    /** What an import asks for, whatever the transport (JSON, multipart, import-file). */
    public record ImportSpec(String path, String format, String language, boolean overwrite) {
    }

    /** An exported object: a file to stream, or converted bytes. */
    public record Exported(Path file, byte[] bytes, String fileType) {
    }

    private final ConfinedPath root;
    private final Path tempDir;
    private final Store store;
    private final Collection<StoredObject> objects;
    private final CurrentUserService users;
    private final JupyterConverter jupyter;

    public WorkspaceService(DataDir dataDir, Store store, CurrentUserService users, ObjectMapper json) {
        this.root = new ConfinedPath(dataDir.area("workspace"));
        this.tempDir = dataDir.area("workspace.tmp");
        this.store = store;
        this.objects = store.collection("workspace_object", StoredObject.class);
        this.users = users;
        this.jupyter = new JupyterConverter(json);
    }

    public Path tempDir() {
        return tempDir;
    }

    /** The canonical workspace path: "/Workspace/x" and "/x" are the same object. */
    public static String canonical(String path) {
        String p = ConfinedPath.normalize(path);
        if (p.equals("/Workspace")) return "/";
        return p.startsWith("/Workspace/") ? p.substring("/Workspace".length()) : p;
    }

    /** The home folders every workspace starts with. */
    @PostConstruct
    public void seed() throws IOException {
        mkdirs("/Users/" + users.userName());
        mkdirs("/Shared");
    }

    public void reset() throws IOException {
        DataDir.emptyDirectory(tempDir);
        DataDir.emptyDirectory(root.root());
        seed();
    }

    /** Imports content already on disk at {@code content} (moved into place, or deleted by the caller). */
    public void importObject(ImportSpec spec, Path content) throws IOException {
        String path = canonical(spec.path());
        String format = spec.format() == null ? "SOURCE" : spec.format().toUpperCase();
        NotebookLanguage lang = language(spec.language());
        String name = path.substring(path.lastIndexOf('/') + 1);
        switch (format) {
            case "SOURCE" -> {
                if (lang == null) {
                    throw ApiException.invalid("The language field is required for SOURCE format imports of notebook " + path);
                }
                writeNotebook(path, lang, withHeader(Files.readAllBytes(content), lang), spec.overwrite());
            }
            case "JUPYTER" -> {
                JupyterConverter.Converted c = jupyter.toSource(Files.readAllBytes(content), lang);
                writeNotebook(stripExtension(path, ".ipynb"), c.language(), c.source(), spec.overwrite());
            }
            case "AUTO" -> {
                if (name.toLowerCase().endsWith(".ipynb")) {
                    JupyterConverter.Converted c = jupyter.toSource(Files.readAllBytes(content), lang);
                    writeNotebook(stripExtension(path, ".ipynb"), c.language(), c.source(), spec.overwrite());
                    return;
                }
                NotebookLanguage byExt = NotebookLanguage.ofExtension(name).orElse(null);
                if (byExt != null && startsWith(content, byExt.header())) {
                    writeNotebook(path.substring(0, path.lastIndexOf('.')), byExt, Files.readAllBytes(content), spec.overwrite());
                } else {
                    place(path, content, FILE, null, spec.overwrite());
                }
            }
            case "RAW" -> place(path, content, FILE, null, spec.overwrite());
            default -> throw ApiException.invalid("Import format " + format
                    + " is not supported by MiniLake; use SOURCE, AUTO, JUPYTER or RAW");
        }
    }

    /** Imports inline (decoded base64) content. */
    public void importBytes(ImportSpec spec, byte[] content) throws IOException {
        if (content.length > MAX_IMPORT_BYTES) {
            throw new ApiException(ErrorCode.MAX_NOTEBOOK_SIZE_EXCEEDED, "The content is " + content.length
                    + " bytes; an import takes at most 10 MB (" + MAX_IMPORT_BYTES + " bytes)");
        }
        Path tmp = Files.createTempFile(tempDir, "import-", ".part");
        try {
            Files.write(tmp, content);
            importObject(spec, tmp);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Reads an export into memory for the JSON (base64) answer, which is bounded. */
    public static byte[] bytesOf(Exported e) throws IOException {
        if (e.bytes() != null) return e.bytes();
        if (Files.size(e.file()) > MAX_JSON_EXPORT) {
            throw ApiException.invalid("The object is larger than " + MAX_JSON_EXPORT
                    + " bytes; export it with direct_download=true");
        }
        return Files.readAllBytes(e.file());
    }

    public Exported export(String userPath, String format) throws IOException {
        String path = canonical(userPath);
        Path file = existing(path);
        StoredObject meta = meta(path, file);
        String fmt = format == null ? "SOURCE" : format.toUpperCase();
        if (DIRECTORY.equals(meta.object_type())) {
            throw ApiException.invalid("MiniLake exports notebooks and files, not directories (" + path + ")");
        }
        if (FILE.equals(meta.object_type())) {
            int dot = file.getFileName().toString().lastIndexOf('.');
            return new Exported(file, null, dot < 0 ? null : file.getFileName().toString().substring(dot + 1));
        }
        NotebookLanguage lang = NotebookLanguage.valueOf(meta.language());
        return switch (fmt) {
            case "SOURCE", "AUTO" -> new Exported(file, null, lang.extension);
            case "JUPYTER" -> new Exported(null, jupyter.toIpynb(Files.readAllBytes(file), lang,
                    file.getFileName().toString()), "ipynb");
            default -> throw ApiException.invalid("Export format " + fmt
                    + " is not supported by MiniLake; use SOURCE, AUTO or JUPYTER");
        };
    }

    /** The bytes of a workspace file (or a notebook's source), for raw downloads. */
    public Path fileForDownload(String userPath) {
        String path = canonical(userPath);
        Path file = existing(path);
        if (Files.isDirectory(file)) throw ApiException.invalid("Path " + path + " is a directory, not a file");
        return file;
    }

    public ObjectInfo getStatus(String userPath) throws IOException {
        String path = canonical(userPath);
        return info(path, existing(path));
    }

    public List<ObjectInfo> list(String userPath) throws IOException {
        String path = canonical(userPath);
        Path dir = existing(path);
        if (!Files.isDirectory(dir)) return List.of(info(path, dir));
        List<ObjectInfo> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path c : s.sorted().toList()) out.add(info(child(path, c.getFileName().toString()), c));
        }
        return out;
    }

    /** Creates a directory and its missing parents; a file on the way is RESOURCE_ALREADY_EXISTS. */
    public void mkdirs(String userPath) throws IOException {
        String path = canonical(userPath);
        String cur = "";
        for (String seg : ConfinedPath.segments(path)) {
            cur = cur + "/" + seg;
            Path p = root.resolve(cur);
            if (Files.isDirectory(p)) continue;
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                throw ApiException.alreadyExists("A non-directory object at " + cur);
            }
            String dirPath = cur;
            store.inTransaction(() -> {
                putMeta(dirPath, DIRECTORY, null);
                createDirectory(p);
            });
        }
    }

    public void delete(String userPath, boolean recursive) throws IOException {
        String path = canonical(userPath);
        if (path.equals("/")) throw ApiException.invalid("The workspace root cannot be deleted");
        Path p = existing(path);
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) && !recursive && !FileTrees.isEmptyDirectory(p)) {
            throw new ApiException(ErrorCode.DIRECTORY_NOT_EMPTY,
                    "Folder " + path + " is not empty. Use recursive delete or remove its contents first.");
        }
        FileTrees.deleteRecursively(p);
        store.inTransaction(() -> {
            objects.delete(path);
            for (StoredObject o : objects.listByIdPrefix(path + "/")) objects.delete(o.path());
        });
    }

    private void writeNotebook(String path, NotebookLanguage lang, byte[] source, boolean overwrite) throws IOException {
        Path tmp = Files.createTempFile(tempDir, "nb-", ".part");
        try {
            Files.write(tmp, source);
            place(path, tmp, NOTEBOOK, lang.name(), overwrite);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Moves {@code content} to {@code path} with its metadata in one store transaction. */
    private void place(String path, Path content, String type, String language, boolean overwrite) throws IOException {
        if (path.equals("/")) throw ApiException.invalid("Cannot import onto the workspace root");
        Path target = root.resolve(path);
        String parent = path.substring(0, path.lastIndexOf('/'));
        Path parentDir = root.resolve(parent.isEmpty() ? "/" : parent);
        if (!Files.exists(parentDir)) {
            throw new ApiException(ErrorCode.RESOURCE_DOES_NOT_EXIST, "The parent folder (" + parent + ") does not exist.");
        }
        if (!Files.isDirectory(parentDir)) throw ApiException.invalid("The parent " + parent + " is not a folder");
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) throw ApiException.alreadyExists("A folder at " + path);
        if (!overwrite && Files.exists(target, LinkOption.NOFOLLOW_LINKS)) throw ApiException.alreadyExists("Path (" + path + ")");
        store.inTransaction(() -> {
            putMeta(path, type, language);
            try {
                FileTrees.moveIntoPlace(content, target);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** Keeps the object id (and creation time) across overwrites, as Databricks does. */
    private void putMeta(String path, String type, String language) {
        StoredObject old = objects.get(path).orElse(null);
        long id = old != null ? old.object_id() : store.nextId("workspace_object");
        long created = old != null ? old.created_at() : System.currentTimeMillis();
        objects.put(path, new StoredObject(path, id, type, language, created));
    }

    private StoredObject meta(String path, Path file) {
        return objects.get(path).filter(m -> DIRECTORY.equals(m.object_type()) == Files.isDirectory(file)).orElseGet(() -> {
            // bytes without a record (e.g. written before a crash): describe them from disk
            putMeta(path, Files.isDirectory(file) ? DIRECTORY : FILE, null);
            return objects.get(path).orElseThrow();
        });
    }

    private ObjectInfo info(String path, Path file) throws IOException {
        StoredObject m = meta(path, file);
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        Long size = FILE.equals(m.object_type()) ? a.size() : null;
        return new ObjectInfo(m.object_type(), path, m.language(), m.created_at(), a.lastModifiedTime().toMillis(),
                m.object_id(), size, String.valueOf(m.object_id()));
    }

    private Path existing(String path) {
        Path p = root.resolve(path);
        if (!Files.exists(p)) throw new ApiException(ErrorCode.RESOURCE_DOES_NOT_EXIST, "Path (" + path + ") doesn't exist.");
        return p;
    }

    private static void createDirectory(Path p) {
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static NotebookLanguage language(String name) {
        if (name == null || name.isBlank()) return null;
        return NotebookLanguage.parse(name).orElseThrow(() -> ApiException.invalid(
                "Invalid language '" + name + "': one of PYTHON, SQL, SCALA, R"));
    }

    private static byte[] withHeader(byte[] source, NotebookLanguage lang) {
        byte[] header = (lang.header() + "\n").getBytes(StandardCharsets.UTF_8);
        if (startsWith(source, lang.header().getBytes(StandardCharsets.UTF_8))) return source;
        byte[] out = Arrays.copyOf(header, header.length + source.length);
        System.arraycopy(source, 0, out, header.length, source.length);
        return out;
    }

    private static boolean startsWith(Path file, String prefix) throws IOException {
        byte[] want = prefix.getBytes(StandardCharsets.UTF_8);
        try (InputStream in = Files.newInputStream(file)) {
            return startsWith(in.readNBytes(want.length), want);
        }
    }

    private static boolean startsWith(byte[] data, byte[] prefix) {
        return data.length >= prefix.length && Arrays.equals(data, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static String stripExtension(String path, String ext) {
        return path.toLowerCase().endsWith(ext) ? path.substring(0, path.length() - ext.length()) : path;
    }

    private static String child(String dir, String name) {
        return dir.equals("/") ? "/" + name : dir + "/" + name;
    }
}
