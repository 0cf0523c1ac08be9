package dev.minilake.files;

import dev.minilake.core.store.DataDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.stream.Stream;

/** File-tree operations the file APIs share. Never follows symlinks when deleting. */
public final class FileTrees {
    private FileTrees() {
    }

    /** Moves a finished temp file into place in one step, so readers never see half a file. */
    public static void moveIntoPlace(Path tmp, Path target) throws IOException {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    public static boolean isEmptyDirectory(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    /** Deletes a file, or a directory with everything under it (symlinks themselves, not their targets). */
    public static void deleteRecursively(Path p) throws IOException {
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            DataDir.emptyDirectory(p);
        }
        Files.deleteIfExists(p);
    }
}
