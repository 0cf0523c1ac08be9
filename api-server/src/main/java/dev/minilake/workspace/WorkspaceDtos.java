package dev.minilake.workspace;

import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;

/** Wire shapes of the Workspace API, with the field names of the SDK's workspace.* classes. */
public final class WorkspaceDtos {
    private WorkspaceDtos() {
    }

    public record Import(String path, String format, String language, String content, Boolean overwrite) implements Validated {
        @Override
        public void validate() {
            requirePath(path);
        }
    }

    public record PathRequest(String path) implements Validated {
        @Override
        public void validate() {
            requirePath(path);
        }
    }

    public record Delete(String path, Boolean recursive) implements Validated {
        @Override
        public void validate() {
            requirePath(path);
        }
    }

    public record ExportResponse(String content, String file_type) {
    }

    public record ObjectInfo(String object_type, String path, String language, Long created_at, Long modified_at,
                             Long object_id, Long size, String resource_id) {
    }

    public record ListResponse(List<ObjectInfo> objects) {
    }

    /** What the store keeps per workspace object; the bytes are a file under the workspace area. */
    public record StoredObject(String path, long object_id, String object_type, String language, long created_at) {
    }

    static void requirePath(String path) {
        if (path == null || path.isBlank()) throw ApiException.missingField("path");
    }
}
