package dev.minilake.sql;

import dev.minilake.engines.statements.VolumeStaging;
import dev.minilake.engines.statements.VolumeStaging.Ticket;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.BodyExtractors;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The presigned URLs of the connector's staging operations ({@link VolumeStaging}): the client PUTs a
 * file's bytes, GETs them or DELETEs the file at {@code /_minilake/staging/<ticket>}. The ticket is
 * the credential (as a presigned URL's signature is), good for its one operation, once.
 */
@Component
class StagingEndpoint {
    private final VolumeStaging staging;

    StagingEndpoint(VolumeStaging staging) {
        this.staging = staging;
    }

    RouterFunction<ServerResponse> routes(Scheduler blocking) {
        String path = VolumeStaging.URL_PATH + "{ticket}";
        return RouterFunctions.route(RequestPredicates.PUT(path), req -> ticket(req, "PUT").map(t -> upload(req, t, blocking)).orElseGet(StagingEndpoint::refused))
                .andRoute(RequestPredicates.GET(path), req -> ticket(req, "GET").map(t -> download(t)).orElseGet(StagingEndpoint::refused))
                .andRoute(RequestPredicates.DELETE(path), req -> ticket(req, "DELETE").map(t -> remove(t, blocking)).orElseGet(StagingEndpoint::refused));
    }

    void clear() {
        staging.clear();
    }

    private Optional<Ticket> ticket(ServerRequest req, String method) {
        return staging.take(req.pathVariable("ticket"), method);
    }

    private Mono<ServerResponse> upload(ServerRequest req, Ticket t, Scheduler blocking) {
        return Mono.fromCallable(() -> staging.uploadFile(t)).subscribeOn(blocking)
                .flatMap(tmp -> DataBufferUtils.write(req.body(BodyExtractors.toDataBuffers()), tmp)
                        .then(Mono.fromCallable(() -> {
                            staging.commitUpload(t, tmp);
                            return true;
                        }).subscribeOn(blocking))
                        .onErrorResume(e -> Mono.fromCallable(() -> Files.deleteIfExists(tmp)).subscribeOn(blocking).then(Mono.error(e))))
                .then(ServerResponse.ok().build())
                .onErrorResume(VolumeStaging.StagingRefused.class, e -> error(409, "RESOURCE_ALREADY_EXISTS", e.getMessage()));
    }

    private Mono<ServerResponse> download(Ticket t) {
        Path f = t.file();
        if (!Files.isRegularFile(f)) return error(404, "RESOURCE_DOES_NOT_EXIST", "The file was removed after the GET statement ran.");
        return ServerResponse.ok().contentType(MediaType.APPLICATION_OCTET_STREAM).body(BodyInserters.fromResource(new FileSystemResource(f)));
    }

    private Mono<ServerResponse> remove(Ticket t, Scheduler blocking) {
        return Mono.fromCallable(() -> Files.deleteIfExists(t.file())).subscribeOn(blocking)
                .flatMap(deleted -> ServerResponse.noContent().build());
    }

    private static Mono<ServerResponse> refused() {
        return error(403, "PERMISSION_DENIED", "This staging URL is not valid: it has expired, was used already, or is for another operation.");
    }

    private static Mono<ServerResponse> error(int status, String code, String message) {
        return ServerResponse.status(status).contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("error_code", code, "message", message));
    }
}
