package dev.minilake.core.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The root of all on-disk state: the control-plane store, DuckDB catalog files, and the bytes of
 * workspace, DBFS and volumes, each in its own sub-directory. An ephemeral data dir is a temp dir
 * that is removed at exit.
 */
public final class DataDir {
    private final Path root;
    private final boolean ephemeral;

    private DataDir(Path root, boolean ephemeral) {
        this.root = root;
        this.ephemeral = ephemeral;
    }

    public static DataDir persistent(Path root) {
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create data dir " + root, e);
        }
        return new DataDir(root.toAbsolutePath().normalize(), false);
    }

    public static DataDir ephemeral() {
        try {
            return new DataDir(Files.createTempDirectory("minilake-").toAbsolutePath(), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temp data dir", e);
        }
    }

    public Path root() {
        return root;
    }

    public boolean isEphemeral() {
        return ephemeral;
    }

    /** A named sub-directory, created on first use. */
    public Path area(String name) {
        Path p = root.resolve(name);
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + p, e);
        }
        return p;
    }

    /** Removes everything under {@code dir}, keeping {@code dir} itself. */
    public static void emptyDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return;
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                if (!d.equals(dir)) Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Deletes an ephemeral data dir; a persistent one is never touched. */
    public void deleteIfEphemeral() {
        if (!ephemeral) return;
        try {
            emptyDirectory(root);
            Files.deleteIfExists(root);
        } catch (IOException ignored) {
            // best effort at exit: the OS cleans temp dirs eventually
        }
    }
}
