package dev.minilake.jobs;

import dev.minilake.catalog.VolumesService;
import dev.minilake.core.error.ApiException;
import dev.minilake.dbfs.DbfsService;
import dev.minilake.files.ConfinedPath;
import dev.minilake.workspace.WorkspaceService;
import org.springframework.stereotype.Component;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the local file behind a task's path: workspace (and bundle-synced files), DBFS or a volume. */
@Component
public class TaskFiles {
    private final WorkspaceService workspace;
    private final DbfsService dbfs;
    private final VolumesService volumes;

    public TaskFiles(WorkspaceService workspace, DbfsService dbfs, VolumesService volumes) {
        this.workspace = workspace;
        this.dbfs = dbfs;
        this.volumes = volumes;
    }

    public Path resolve(String path) {
        if (path == null || path.isBlank()) throw ApiException.missingField("python_file");
        if (path.startsWith("dbfs:") || path.startsWith("/dbfs/")) {
            Path p = dbfs.resolveDbfsPath(path.startsWith("/dbfs/") ? path.substring("/dbfs".length()) : path);
            if (!Files.isRegularFile(p)) throw ApiException.notFound("File " + path);
            return p;
        }
        if (path.startsWith("/Volumes/")) {
            String[] parts = path.substring(1).split("/", 5);
            if (parts.length < 5) throw ApiException.invalid("A volume path needs /Volumes/<catalog>/<schema>/<volume>/<file>: " + path);
            Path p = new ConfinedPath(volumes.resolveVolumeRoot(parts[1], parts[2], parts[3])).resolve("/" + parts[4]);
            if (!Files.isRegularFile(p)) throw ApiException.notFound("File " + path);
            return p;
        }
        if (path.startsWith("file:")) throw ApiException.invalid("Local file: paths are not allowed for tasks: " + path);
        return workspace.fileForDownload(path.startsWith("/Workspace/") ? path.substring("/Workspace".length()) : path);
    }

    /** The notebook's language as the workspace records it (PYTHON, SQL, ...). */
    public String notebookLanguage(String path) {
        try {
            String p = path.startsWith("/Workspace/") ? path.substring("/Workspace".length()) : path;
            String lang = workspace.getStatus(p).language();
            return lang == null ? "PYTHON" : lang;
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
