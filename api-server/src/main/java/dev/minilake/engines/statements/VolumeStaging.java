package dev.minilake.engines.statements;

import dev.minilake.engines.sqltranslate.Command;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The connector's staging ingestion, as Databricks answers it: a PUT, GET or REMOVE statement does
 * not move bytes itself; it answers an {@code operation} and a presigned URL, and the client then
 * uploads to, downloads from or deletes at that URL. Here a URL is {@code /_minilake/staging/<ticket>}:
 * one operation on one volume file, valid for {@link #TTL_MS} and used once. Tickets live in memory
 * (a restart voids them, as a presigned URL expires).
 */
@Component
public class VolumeStaging {
    public static final long TTL_MS = 15 * 60 * 1000;
    public static final String URL_PATH = "/_minilake/staging/";

    /** The answer's columns, as the connector reads them (row.operation, row.localFile, row.presignedUrl, row.headers). */
    static final java.util.List<ResultColumn> COLUMNS = java.util.List.of(ResultColumn.string("operation"),
            ResultColumn.string("localFile"), ResultColumn.string("presignedUrl"), ResultColumn.string("headers"));

    private final SecureRandom random = new SecureRandom();
    private final Map<String, Ticket> tickets = new ConcurrentHashMap<>();

    /** One allowed operation on one file of a volume. */
    public record Ticket(String operation, Path file, boolean overwrite, long expiresAtMs) {
        /** The HTTP method the client sends for this operation. */
        public String method() {
            return operation.equals("REMOVE") ? "DELETE" : operation;
        }
    }

    /** What the statement answers: the operation, the client's local file and the URL path of its ticket. */
    public record Answer(String operation, String localFile, String urlPath) {
    }

    /**
     * Checks the command against the file (GET and REMOVE need it to exist; PUT without OVERWRITE needs
     * it not to) and issues its ticket; a refusal is a {@link StagingRefused} with Databricks' wording.
     */
    Answer issue(Command.VolumeCommand c, Path file) {
        boolean exists = Files.isRegularFile(file);
        if (Files.isDirectory(file)) throw new StagingRefused("[NOT_A_FILE] " + c.volumePath() + " is a directory, not a file.");
        if (!c.operation().equals("PUT") && !exists) {
            throw new StagingRefused("[RESOURCE_DOES_NOT_EXIST] The file " + c.volumePath() + " does not exist.");
        }
        if (c.operation().equals("PUT") && exists && !c.overwrite()) {
            throw new StagingRefused("[FILE_ALREADY_EXISTS] The file " + c.volumePath()
                    + " already exists. Use PUT ... OVERWRITE to replace it.");
        }
        byte[] b = new byte[24];
        random.nextBytes(b);
        String token = HexFormat.of().formatHex(b);
        tickets.put(token, new Ticket(c.operation(), file, c.overwrite(), System.currentTimeMillis() + TTL_MS));
        return new Answer(c.operation(), c.localFile(), URL_PATH + token);
    }

    /** The ticket for a request (used up by this call), if it is live and the method is its operation's. */
    public Optional<Ticket> take(String token, String method) {
        Ticket t = tickets.get(token);
        if (t == null || !t.method().equals(method)) return Optional.empty();
        if (!tickets.remove(token, t)) return Optional.empty();
        return t.expiresAtMs() < System.currentTimeMillis() ? Optional.empty() : Optional.of(t);
    }

    /** Moves an uploaded temporary file into place (synced first, so an acknowledged upload survives a crash). */
    public void commitUpload(Ticket t, Path uploaded) throws IOException {
        if (!t.overwrite() && Files.exists(t.file())) {
            Files.deleteIfExists(uploaded);
            throw new StagingRefused("[FILE_ALREADY_EXISTS] " + t.file().getFileName() + " was created meanwhile.");
        }
        try (FileChannel ch = FileChannel.open(uploaded, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Files.createDirectories(t.file().getParent());
        Files.move(uploaded, t.file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** A temporary file beside the target, so the final move is atomic. */
    public Path uploadFile(Ticket t) throws IOException {
        Files.createDirectories(t.file().getParent());
        return Files.createTempFile(t.file().getParent(), ".staging-", ".part");
    }

    /** Voids every ticket (reset). */
    public void clear() {
        tickets.clear();
    }

    /** A volume command MiniLake refuses, as Databricks words it. */
    public static final class StagingRefused extends RuntimeException {
        public StagingRefused(String message) {
            super(message);
        }
    }
}
