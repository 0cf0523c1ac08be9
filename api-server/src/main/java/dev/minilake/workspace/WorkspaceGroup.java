package dev.minilake.workspace;

import dev.minilake.core.mcp.Arg;
import dev.minilake.core.mcp.FileContent;
import dev.minilake.core.mcp.McpFeatures;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.files.FileStreams;
import dev.minilake.workspace.WorkspaceDtos.Delete;
import dev.minilake.workspace.WorkspaceDtos.ExportResponse;
import dev.minilake.workspace.WorkspaceDtos.Import;
import dev.minilake.workspace.WorkspaceDtos.ListResponse;
import dev.minilake.workspace.WorkspaceDtos.PathRequest;
import dev.minilake.workspace.WorkspaceService.Exported;
import dev.minilake.workspace.WorkspaceService.ImportSpec;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.RequestPredicate;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The Workspace API group plus the workspace-files endpoints the CLI and bundles use. Uploads
 * (multipart import, import-file) and downloads (direct_download export, workspace-files GET)
 * stream between the network and disk; the JSON forms carry base64.
 */
@Component
public class WorkspaceGroup implements ApiGroup {
    private final WorkspaceService service;

    public WorkspaceGroup(WorkspaceService service) {
        this.service = service;
    }

    @Override
    public String name() {
        return "workspace";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "notebooks, files and folders on disk; SOURCE/AUTO/JUPYTER/RAW import, SOURCE/AUTO/JUPYTER export; no DBC/HTML";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("WorkspaceAPI");
    }

    public record PathArg(@Arg("Workspace path, e.g. /Users/dev@minilake.local/etl.py") String path) {
    }

    public record DeleteArg(@Arg("Workspace path") String path,
                            @Arg(value = "Delete a non-empty directory with its contents (default false)", required = false) Boolean recursive) {
    }

    public record WriteArg(@Arg("Workspace path of the file or notebook") String path,
                           @Arg(value = "Text content (UTF-8)", required = false) String content,
                           @Arg(value = "Binary content as base64, instead of content", required = false) String content_base64,
                           @Arg(value = "AUTO (default: a file, or a notebook when the source says so) or SOURCE (a notebook)",
                                   required = false) String format,
                           @Arg(value = "Notebook language for SOURCE: PYTHON, SQL, SCALA or R", required = false) String language,
                           @Arg(value = "Replace an existing object (default false)", required = false) Boolean overwrite) {
    }

    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("workspace_list", "List a workspace directory (notebooks, files, directories).", PathArg.class,
                a -> Map.of("objects", service.list(a.path())));
        mcp.tool("workspace_get_status", "Get one workspace object's type, language and size.", PathArg.class, a -> service.getStatus(a.path()));
        mcp.tool("workspace_mkdirs", "Create a workspace directory and its parents.", PathArg.class, a -> {
            service.mkdirs(a.path());
            return service.getStatus(a.path());
        });
        mcp.tool("workspace_write_file", "Write a workspace file or notebook (e.g. a script a job runs); parents are created.",
                WriteArg.class, a -> {
                    String canonical = WorkspaceService.canonical(a.path());
                    String parent = canonical.substring(0, Math.max(0, canonical.lastIndexOf('/')));
                    if (!parent.isEmpty()) service.mkdirs(parent);
                    service.importBytes(new ImportSpec(a.path(), a.format() == null ? "AUTO" : a.format(), a.language(),
                            Boolean.TRUE.equals(a.overwrite())), FileContent.bytes(a.content(), a.content_base64()));
                    return service.getStatus(a.path());
                });
        mcp.tool("workspace_read_file", "Read a workspace file or a notebook's source.", PathArg.class, a -> read(a.path()));
        mcp.tool("workspace_delete", "Delete a workspace object.", DeleteArg.class, a -> {
            service.delete(a.path(), Boolean.TRUE.equals(a.recursive()));
            return Map.of("deleted", a.path());
        });
        mcp.resource("minilake://workspace{+path}", "workspace", "A workspace file or notebook source, e.g. minilake://workspace/Users/dev/etl.py.",
                "text/plain", vars -> {
                    Map<String, Object> m = read(vars.get("path"));
                    return m.containsKey("content") ? (String) m.get("content") : (String) m.get("content_base64");
                });
    }

    private Map<String, Object> read(String path) throws java.io.IOException {
        return FileContent.answer(path, WorkspaceService.bytesOf(service.export(path, "SOURCE")));
    }

    @Override
    public void routes(Routes r) {
        FileStreams streams = new FileStreams(service.tempDir(), r.blocking(), WorkspaceService.MAX_FILE_BYTES);
        Scheduler blocking = r.blocking();
        r.raw(RouterFunctions.route(post("/api/2.0/workspace/import").and(RequestPredicates.contentType(MediaType.MULTIPART_FORM_DATA)),
                req -> streams.receiveMultipart(req, "content")
                        .flatMap(up -> streams.consume(up.file(), tmp -> {
                            String path = up.field("path");
                            if (path == null || path.isBlank()) throw ApiException.missingField("path");
                            service.importObject(new ImportSpec(path, up.field("format"), up.field("language"),
                                    Boolean.parseBoolean(up.field("overwrite"))), tmp);
                            return Map.of();
                        }))
                        .flatMap(WorkspaceGroup::json)));
        r.post("/api/2.0/workspace/import", Import.class, (req, b) -> {
            service.importBytes(new ImportSpec(b.path(), b.format(), b.language(), Boolean.TRUE.equals(b.overwrite())),
                    FileStreams.base64(b.content(), "content"));
            return null;
        });
        r.raw(RouterFunctions.route(get("/api/2.0/workspace/export"), req -> export(req, blocking)));
        r.get("/api/2.0/workspace/get-status", PathRequest.class, (req, b) -> service.getStatus(b.path()));
        r.get("/api/2.0/workspace/list", PathRequest.class, (req, b) -> new ListResponse(service.list(b.path())));
        r.post("/api/2.0/workspace/mkdirs", PathRequest.class, (req, b) -> {
            service.mkdirs(b.path());
            return null;
        });
        r.post("/api/2.0/workspace/delete", Delete.class, (req, b) -> {
            service.delete(b.path(), Boolean.TRUE.equals(b.recursive()));
            return null;
        });
        // bundles: deploy.lock with overwrite=false expects 409; sync retries after mkdirs on 404
        r.raw(RouterFunctions.route(post("/api/2.0/workspace-files/import-file/{*path}"),
                req -> streams.receiveBody(req)
                        .flatMap(tmp -> streams.consume(tmp, t -> {
                            boolean overwrite = req.queryParam("overwrite").map(Boolean::parseBoolean).orElse(false);
                            service.importObject(new ImportSpec(req.pathVariable("path"), "AUTO", null, overwrite), t);
                            return Map.of();
                        }))
                        .flatMap(WorkspaceGroup::json)));
        r.raw(RouterFunctions.route(get("/api/2.0/workspace-files/{*path}"),
                req -> Mono.fromCallable(() -> service.fileForDownload(req.pathVariable("path")))
                        .subscribeOn(blocking).flatMap(FileStreams::send)));
    }

    private Mono<ServerResponse> export(ServerRequest req, Scheduler blocking) {
        String path = req.queryParam("path").filter(p -> !p.isBlank()).orElse(null);
        String format = req.queryParam("format").filter(p -> !p.isBlank()).orElse(null);
        boolean direct = req.queryParam("direct_download").map(Boolean::parseBoolean).orElse(false);
        return Mono.fromCallable(() -> {
                    if (path == null) throw ApiException.missingField("path");
                    Exported e = service.export(path, format);
                    if (direct) return (Object) e;
                    return new ExportResponse(Base64.getEncoder().encodeToString(WorkspaceService.bytesOf(e)), e.fileType());
                })
                .subscribeOn(blocking)
                .flatMap(result -> {
                    if (result instanceof ExportResponse body) return json(body);
                    Exported e = (Exported) result;
                    return e.file() != null ? FileStreams.send(e.file())
                            : ServerResponse.ok().contentType(MediaType.APPLICATION_OCTET_STREAM).bodyValue(e.bytes());
                });
    }

    private static Mono<ServerResponse> json(Object body) {
        return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(body);
    }

    private static RequestPredicate post(String path) {
        return RequestPredicates.method(HttpMethod.POST).and(RequestPredicates.path(path));
    }

    private static RequestPredicate get(String path) {
        return RequestPredicates.method(HttpMethod.GET).and(RequestPredicates.path(path));
    }

    @Override
    public void reset() throws Exception {
        service.reset();
    }

    @Override
    public int resetOrder() {
        return 50; // after jobs, which may still read notebooks
    }
}
