package dev.minilake.dbfs;

import dev.minilake.core.error.ApiException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Open streaming uploads (dbfs create / add-block / close): each handle appends to its own temp
 * file, which close moves into place. In memory only, like Databricks' handles, which also do not
 * outlive their session; reset and shutdown discard them.
 */
final class DbfsHandles {
    record Upload(Path target, Path temp, boolean overwrite) {
    }

    private final AtomicLong next = new AtomicLong(1);
    private final Map<Long, Upload> open = new ConcurrentHashMap<>();

    long open(Path target, Path temp, boolean overwrite) {
        long h = next.getAndIncrement();
        open.put(h, new Upload(target, temp, overwrite));
        return h;
    }

    void append(long handle, byte[] data) throws IOException {
        Upload u = get(handle);
        synchronized (u) { // blocks of one handle arrive in order; never interleave them
            Files.write(u.temp(), data, StandardOpenOption.APPEND);
        }
    }

    Upload close(long handle) {
        Upload u = open.remove(handle);
        if (u == null) throw unknown(handle);
        return u;
    }

    void discardAll() {
        for (Long h : open.keySet()) {
            Optional.ofNullable(open.remove(h)).ifPresent(u -> {
                try {
                    Files.deleteIfExists(u.temp());
                } catch (IOException ignored) {
                    // the temp area is emptied at reset anyway
                }
            });
        }
    }

    private Upload get(long handle) {
        Upload u = open.get(handle);
        if (u == null) throw unknown(handle);
        return u;
    }

    private static ApiException unknown(long handle) {
        return ApiException.notFound("Handle " + handle);
    }
}
