package dev.minilake.fs;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.NotFound;
import com.databricks.sdk.core.error.platform.AlreadyExists;
import com.databricks.sdk.service.catalog.CreateVolumeRequestContent;
import com.databricks.sdk.service.catalog.VolumeType;
import com.databricks.sdk.service.files.CreateDirectoryRequest;
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
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Files API (/api/2.0/fs) through the real Java SDK on a UC volume and on DBFS: bytes land in
 * the volume's real directory, SQL reads them, ranges work, and no path leaves its root.
 */
class FilesApiSdkTest {
    static final String VOL = "/Volumes/main/default/landing";
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    Path volDir;

    @BeforeEach
    void setUp() {
        server.reset();
        w.volumes().create(new CreateVolumeRequestContent().setCatalogName("main").setSchemaName("default")
                .setName("landing").setVolumeType(VolumeType.MANAGED));
        volDir = server.dataDir().resolve("volumes/main/default/landing");
    }

    @Test
    void uploadDownloadMetadataListDeleteOnAVolume() throws Exception {
        byte[] big = new byte[12 * 1024 * 1024 + 7]; // > 10 MB, odd size
        new Random(42).nextBytes(big);
        w.files().upload(new UploadRequest().setFilePath(VOL + "/raw/big.bin").setContents(new ByteArrayInputStream(big)));
        // the bytes really are in the volume's directory, parents created
        assertThat(Files.size(volDir.resolve("raw/big.bin"))).isEqualTo(big.length);
        assertThat(sha(Files.readAllBytes(volDir.resolve("raw/big.bin")))).isEqualTo(sha(big));

        DownloadResponse d = w.files().download(VOL + "/raw/big.bin");
        try (InputStream in = d.getContents()) {
            assertThat(sha(in.readAllBytes())).isEqualTo(sha(big));
        }
        assertThat(d.getContentLength()).isEqualTo(big.length);

        GetMetadataResponse m = w.files().getMetadata(VOL + "/raw/big.bin");
        assertThat(m.getContentLength()).isEqualTo(big.length);
        assertThat(m.getLastModified()).isNotBlank();

        // overwrite=false refuses an existing file; overwrite=true replaces it
        assertThatThrownBy(() -> w.files().upload(new UploadRequest().setFilePath(VOL + "/raw/big.bin")
                .setOverwrite(false).setContents(new ByteArrayInputStream(new byte[]{1}))))
                .isInstanceOf(AlreadyExists.class); // 409 ALREADY_EXISTS, as the Files API answers
        w.files().upload(new UploadRequest().setFilePath(VOL + "/raw/big.bin").setOverwrite(true)
                .setContents(new ByteArrayInputStream("small".getBytes())));
        assertThat(Files.readString(volDir.resolve("raw/big.bin"))).isEqualTo("small");

        w.files().createDirectory(new CreateDirectoryRequest().setDirectoryPath(VOL + "/raw/sub"));
        assertThat(volDir.resolve("raw/sub")).isDirectory();
        w.files().getDirectoryMetadata(VOL + "/raw/sub");
        List<DirectoryEntry> entries = StreamSupport.stream(w.files().listDirectoryContents(
                new ListDirectoryContentsRequest().setDirectoryPath(VOL + "/raw")).spliterator(), false).toList();
        assertThat(entries).extracting(DirectoryEntry::getName).containsExactly("big.bin", "sub");
        assertThat(entries).extracting(DirectoryEntry::getPath).containsExactly(VOL + "/raw/big.bin", VOL + "/raw/sub/"); // directories end in "/" as on Databricks
        assertThat(entries.get(0).getIsDirectory()).isFalse();
        assertThat(entries.get(0).getFileSize()).isEqualTo(5L);
        assertThat(entries.get(1).getIsDirectory()).isTrue();

        // a non-empty directory is not deleted
        assertThat(status("DELETE", "/api/2.0/fs/directories" + VOL + "/raw", null)).isIn(400, 409);
        assertThat(volDir.resolve("raw/big.bin")).exists();

        w.files().delete(VOL + "/raw/big.bin");
        assertThat(volDir.resolve("raw/big.bin")).doesNotExist();
        assertThatThrownBy(() -> w.files().getMetadata(VOL + "/raw/big.bin")).isInstanceOf(NotFound.class);
        w.files().deleteDirectory(VOL + "/raw/sub");
        w.files().deleteDirectory(VOL + "/raw");
        assertThat(volDir.resolve("raw")).doesNotExist();
        assertThatThrownBy(() -> w.files().getDirectoryMetadata(VOL + "/raw")).isInstanceOf(NotFound.class);
    }

    @Test
    void listingPagesWithPageToken() throws Exception {
        for (int i = 0; i < 7; i++) Files.writeString(Files.createDirectories(volDir.resolve("many")).resolve("f" + i), "x" + i);
        List<String> names = StreamSupport.stream(w.files().listDirectoryContents(
                        new ListDirectoryContentsRequest().setDirectoryPath(VOL + "/many").setPageSize(3L)).spliterator(), false)
                .map(DirectoryEntry::getName).toList();
        assertThat(names).containsExactly("f0", "f1", "f2", "f3", "f4", "f5", "f6");
        HttpResponse<String> page = send("GET", "/api/2.0/fs/directories" + VOL + "/many?page_size=3", null);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("next_page_token").contains("\"f2\"").doesNotContain("\"f3\"");
    }

    @Test
    void sqlReadsAnUploadedCsv() {
        w.files().upload(new UploadRequest().setFilePath(VOL + "/csv/people.csv")
                .setContents(new ByteArrayInputStream("id,name\n1,ada\n2,bob\n3,cy\n".getBytes(StandardCharsets.UTF_8))));
        StatementResponse r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT count(*) AS n, max(name) AS m FROM read_csv('" + VOL + "/csv/people.csv')"));
        assertThat(r.getStatus().getState()).as(String.valueOf(r.getStatus().getError())).isEqualTo(StatementState.SUCCEEDED);
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("3", "cy"));
        // a glob over the volume, and an escape or unknown volume that fails as a statement
        StatementResponse glob = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT count(*) FROM read_csv('" + VOL + "/csv/*.csv')"));
        assertThat(glob.getResult().getDataArray()).containsExactly(List.of("3"));
        for (String bad : List.of(VOL + "/../../x.csv", "/Volumes/main/default/nosuchvol/x.csv")) {
            StatementResponse f = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                    .setStatement("SELECT * FROM read_csv('" + bad + "')"));
            assertThat(f.getStatus().getState()).as(bad).isEqualTo(StatementState.FAILED);
        }
    }

    @Test
    void aVolumeCsvLoadsIntoAnExternalDeltaTable() {
        w.files().upload(new UploadRequest().setFilePath(VOL + "/load/people.csv")
                .setContents(new ByteArrayInputStream("id,name\n1,ada\n2,bob\n".getBytes(StandardCharsets.UTF_8))));
        String location = server.dataDir().resolve("external/delta-from-csv-" + System.nanoTime()).toString();
        for (String sql : List.of(
                "CREATE TABLE main.default.people (id BIGINT, name STRING) USING DELTA LOCATION '" + location + "'",
                "INSERT INTO main.default.people SELECT id, name FROM read_csv('" + VOL + "/load/people.csv')")) {
            StatementResponse r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(sql));
            assertThat(r.getStatus().getState()).as(sql + ": " + r.getStatus().getError()).isEqualTo(StatementState.SUCCEEDED);
        }
        StatementResponse read = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT count(*), max(name) FROM main.default.people"));
        assertThat(read.getResult().getDataArray()).containsExactly(List.of("2", "bob"));
        assertThat(Files.exists(Path.of(location, "_delta_log", "00000000000000000001.json"))).isTrue();
    }

    @Test
    void rangesGive206WithContentRange() throws Exception {
        byte[] data = "0123456789abcdefghij".getBytes(StandardCharsets.UTF_8);
        w.files().upload(new UploadRequest().setFilePath(VOL + "/r.txt").setContents(new ByteArrayInputStream(data)));
        String url = "/api/2.0/fs/files" + VOL + "/r.txt";

        HttpResponse<byte[]> r = sendBytes(url, "bytes=2-5");
        assertThat(r.statusCode()).isEqualTo(206);
        assertThat(new String(r.body())).isEqualTo("2345");
        assertThat(r.headers().firstValue("Content-Range")).hasValue("bytes 2-5/20");
        assertThat(r.headers().firstValue("Content-Length")).hasValue("4");

        r = sendBytes(url, "bytes=15-");
        assertThat(r.statusCode()).isEqualTo(206);
        assertThat(new String(r.body())).isEqualTo("fghij");
        r = sendBytes(url, "bytes=-3");
        assertThat(new String(r.body())).isEqualTo("hij");
        assertThat(r.headers().firstValue("Content-Range")).hasValue("bytes 17-19/20");
        r = sendBytes(url, "bytes=10-100"); // clamped to the end
        assertThat(new String(r.body())).isEqualTo("abcdefghij");
        r = sendBytes(url, "bytes=20-");
        assertThat(r.statusCode()).isEqualTo(416);
        assertThat(r.headers().firstValue("Content-Range")).hasValue("bytes */20");
        r = sendBytes(url, null);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo(data);

        HttpResponse<String> head = send("HEAD", url, null);
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValue("Content-Length")).hasValue("20");
        assertThat(head.headers().firstValue("Last-Modified")).isPresent();
    }

    @Test
    void worksOnDbfsPathsToo() throws Exception {
        byte[] data = "dbfs bytes".getBytes(StandardCharsets.UTF_8);
        assertThat(status("PUT", "/api/2.0/fs/files/dbfs/tmp/fs/a.txt", data)).isEqualTo(204);
        Path onDisk = server.dataDir().resolve("dbfs/tmp/fs/a.txt");
        assertThat(Files.readAllBytes(onDisk)).isEqualTo(data);
        // the same file through the DBFS API
        assertThat(w.dbfs().getStatus("dbfs:/tmp/fs/a.txt").getFileSize()).isEqualTo(data.length);
        assertThat(sendBytes("/api/2.0/fs/files/dbfs/tmp/fs/a.txt", null).body()).isEqualTo(data);
        assertThat(status("DELETE", "/api/2.0/fs/files/dbfs/tmp/fs/a.txt", null)).isIn(200, 204);
        assertThat(onDisk).doesNotExist();
    }

    @Test
    void pathEscapesAreRefusedAndTouchNothingOutside() throws Exception {
        Path outside = Files.createTempDirectory("outside-vol");
        Path secret = Files.writeString(outside.resolve("secret.txt"), "top secret");
        Files.createSymbolicLink(volDir.resolve("link"), outside);
        Files.createSymbolicLink(volDir.resolve("file-link"), secret);
        byte[] evil = "overwritten".getBytes(StandardCharsets.UTF_8);

        List<String> attempts = List.of(
                VOL + "/../../../../etc/passwd",
                VOL + "/%2e%2e/%2e%2e/x",
                VOL + "/%252e%252e/x",
                VOL + "/a%2f..%2f..%2fx",
                VOL + "/link/secret.txt",
                VOL + "/file-link",
                "/Volumes/main/default/%2e%2e/landing/x",
                "/etc/passwd",
                "/dbfs/../../x");
        for (String p : attempts) {
            String files = "/api/2.0/fs/files" + p;
            String dirs = "/api/2.0/fs/directories" + p;
            assertThat(status("GET", files, null)).as("GET " + p).isIn(400, 404);
            assertThat(status("HEAD", files, null)).as("HEAD " + p).isIn(400, 404);
            assertThat(status("PUT", files + "?overwrite=true", evil)).as("PUT " + p).isIn(400, 404);
            assertThat(status("DELETE", files, null)).as("DELETE " + p).isIn(400, 404);
            assertThat(status("GET", dirs, null)).as("LIST " + p).isIn(400, 404);
            assertThat(status("PUT", dirs, null)).as("MKDIR " + p).isIn(400, 404);
            assertThat(status("DELETE", dirs, null)).as("RMDIR " + p).isIn(400, 404);
        }
        assertThat(Files.readString(secret)).isEqualTo("top secret");
        try (var s = Files.list(outside)) {
            assertThat(s.map(x -> x.getFileName().toString()).toList()).containsExactly("secret.txt");
        }
        // a listing of the volume never describes what a symlink points at outside
        HttpResponse<String> list = send("GET", "/api/2.0/fs/directories" + VOL, null);
        assertThat(list.body()).doesNotContain("secret");
    }

    private int status(String method, String path, byte[] body) throws Exception {
        return send(method, path, body).statusCode();
    }

    private HttpResponse<String> send(String method, String path, byte[] body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url() + path))
                .header("Authorization", "Bearer dapi-test")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (body != null) b.header("Content-Type", "application/octet-stream");
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<byte[]> sendBytes(String path, String range) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url() + path)).header("Authorization", "Bearer dapi-test").GET();
        if (range != null) b.header("Range", range);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String sha(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    @SuppressWarnings("unused")
    private static byte[] slice(byte[] b, int from, int to) {
        return Arrays.copyOfRange(b, from, to);
    }
}
