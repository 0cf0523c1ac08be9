package dev.minilake.fs;

import dev.minilake.core.mcp.Arg;
import dev.minilake.core.mcp.FileContent;
import dev.minilake.core.mcp.McpFeatures;
import com.fasterxml.jackson.databind.JsonNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.files.FileStreams;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.HandlerFunction;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import java.net.URLEncoder;
import java.nio.channels.AsynchronousFileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The Files API group: /api/2.0/fs/files{path} and /api/2.0/fs/directories{path} on volumes and
 * DBFS, plus the multipart/presigned upload flow the Python SDK uses for large files, with part
 * URLs that point back at MiniLake.
 */
@Component
public class FsGroup implements ApiGroup {
    private static final String FILES = "/api/2.0/fs/files";
    private static final String DIRS = "/api/2.0/fs/directories";
    private static final String PARTS = "/api/2.0/fs/upload-parts/";
    private static final int CHUNK = 64 * 1024;

    private final FsService service;

    public FsGroup(FsService service) {
        this.service = service;
    }

    @Override
    public String name() {
        return "files";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "volume and DBFS files on disk, streamed both ways, Range GETs, multipart uploads with part URLs served by MiniLake"
                + " (part and download URLs are plain MiniLake URLs: not signed, they need a token in MINILAKE_AUTH=strict)";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("FilesAPI");
    }

    public record PathArg(@Arg("Volume path: /Volumes/catalog/schema/volume/...") String path) {
    }

    public record UploadArg(@Arg("Volume file path: /Volumes/catalog/schema/volume/file") String path,
                            @Arg(value = "Text content (UTF-8)", required = false) String content,
                            @Arg(value = "Binary content as base64, instead of content", required = false) String content_base64,
                            @Arg(value = "Replace an existing file (default false)", required = false) Boolean overwrite) {
    }

    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("files_upload", "Write a file into a Unity Catalog volume (the Files API); SQL can read it with read_csv etc.",
                UploadArg.class, a -> {
                    java.nio.file.Path tmp = java.nio.file.Files.createTempFile(service.tempDir(), "mcp-", ".part");
                    try {
                        java.nio.file.Files.write(tmp, FileContent.bytes(a.content(), a.content_base64()));
                        service.putFile(a.path(), tmp, Boolean.TRUE.equals(a.overwrite()));
                    } finally {
                        java.nio.file.Files.deleteIfExists(tmp);
                    }
                    return Map.of("path", a.path(), "size", service.metadata(service.existingFile(a.path())).contentLength());
                });
        mcp.tool("files_download", "Read a file from a volume (up to 1 MB).", PathArg.class, a -> {
            java.nio.file.Path f = service.existingFile(a.path());
            FileContent.checkSize(a.path(), java.nio.file.Files.size(f));
            return FileContent.answer(a.path(), java.nio.file.Files.readAllBytes(f));
        });
        mcp.tool("files_list_directory", "List a volume directory.", PathArg.class, a -> service.list(a.path(), null, null));
        mcp.tool("files_create_directory", "Create a directory in a volume.", PathArg.class, a -> {
            service.createDirectory(a.path());
            return Map.of("created", a.path());
        });
        mcp.tool("files_delete", "Delete a file from a volume.", PathArg.class, a -> {
            service.deleteFile(a.path());
            return Map.of("deleted", a.path());
        });
    }

    @Override
    public void routes(Routes r) {
        Scheduler blocking = r.blocking();
        FileStreams streams = new FileStreams(service.tempDir(), blocking);

        // ---- files ----
        route(r, HttpMethod.HEAD, FILES + "/**", req -> call(blocking, () -> {
            Path f = service.existingFile(sub(req, FILES));
            return service.metadata(f);
        }).flatMap(m -> ServerResponse.ok().contentType(MediaType.APPLICATION_OCTET_STREAM)
                .contentLength(m.contentLength()).header("Last-Modified", httpDate(m.lastModifiedMillis()))
                .header("Accept-Ranges", "bytes").build()));

        route(r, HttpMethod.GET, FILES + "/**", req -> call(blocking, () -> {
            Path f = service.existingFile(sub(req, FILES));
            return Map.entry(f, service.metadata(f));
        }).flatMap(e -> download(req, e.getKey(), e.getValue())));

        route(r, HttpMethod.PUT, FILES + "/**", req -> {
            String path = sub(req, FILES);
            boolean overwrite = bool(req, "overwrite", true);
            return call(blocking, () -> {
                service.resolveRaw(path); // refuse a bad path before taking the body
                return path;
            }).flatMap(p -> streams.receiveBody(req))
                    .flatMap(tmp -> streams.consume(tmp, t -> {
                        service.putFile(path, t, overwrite);
                        return "";
                    }))
                    .flatMap(x -> ServerResponse.noContent().build());
        });

        route(r, HttpMethod.POST, FILES + "/**", req -> {
            String path = sub(req, FILES);
            String action = req.queryParam("action").orElse("");
            return switch (action) {
                case "initiate-upload" -> call(blocking, () -> service.initiateUpload(path, bool(req, "overwrite", true)))
                        .flatMap(t -> json(Map.of("multipart_upload", Map.of("session_token", t))));
                case "complete-upload" -> req.bodyToMono(byte[].class).defaultIfEmpty(new byte[0])
                        .flatMap(bytes -> call(blocking, () -> {
                            JsonNode body;
                            try {
                                body = bytes.length == 0 ? r.json().createObjectNode() : r.json().readTree(bytes);
                            } catch (java.io.IOException e) {
                                throw new ApiException(dev.minilake.core.error.ErrorCode.MALFORMED_REQUEST, "Malformed JSON request body");
                            }
                            List<Integer> parts = new ArrayList<>();
                            for (JsonNode p : body.path("parts")) parts.add(p.path("part_number").asInt());
                            if (parts.isEmpty()) throw ApiException.invalid("complete-upload needs a non-empty 'parts' list");
                            service.completeUpload(path, token(req), parts);
                            return Map.of();
                        })).flatMap(this::json);
                case "abort-upload" -> call(blocking, () -> {
                    service.abortUpload(token(req));
                    return Map.of();
                }).flatMap(this::json);
                default -> Mono.error(ApiException.invalid("Unknown action '" + action
                        + "' (expected initiate-upload, complete-upload or abort-upload)"));
            };
        });

        route(r, HttpMethod.DELETE, FILES + "/**", req -> call(blocking, () -> {
            service.deleteFile(sub(req, FILES));
            return "";
        }).flatMap(x -> ServerResponse.noContent().build()));

        // ---- part URLs for multipart uploads ----
        r.post("/api/2.0/fs/create-upload-part-urls", JsonNode.class, (req, b) -> {
            String token = b.path("session_token").asText(null);
            long start = b.path("start_part_number").asLong(1);
            long count = b.path("count").asLong(1);
            if (count < 1 || count > 1000) throw ApiException.invalid("count must be between 1 and 1000");
            service.session(token);
            List<Map<String, Object>> urls = new ArrayList<>();
            for (long n = start; n < start + count; n++) {
                service.partFile(token, n);
                urls.add(Map.of("part_number", n, "url", req.baseUrl() + PARTS + token + "/" + n,
                        "headers", List.of()));
            }
            return Map.of("upload_part_urls", urls);
        });
        r.post("/api/2.0/fs/create-download-url", JsonNode.class, (req, b) -> {
            String path = req.query("path").orElse(b.path("path").asText(null));
            if (path == null) throw ApiException.missingField("path");
            service.existingFile(encode(path));
            return Map.of("url", req.baseUrl() + FILES + encode(path), "headers", List.of());
        });
        route(r, HttpMethod.PUT, PARTS + "{token}/{n}", req -> {
            String token = req.pathVariable("token");
            long n;
            try {
                n = Long.parseLong(req.pathVariable("n"));
            } catch (NumberFormatException e) {
                return Mono.error(ApiException.invalid("Bad part number"));
            }
            return call(blocking, () -> service.partFile(token, n))
                    .flatMap(part -> streams.receiveBody(req).flatMap(tmp -> streams.consume(tmp, t -> {
                        java.nio.file.Files.move(t, part, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                        return FsService.etag(part);
                    })))
                    .flatMap(etag -> ServerResponse.ok().header("ETag", etag).build());
        });

        // ---- directories ----
        route(r, HttpMethod.HEAD, DIRS + "/**", req -> call(blocking, () -> service.existingDirectory(sub(req, DIRS)))
                .flatMap(p -> ServerResponse.ok().build()));
        route(r, HttpMethod.GET, DIRS + "/**", req -> call(blocking, () -> service.list(sub(req, DIRS),
                req.queryParam("page_size").filter(s -> !s.isEmpty()).map(FsGroup::parseLong).orElse(null),
                req.queryParam("page_token").orElse(null))).flatMap(this::json));
        route(r, HttpMethod.PUT, DIRS + "/**", req -> req.bodyToMono(byte[].class).then(call(blocking, () -> {
            service.createDirectory(sub(req, DIRS));
            return "";
        })).flatMap(x -> ServerResponse.noContent().build()));
        route(r, HttpMethod.DELETE, DIRS + "/**", req -> call(blocking, () -> {
            service.deleteDirectory(sub(req, DIRS));
            return "";
        }).flatMap(x -> ServerResponse.noContent().build()));
    }

    private Mono<ServerResponse> download(ServerRequest req, Path file, FsService.Metadata m) {
        long size = m.contentLength();
        String range = req.headers().firstHeader("Range");
        long start = 0;
        long end = size - 1;
        boolean partial = false;
        if (range != null && !range.isBlank()) {
            long[] r = parseRange(range.trim(), size);
            if (r == null) {
                return ServerResponse.status(HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE)
                        .header("Content-Range", "bytes */" + size).build();
            }
            start = r[0];
            end = r[1];
            partial = true;
        }
        long length = size == 0 ? 0 : end - start + 1;
        long from = start;
        Flux<DataBuffer> body = length == 0 ? Flux.empty() : DataBufferUtils.takeUntilByteCount(
                DataBufferUtils.readAsynchronousFileChannel(() -> AsynchronousFileChannel.open(file, StandardOpenOption.READ),
                        from, DefaultDataBufferFactory.sharedInstance, CHUNK), length);
        ServerResponse.BodyBuilder b = (partial ? ServerResponse.status(HttpStatus.PARTIAL_CONTENT) : ServerResponse.ok())
                .contentType(MediaType.APPLICATION_OCTET_STREAM).contentLength(length)
                .header("Last-Modified", httpDate(m.lastModifiedMillis())).header("Accept-Ranges", "bytes");
        if (partial) b.header("Content-Range", "bytes " + start + "-" + end + "/" + size);
        return b.body(BodyInserters.fromDataBuffers(body));
    }

    /** A single "bytes=a-b", "bytes=a-" or "bytes=-n" range, clamped to the file; null if unsatisfiable. */
    static long[] parseRange(String header, long size) {
        if (!header.startsWith("bytes=") || header.contains(",")) throw ApiException.invalid("Unsupported Range header '" + header + "'");
        String spec = header.substring(6).trim();
        int dash = spec.indexOf('-');
        if (dash < 0) throw ApiException.invalid("Malformed Range header '" + header + "'");
        try {
            String a = spec.substring(0, dash).trim();
            String b = spec.substring(dash + 1).trim();
            long start;
            long end;
            if (a.isEmpty()) {
                long n = Long.parseLong(b);
                if (n <= 0 || size == 0) return null;
                start = Math.max(0, size - n);
                end = size - 1;
            } else {
                start = Long.parseLong(a);
                end = b.isEmpty() ? size - 1 : Math.min(Long.parseLong(b), size - 1);
                if (start >= size || end < start) return null;
            }
            return new long[]{start, end};
        } catch (NumberFormatException e) {
            throw ApiException.invalid("Malformed Range header '" + header + "'");
        }
    }

    private static void route(Routes r, HttpMethod method, String pattern, HandlerFunction<ServerResponse> fn) {
        r.raw(RouterFunctions.route(RequestPredicates.method(method).and(RequestPredicates.path(pattern)), fn));
    }

    /** The raw (still percent-encoded) path after the prefix, e.g. "/Volumes/c/s/v/a%20b". */
    private static String sub(ServerRequest req, String prefix) {
        String raw = req.uri().getRawPath();
        String rest = raw.substring(prefix.length());
        if (rest.isEmpty() || rest.equals("/")) throw ApiException.invalid("A path is required after " + prefix);
        return rest;
    }

    private static String token(ServerRequest req) {
        return req.queryParam("session_token").or(() -> req.queryParam("upload_id"))
                .orElseThrow(() -> ApiException.missingField("session_token"));
    }

    private static boolean bool(ServerRequest req, String name, boolean dflt) {
        return req.queryParam(name).filter(v -> !v.isEmpty()).map(v -> switch (v.toLowerCase()) {
            case "true", "1" -> true;
            case "false", "0" -> false;
            default -> throw ApiException.invalid("Invalid value for " + name + ": '" + v + "' is not a boolean");
        }).orElse(dflt);
    }

    private static long parseLong(String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw ApiException.invalid("Invalid number '" + v + "'");
        }
    }

    private static String encode(String path) {
        StringBuilder sb = new StringBuilder();
        for (String seg : path.split("/")) {
            if (seg.isEmpty()) continue;
            sb.append('/').append(URLEncoder.encode(seg, StandardCharsets.UTF_8).replace("+", "%20"));
        }
        return sb.toString();
    }

    private static String httpDate(long millis) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(Instant.ofEpochMilli(millis).atZone(ZoneOffset.UTC));
    }

    private static <T> Mono<T> call(Scheduler blocking, Callable<T> work) {
        return Mono.fromCallable(work).subscribeOn(blocking);
    }

    private Mono<ServerResponse> json(Object body) {
        return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(body);
    }

    @Override
    public void reset() throws Exception {
        service.reset();
    }

    @Override
    public int resetOrder() {
        return 50;
    }
}
