package dev.minilake.files;

import dev.minilake.core.error.ApiException;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.http.codec.multipart.FilePartEvent;
import org.springframework.http.codec.multipart.FormPartEvent;
import org.springframework.http.codec.multipart.PartEvent;
import org.springframework.web.reactive.function.BodyExtractors;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Moves request and response bytes between the network and files without holding them in
 * memory: bodies and multipart file parts are written to temp files as they arrive, downloads
 * are read in chunks. Both use asynchronous file channels, so the event loop never blocks.
 */
public final class FileStreams {
    private static final int CHUNK = 64 * 1024;

    /** The Files API takes up to 5 GiB in one upload, as Databricks' does. */
    public static final long FILES_API_MAX_BYTES = 5L * 1024 * 1024 * 1024;

    private final Path tempDir;
    private final Scheduler blocking;
    private final long maxBytes;

    public FileStreams(Path tempDir, Scheduler blocking) {
        this(tempDir, blocking, FILES_API_MAX_BYTES);
    }

    /** {@code maxBytes}: the largest body or file part taken; a larger one is refused with 400 and nothing is kept. */
    public FileStreams(Path tempDir, Scheduler blocking, long maxBytes) {
        this.tempDir = tempDir;
        this.blocking = blocking;
        this.maxBytes = maxBytes;
    }

    /** A multipart form: its text fields and the bytes of its (single) file part, on disk. */
    public record Upload(Map<String, String> fields, Path file, String fileField) {
        public String field(String name) {
            return fields.get(name);
        }
    }

    /** A new empty temp file; the caller moves it into place or deletes it. */
    public Path newTempFile() throws IOException {
        Files.createDirectories(tempDir);
        return Files.createTempFile(tempDir, "upload-", ".part");
    }

    /** Writes the raw request body to a temp file. */
    public Mono<Path> receiveBody(ServerRequest req) {
        return Mono.fromCallable(this::newTempFile).subscribeOn(blocking)
                .flatMap(tmp -> DataBufferUtils.write(capped(req.body(BodyExtractors.toDataBuffers())), tmp,
                                StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)
                        .then(Mono.just(tmp))
                        .onErrorResume(e -> deleteQuietly(tmp).then(Mono.error(e))));
    }

    /**
     * Reads a multipart form: text parts become fields, the first file part (or a text part named
     * {@code fileField}) is written to a temp file. A form without it gets an empty temp file.
     */
    public Mono<Upload> receiveMultipart(ServerRequest req, String fileField) {
        Map<String, String> fields = new ConcurrentHashMap<>();
        return Mono.fromCallable(this::newTempFile).subscribeOn(blocking).flatMap(tmp -> req.bodyToFlux(PartEvent.class)
                .windowUntil(PartEvent::isLast)
                .concatMap(part -> part.switchOnFirst((signal, events) -> {
                    PartEvent first = signal.get();
                    if (first instanceof FilePartEvent || (first != null && fileField.equals(first.name()))) {
                        fields.put("__file_field", first.name());
                        Flux<DataBuffer> bytes = capped(events.map(PartEvent::content));
                        return DataBufferUtils.write(bytes, tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                    }
                    if (first instanceof FormPartEvent form) fields.put(form.name(), form.value());
                    return events.doOnNext(e -> DataBufferUtils.release(e.content())).then();
                }))
                .then(Mono.fromSupplier(() -> new Upload(Map.copyOf(fields), tmp, fields.get("__file_field"))))
                .onErrorResume(e -> deleteQuietly(tmp).then(Mono.error(e))));
    }

    /** Fails the upload once more than {@link #maxBytes} arrived (the temp file is then deleted by the caller's error path). */
    private Flux<DataBuffer> capped(Flux<DataBuffer> body) {
        long[] seen = {0};
        return body.handle((buf, sink) -> {
            seen[0] += buf.readableByteCount();
            if (seen[0] > maxBytes) {
                DataBufferUtils.release(buf);
                sink.error(ApiException.invalid("The upload is larger than " + maxBytes + " bytes, the most this API takes in one request"));
            } else {
                sink.next(buf);
            }
        });
    }

    /** Streams a file as application/octet-stream. */
    public static Mono<ServerResponse> send(Path file) {
        Flux<DataBuffer> body = DataBufferUtils.read(file, DefaultDataBufferFactory.sharedInstance, CHUNK);
        return ServerResponse.ok().contentType(MediaType.APPLICATION_OCTET_STREAM).body(BodyInserters.fromDataBuffers(body));
    }

    public Mono<Void> deleteQuietly(Path tmp) {
        return Mono.fromRunnable(() -> {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // a leftover temp file is removed at the next reset
            }
        }).subscribeOn(blocking).then();
    }

    /** Runs blocking work on the blocking scheduler and always removes the temp file afterwards. */
    public <T> Mono<T> consume(Path tmp, TempWork<T> work) {
        return Mono.fromCallable(() -> {
            try {
                return work.apply(tmp);
            } finally {
                Files.deleteIfExists(tmp); // a no-op when the work moved it into place
            }
        }).subscribeOn(blocking);
    }

    @FunctionalInterface
    public interface TempWork<T> {
        T apply(Path tmp) throws Exception;
    }

    /** Refuses a value that is not valid base64, naming the field. */
    public static byte[] base64(String value, String field) {
        if (value == null) return new byte[0];
        try {
            return java.util.Base64.getDecoder().decode(value.replaceAll("\\s", ""));
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("Field '" + field + "' is not valid base64: " + e.getMessage());
        }
    }
}
