package dev.minilake.dbfs;

import dev.minilake.core.api.Validated;
import dev.minilake.core.error.ApiException;

import java.util.List;

/** Wire shapes of the DBFS API, with the field names of the SDK's files.* classes. */
public final class DbfsDtos {
    private DbfsDtos() {
    }

    public record PathRequest(String path) implements Validated {
        @Override
        public void validate() {
            requirePath(path, "path");
        }
    }

    public record Put(String path, String contents, Boolean overwrite) implements Validated {
        @Override
        public void validate() {
            requirePath(path, "path");
        }
    }

    public record Create(String path, Boolean overwrite) implements Validated {
        @Override
        public void validate() {
            requirePath(path, "path");
        }
    }

    public record CreateResponse(long handle) {
    }

    public record AddBlock(Long handle, String data) implements Validated {
        @Override
        public void validate() {
            if (handle == null) throw ApiException.missingField("handle");
            if (data == null) throw ApiException.missingField("data");
        }
    }

    public record Close(Long handle) implements Validated {
        @Override
        public void validate() {
            if (handle == null) throw ApiException.missingField("handle");
        }
    }

    public record Read(String path, Long offset, Long length) implements Validated {
        @Override
        public void validate() {
            requirePath(path, "path");
        }
    }

    public record ReadResponse(long bytes_read, String data) {
    }

    public record FileInfo(String path, boolean is_dir, long file_size, long modification_time) {
    }

    public record ListStatusResponse(List<FileInfo> files) {
    }

    public record Move(String source_path, String destination_path) implements Validated {
        @Override
        public void validate() {
            requirePath(source_path, "source_path");
            requirePath(destination_path, "destination_path");
        }
    }

    public record Delete(String path, Boolean recursive) implements Validated {
        @Override
        public void validate() {
            requirePath(path, "path");
        }
    }

    static void requirePath(String value, String field) {
        if (value == null || value.isBlank()) throw ApiException.missingField(field);
    }
}
