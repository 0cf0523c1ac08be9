package dev.minilake.fs;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.NotFound;
import com.databricks.sdk.core.error.platform.AlreadyExists;
import com.databricks.sdk.service.catalog.CreateVolumeRequestContent;
import com.databricks.sdk.service.catalog.VolumeType;
import com.databricks.sdk.service.files.DirectoryEntry;
import com.databricks.sdk.service.files.DownloadResponse;
import com.databricks.sdk.service.files.GetMetadataResponse;
import com.databricks.sdk.service.files.ListDirectoryContentsRequest;
import com.databricks.sdk.service.files.UploadRequest;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Files API through the real Java SDK on a volume's real directory and on DBFS, plus ranges and path escapes over plain HTTP. */
class FilesSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    Path volDir;

    @BeforeEach
    void reset() {
        server.reset();
        w.volumes().create(new CreateVolumeRequestContent().setCatalogName("main").setSchemaName("default")
                .setName("landing").setVolumeType(VolumeType.MANAGED));
        volDir = server.dataDir().resolve("volumes/main/default/landing");
    }

    @Test
    void uploadDownloadMetadataListDeleteOnAVolume() throws Exception {
        byte[] data = new byte[3 * 1024 * 1024 + 17];
        new Random(7).nextBytes(data);
        w.files().upload(new UploadRequest().setFilePath("/Volumes/main/default/landing/raw/a-b.bin")
                .setContents(new ByteArrayInputStream(data)));
        assertThat(Files.readAllBytes(volDir.resolve("raw/a-b.bin"))).isEqualTo(data);

        DownloadResponse d = w.files().download("/Volumes/main/default/landing/raw/a-b.bin");
        try (InputStream in = d.getContents()) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
        GetMetadataResponse m = w.files().getMetadata("/Volumes/main/default/landing/raw/a-b.bin");
        assertThat(m.getContentLength()).isEqualTo((long) data.length);
        assertThat(m.getLastModified()).isNotBlank();

        assertThatThrownBy(() -> w.files().upload(new UploadRequest().setFilePath("/Volumes/main/default/landing/raw/a-b.bin")
                .setContents(new ByteArrayInputStream(new byte[1])).setOverwrite(false)))
                .isInstanceOf(AlreadyExists.class);
        w.files().upload(new UploadRequest().setFilePath("/Volumes/main/default/landing/raw/a-b.bin")
                .setContents(new ByteArrayInputStream("v2".getBytes())).setOverwrite(true));
        assertThat(Files.readString(volDir.resolve("raw/a-b.bin"))).isEqualTo("v2");

        w.files().createDirectory(new com.databricks.sdk.service.files.CreateDirectoryRequest().setDirectoryPath("/Volumes/main/default/landing/raw/sub/deeper"));
        assertThat(volDir.resolve("raw/sub/deeper")).isDirectory();
        w.files().getDirectoryMetadata("/Volumes/main/default/landing/raw/sub");

        List<DirectoryEntry> entries = list("/Volumes/main/default/landing/raw", null);
        assertThat(entries).extracting(DirectoryEntry::getName).containsExactly("a-b.bin", "sub");
        assertThat(entries.get(0).getIsDirectory()).isFalse();
        assertThat(entries.get(0).getFileSize()).isEqualTo(2L);
        assertThat(entries.get(0).getPath()).isEqualTo("/Volumes/main/default/landing/raw/a-b.bin");
        assertThat(entries.get(1).getIsDirectory()).isTrue();

        // a non-empty directory is refused, an empty one goes
        HttpResponse<String> notEmpty = server.send("DELETE", "/api/2.0/fs/directories/Volumes/main/default/landing/raw/sub", null);
        assertThat(notEmpty.statusCode()).isEqualTo(400);
        assertThat(notEmpty.body()).contains("DIRECTORY_NOT_EMPTY");
        w.files().deleteDirectory("/Volumes/main/default/landing/raw/sub/deeper");
        w.files().deleteDirectory("/Volumes/main/default/landing/raw/sub");
        w.files().delete("/Volumes/main/default/landing/raw/a-b.bin");
        assertThat(volDir.resolve("raw/a-b.bin")).doesNotExist();
        assertThatThrownBy(() -> w.files().getMetadata("/Volumes/main/default/landing/raw/a-b.bin")).isInstanceOf(NotFound.class);
        assertThatThrownBy(() -> w.files().download("/Volumes/main/default/landing/nope")).isInstanceOf(NotFound.class);
        assertThatThrownBy(() -> w.files().getDirectoryMetadata("/Volumes/main/default/landing/nope")).isInstanceOf(NotFound.class);
    }

    @Test
    void listingPagesThroughTheSdkIterator() {
        for (int i = 0; i < 25; i++) {
            w.files().upload(new UploadRequest().setFilePath(String.format("/Volumes/main/default/landing/p/f%02d", i))
                    .setContents(new ByteArrayInputStream(new byte[]{(byte) i})));
        }
        List<DirectoryEntry> all = list("/Volumes/main/default/landing/p", 10L);
        assertThat(all).hasSize(25).extracting(DirectoryEntry::getName).startsWith("f00", "f01").endsWith("f24");
        HttpResponse<String> page = server.send("GET", "/api/2.0/fs/directories/Volumes/main/default/landing/p?page_size=10", null);
        assertThat(page.body()).contains("\"next_page_token\"");
    }

    @Test
    void namesWithSpacesAreEncodedAndDecoded() throws Exception {
        w.files().upload(new UploadRequest().setFilePath("/Volumes/main/default/landing/with space/a b.txt")
                .setContents(new ByteArrayInputStream("spaced".getBytes(StandardCharsets.UTF_8))));
        assertThat(volDir.resolve("with space/a b.txt")).hasContent("spaced");
        try (InputStream in = w.files().download("/Volumes/main/default/landing/with space/a b.txt").getContents()) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("spaced");
        }
        assertThat(list("/Volumes/main/default/landing/with space", null)).extracting(DirectoryEntry::getPath)
                .containsExactly("/Volumes/main/default/landing/with space/a b.txt");
    }

    @Test
    void rangesGive206WithContentRange() throws Exception {
        Files.createDirectories(volDir);
        Files.writeString(volDir.resolve("r.txt"), "0123456789");
        String p = "/api/2.0/fs/files/Volumes/main/default/landing/r.txt";
        HttpResponse<String> mid = server.send("GET", p, null, Map.of("Range", "bytes=2-5"));
        assertThat(mid.statusCode()).isEqualTo(206);
        assertThat(mid.body()).isEqualTo("2345");
        assertThat(mid.headers().firstValue("Content-Range")).hasValue("bytes 2-5/10");
        HttpResponse<String> open = server.send("GET", p, null, Map.of("Range", "bytes=7-"));
        assertThat(open.body()).isEqualTo("789");
        HttpResponse<String> suffix = server.send("GET", p, null, Map.of("Range", "bytes=-3"));
        assertThat(suffix.body()).isEqualTo("789");
        assertThat(suffix.headers().firstValue("Content-Range")).hasValue("bytes 7-9/10");
        HttpResponse<String> beyond = server.send("GET", p, null, Map.of("Range", "bytes=10-"));
        assertThat(beyond.statusCode()).isEqualTo(416);
        assertThat(beyond.headers().firstValue("Content-Range")).hasValue("bytes */10");
        HttpResponse<String> whole = server.send("GET", p, null);
        assertThat(whole.statusCode()).isEqualTo(200);
        assertThat(whole.body()).isEqualTo("0123456789");
        HttpResponse<String> head = server.send("HEAD", p, null);
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("Content-Length")).hasValue("10");
        assertThat(head.headers().firstValue("Last-Modified")).isPresent();
    }

    @Test
    void dbfsPathsWorkToo() throws Exception {
        w.files().upload(new UploadRequest().setFilePath("/dbfs/tmp/x.txt").setContents(new ByteArrayInputStream("dbfs!".getBytes())));
        assertThat(Files.readString(server.bean(dev.minilake.dbfs.DbfsService.class).resolveDbfsPath("/tmp/x.txt"))).isEqualTo("dbfs!");
        try (InputStream in = w.files().download("/dbfs/tmp/x.txt").getContents()) {
            assertThat(new String(in.readAllBytes())).isEqualTo("dbfs!");
        }
        assertThat(list("/dbfs/tmp", null)).extracting(DirectoryEntry::getName).containsExactly("x.txt");
    }

    @Test
    void pathEscapesAreRefusedAndTouchNothingOutside() throws Exception {
        Path outside = Files.createTempDirectory("outside");
        Path secret = Files.writeString(outside.resolve("secret.txt"), "top secret");
        Files.createDirectories(volDir);
        Files.createSymbolicLink(volDir.resolve("link"), outside);
        Files.createSymbolicLink(volDir.resolve("file-link"), secret);
        String base = "/api/2.0/fs/files/Volumes/main/default/landing/";
        for (String escape : List.of("../../../../../etc/passwd", "%2e%2e/%2e%2e/x", "%252e%252e/x", "a/%2F..%2Fx",
                "link/secret.txt", "file-link")) {
            HttpResponse<String> get = server.send("GET", base + escape, null);
            assertThat(get.statusCode()).as(escape).isIn(400, 404);
            assertThat(get.body()).as(escape).doesNotContain("top secret");
            HttpResponse<String> put = server.send("PUT", base + escape + "?overwrite=true", "pwned");
            assertThat(put.statusCode()).as(escape).isIn(400, 404);
            HttpResponse<String> del = server.send("DELETE", base + escape, null);
            assertThat(del.statusCode()).as(escape).isIn(400, 404);
        }
        assertThat(server.send("GET", "/api/2.0/fs/directories/Volumes/main/default/landing/link", null).statusCode()).isIn(400, 404);
        assertThat(server.send("PUT", "/api/2.0/fs/directories/Volumes/main/default/landing/link/new", null).statusCode()).isIn(400, 404);
        assertThat(Files.readString(secret)).isEqualTo("top secret");
        try (var s = Files.list(outside)) {
            assertThat(s.map(x -> x.getFileName().toString())).containsExactly("secret.txt");
        }
        assertThat(server.send("GET", "/api/2.0/fs/files/etc/passwd", null).statusCode()).isEqualTo(400);
        assertThat(server.send("GET", "/api/2.0/fs/files/Volumes/main/default/nosuchvol/x", null).statusCode()).isEqualTo(404);
    }

    @Test
    void encodedSeparatorsAreSeparators() throws Exception {
        // the CLI (v1.9.0) sends the whole path as one percent-encoded segment
        HttpResponse<String> put = server.send("PUT",
                "/api/2.0/fs/files/Volumes%2Fmain%2Fdefault%2Flanding%2Fenc%2Fone.txt?overwrite=true", "encoded");
        assertThat(put.statusCode()).isEqualTo(204);
        assertThat(Files.readString(volDir.resolve("enc/one.txt"))).isEqualTo("encoded");
        HttpResponse<String> get = server.send("GET", "/api/2.0/fs/files/Volumes/main/default/landing/enc/one.txt", null);
        assertThat(get.body()).isEqualTo("encoded");
        HttpResponse<String> list = server.send("GET", "/api/2.0/fs/directories/Volumes%2Fmain%2Fdefault%2Flanding%2Fenc", null);
        assertThat(list.body()).contains("/Volumes/main/default/landing/enc/one.txt");
    }

    @Test
    void multipartUploadSessionAssemblesParts() {
        String file = "/api/2.0/fs/files/Volumes/main/default/landing/mp/big.bin";
        HttpResponse<String> init = server.send("POST", file + "?action=initiate-upload", "");
        assertThat(init.statusCode()).isEqualTo(200);
        String token = init.body().replaceAll(".*\"session_token\":\"([0-9a-f]+)\".*", "$1");
        HttpResponse<String> urls = server.send("POST", "/api/2.0/fs/create-upload-part-urls",
                "{\"path\":\"/Volumes/main/default/landing/mp/big.bin\",\"session_token\":\"" + token + "\",\"start_part_number\":1,\"count\":2}");
        assertThat(urls.statusCode()).isEqualTo(200);
        String url1 = urls.body().replaceAll(".*\"url\":\"([^\"]+/1)\".*", "$1").replace(server.url(), "");
        String url2 = url1.substring(0, url1.length() - 1) + "2";
        HttpResponse<String> p2 = server.send("PUT", url2, "world");
        HttpResponse<String> p1 = server.send("PUT", url1, "hello ");
        assertThat(p1.headers().firstValue("ETag")).isPresent();
        HttpResponse<String> done = server.send("POST", file + "?action=complete-upload&upload_type=multipart&session_token=" + token,
                "{\"parts\":[{\"part_number\":1,\"etag\":" + p1.headers().firstValue("ETag").get().replace("\"", "\\\"").transform(s -> "\"" + s + "\"")
                        + "},{\"part_number\":2,\"etag\":\"x\"}]}");
        assertThat(done.statusCode()).as(done.body()).isEqualTo(200);
        assertThat(volDir.resolve("mp/big.bin")).hasContent("hello world");
        assertThat(p2.statusCode()).isEqualTo(200);
    }

    private List<DirectoryEntry> list(String path, Long pageSize) {
        return StreamSupport.stream(w.files().listDirectoryContents(new ListDirectoryContentsRequest()
                .setDirectoryPath(path).setPageSize(pageSize)).spliterator(), false).toList();
    }
}
