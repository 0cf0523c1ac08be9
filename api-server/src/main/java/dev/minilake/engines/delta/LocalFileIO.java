package dev.minilake.engines.delta;

import io.delta.kernel.defaults.engine.fileio.FileIO;
import io.delta.kernel.defaults.engine.fileio.InputFile;
import io.delta.kernel.defaults.engine.fileio.OutputFile;
import io.delta.kernel.defaults.engine.fileio.PositionOutputStream;
import io.delta.kernel.defaults.engine.fileio.SeekableInputStream;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.FileStatus;

import java.io.BufferedWriter;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Delta Kernel's file access for local paths on java.nio, in place of Hadoop's local file system.
 * Hadoop without its native library forks a {@code chmod} or {@code readlink} process for every file
 * it creates or renames, which made a one-row commit cost several forks; here a commit is one temp
 * file and one hard link. Path strings keep Hadoop's form ({@code file:/abs/path}), so tables and
 * logs written before read the same.
 *
 * <p>Put-if-absent commits ({@code writeAtomically(..., false)}) link the finished temp file to the
 * target name: the link fails atomically with {@link FileAlreadyExistsException} when another writer
 * made that version first, which is how Kernel detects a conflicting commit.
 */
final class LocalFileIO implements FileIO {
    private static final String SCHEME = "file:";

    /** A Hadoop-style path string ({@code file:/a}, {@code file:///a} or {@code /a}) as a local path. */
    static Path local(String path) {
        String p = path;
        if (p.startsWith(SCHEME)) {
            p = p.substring(SCHEME.length());
            if (p.startsWith("//")) p = p.substring(2); // file:///abs (empty authority)
        }
        return Path.of(p);
    }

    static String qualified(Path p) {
        return SCHEME + p.toAbsolutePath().normalize();
    }

    @Override
    public CloseableIterator<FileStatus> listFrom(String filePath) throws IOException {
        Path from = local(filePath);
        Path dir = from.getParent();
        if (dir == null || !Files.isDirectory(dir)) throw new FileNotFoundException("No such directory: " + dir);
        String start = from.getFileName().toString();
        List<FileStatus> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                if (p.getFileName().toString().compareTo(start) < 0 || Files.isDirectory(p)) continue;
                out.add(status(p));
            }
        } catch (NoSuchFileException e) {
            throw new FileNotFoundException("No such directory: " + dir);
        }
        return closeable(out.iterator());
    }

    @Override
    public FileStatus getFileStatus(String path) throws IOException {
        Path p = local(path);
        if (!Files.exists(p)) throw new FileNotFoundException("No such file: " + p);
        return status(p);
    }

    private static FileStatus status(Path p) throws IOException {
        return FileStatus.of(qualified(p), Files.size(p), Files.getLastModifiedTime(p).toMillis());
    }

    @Override
    public String resolvePath(String path) {
        return qualified(local(path));
    }

    @Override
    public boolean mkdirs(String path) throws IOException {
        Files.createDirectories(local(path));
        return true;
    }

    @Override
    public InputFile newInputFile(String path, long fileSize) {
        Path p = local(path);
        return new InputFile() {
            @Override
            public long length() throws IOException {
                return fileSize >= 0 ? fileSize : Files.size(p);
            }

            @Override
            public String path() {
                return qualified(p);
            }

            @Override
            public SeekableInputStream newStream() throws IOException {
                return new ChannelInputStream(FileChannel.open(p, StandardOpenOption.READ));
            }
        };
    }

    @Override
    public OutputFile newOutputFile(String path) {
        Path target = local(path);
        return new OutputFile() {
            @Override
            public String path() {
                return qualified(target);
            }

            /**
             * Written under a temp name and renamed into place when closed, so a crash mid-write
             * (kill -9 during a checkpoint) never leaves a partial file that a reader would take
             * for the real one.
             */
            @Override
            public PositionOutputStream create(boolean overwrite) throws IOException {
                Files.createDirectories(target.getParent());
                if (!overwrite && Files.exists(target)) throw new FileAlreadyExistsException(target.toString());
                Path tmp = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
                OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                return new CountingOutputStream(out, () -> {
                    try {
                        if (overwrite) Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                        else publishIfAbsent(tmp, target);
                    } finally {
                        Files.deleteIfExists(tmp);
                    }
                });
            }

            @Override
            public void writeAtomically(CloseableIterator<String> lines, boolean overwrite) throws IOException {
                Files.createDirectories(target.getParent());
                Path tmp = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
                try {
                    try (lines; BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW)) {
                        while (lines.hasNext()) {
                            w.write(lines.next());
                            w.write('\n');
                        }
                    }
                    if (overwrite) Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    else publishIfAbsent(tmp, target);
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
        };
    }

    /** Gives {@code tmp} the name {@code target} unless that exists; atomic where hard links are. */
    private static void publishIfAbsent(Path tmp, Path target) throws IOException {
        try {
            Files.createLink(target, tmp);
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (UnsupportedOperationException | FileSystemException noLinks) {
            // no hard links here (some mounted file systems): check, then rename; MiniLake's own
            // writers are serialised per table, so only an outside writer could race this
            if (Files.exists(target)) throw new FileAlreadyExistsException(target.toString());
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    @Override
    public boolean delete(String path) throws IOException {
        return Files.deleteIfExists(local(path));
    }

    @Override
    public Optional<String> getConf(String key) {
        return Optional.empty(); // Kernel's defaults apply
    }

    /** An iterator as Kernel's CloseableIterator, with nothing to close. */
    static <T> CloseableIterator<T> closeable(Iterator<T> it) {
        return new CloseableIterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public T next() {
                return it.next();
            }

            @Override
            public void close() {
            }
        };
    }

    /** A positioned read stream over a file channel. */
    private static final class ChannelInputStream extends SeekableInputStream {
        private final FileChannel ch;

        ChannelInputStream(FileChannel ch) {
            this.ch = ch;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) <= 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            return ch.read(ByteBuffer.wrap(b, off, len));
        }

        @Override
        public long getPos() throws IOException {
            return ch.position();
        }

        @Override
        public void seek(long pos) throws IOException {
            ch.position(pos);
        }

        @Override
        public void readFully(byte[] b, int off, int len) throws IOException {
            ByteBuffer buf = ByteBuffer.wrap(b, off, len);
            while (buf.hasRemaining()) {
                if (ch.read(buf) < 0) throw new java.io.EOFException("end of file after " + (len - buf.remaining()) + " of " + len + " bytes");
            }
        }

        @Override
        public void close() throws IOException {
            ch.close();
        }
    }

    /** An output stream that knows how many bytes it has written (Parquet's writer asks). */
    private static final class CountingOutputStream extends PositionOutputStream {
        private final OutputStream out;
        private final Publish onClose;
        private long pos;
        private boolean closed;

        /** What makes the written file visible, once it is complete. */
        @FunctionalInterface
        interface Publish {
            void run() throws IOException;
        }

        CountingOutputStream(OutputStream out, Publish onClose) {
            this.out = new java.io.BufferedOutputStream(out, 1 << 16);
            this.onClose = onClose;
        }

        @Override
        public long getPos() {
            return pos;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            pos++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            pos += len;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            if (closed) return;
            closed = true;
            out.close();
            onClose.run();
        }
    }
}
