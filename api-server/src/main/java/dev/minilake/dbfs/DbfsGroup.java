package dev.minilake.dbfs;

import dev.minilake.core.mcp.Arg;
import dev.minilake.core.mcp.FileContent;
import dev.minilake.core.mcp.McpFeatures;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.dbfs.DbfsDtos.AddBlock;
import dev.minilake.dbfs.DbfsDtos.Close;
import dev.minilake.dbfs.DbfsDtos.Create;
import dev.minilake.dbfs.DbfsDtos.CreateResponse;
import dev.minilake.dbfs.DbfsDtos.Delete;
import dev.minilake.dbfs.DbfsDtos.ListStatusResponse;
import dev.minilake.dbfs.DbfsDtos.Move;
import dev.minilake.dbfs.DbfsDtos.PathRequest;
import dev.minilake.dbfs.DbfsDtos.Put;
import dev.minilake.dbfs.DbfsDtos.Read;
import dev.minilake.files.FileStreams;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.RequestPredicates;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

import java.util.List;
import java.util.Map;

/** The DBFS API group: real files under the data dir; multipart put streams to disk. */
@Component
public class DbfsGroup implements ApiGroup {
    private final DbfsService service;

    public DbfsGroup(DbfsService service) {
        this.service = service;
    }

    @Override
    public String name() {
        return "dbfs";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "files on disk; put (inline and multipart), streaming create/add-block/close, read <= 1 MB per call";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("DbfsAPI");
    }

    public record PathArg(@Arg("DBFS path, e.g. /tmp/data.csv or dbfs:/tmp/data.csv") String path) {
    }

    public record DeleteArg(@Arg("DBFS path") String path,
                            @Arg(value = "Delete a directory with its contents (default false)", required = false) Boolean recursive) {
    }

    public record PutArg(@Arg("DBFS path") String path,
                         @Arg(value = "Text content (UTF-8)", required = false) String content,
                         @Arg(value = "Binary content as base64, instead of content", required = false) String content_base64,
                         @Arg(value = "Replace an existing file (default false)", required = false) Boolean overwrite) {
    }

    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("dbfs_put", "Write a file to DBFS.", PutArg.class, a -> {
            service.putInline(a.path(), FileContent.bytes(a.content(), a.content_base64()), Boolean.TRUE.equals(a.overwrite()));
            return service.getStatus(a.path());
        });
        mcp.tool("dbfs_read", "Read a DBFS file (up to 1 MB).", PathArg.class, a -> {
            DbfsDtos.ReadResponse r = service.read(a.path(), 0L, (long) DbfsService.MAX_BLOCK);
            return FileContent.answer(a.path(), java.util.Base64.getDecoder().decode(r.data()));
        });
        mcp.tool("dbfs_list", "List a DBFS directory.", PathArg.class, a -> Map.of("files", service.list(a.path())));
        mcp.tool("dbfs_mkdirs", "Create a DBFS directory and its parents.", PathArg.class, a -> {
            service.mkdirs(a.path());
            return service.getStatus(a.path());
        });
        mcp.tool("dbfs_delete", "Delete a DBFS file or directory.", DeleteArg.class, a -> {
            service.delete(a.path(), Boolean.TRUE.equals(a.recursive()));
            return Map.of("deleted", a.path());
        });
    }

    @Override
    public void routes(Routes r) {
        FileStreams streams = new FileStreams(service.tempDir(), r.blocking(), DbfsService.MAX_UPLOAD_BYTES);
        // multipart put first: it streams the file part to disk instead of decoding JSON
        r.raw(RouterFunctions.route(RequestPredicates.method(HttpMethod.POST).and(RequestPredicates.path("/api/2.0/dbfs/put"))
                        .and(RequestPredicates.contentType(MediaType.MULTIPART_FORM_DATA)),
                req -> streams.receiveMultipart(req, "contents")
                        .flatMap(up -> streams.consume(up.file(), tmp -> {
                            String path = up.field("path");
                            if (path == null || path.isBlank()) throw ApiException.missingField("path");
                            service.putFile(path, tmp, Boolean.parseBoolean(up.field("overwrite")));
                            return Map.of();
                        }))
                        .flatMap(body -> ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(body))));
        r.post("/api/2.0/dbfs/put", Put.class, (req, b) -> {
            service.putInline(b.path(), FileStreams.base64(b.contents(), "contents"), Boolean.TRUE.equals(b.overwrite()));
            return null;
        });
        r.post("/api/2.0/dbfs/create", Create.class,
                (req, b) -> new CreateResponse(service.create(b.path(), Boolean.TRUE.equals(b.overwrite()))));
        r.post("/api/2.0/dbfs/add-block", AddBlock.class, (req, b) -> {
            service.addBlock(b.handle(), FileStreams.base64(b.data(), "data"));
            return null;
        });
        r.post("/api/2.0/dbfs/close", Close.class, (req, b) -> {
            service.close(b.handle());
            return null;
        });
        r.get("/api/2.0/dbfs/read", Read.class, (req, b) -> service.read(b.path(), b.offset(), b.length()));
        r.get("/api/2.0/dbfs/get-status", PathRequest.class, (req, b) -> service.getStatus(b.path()));
        r.get("/api/2.0/dbfs/list", PathRequest.class, (req, b) -> new ListStatusResponse(service.list(b.path())));
        r.post("/api/2.0/dbfs/mkdirs", PathRequest.class, (req, b) -> {
            service.mkdirs(b.path());
            return null;
        });
        r.post("/api/2.0/dbfs/move", Move.class, (req, b) -> {
            service.move(b.source_path(), b.destination_path());
            return null;
        });
        r.post("/api/2.0/dbfs/delete", Delete.class, (req, b) -> {
            service.delete(b.path(), Boolean.TRUE.equals(b.recursive()));
            return null;
        });
    }

    @Override
    public void reset() throws Exception {
        service.reset();
    }

    @Override
    public int resetOrder() {
        return 50; // after jobs, which may still read DBFS files
    }
}
