package dev.minilake.dbfs;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.core.error.platform.BadRequest;
import com.databricks.sdk.service.files.AddBlock;
import com.databricks.sdk.service.files.Create;
import com.databricks.sdk.service.files.Delete;
import com.databricks.sdk.service.files.FileInfo;
import com.databricks.sdk.service.files.Move;
import com.databricks.sdk.service.files.Put;
import com.databricks.sdk.service.files.ReadDbfsRequest;
import com.databricks.sdk.service.files.ReadResponse;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** DBFS through the real Java SDK, including its streaming mixin (create/add-block/close, chunked read). */
class DbfsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void putReadStatusList() {
        w.dbfs().put(new Put().setPath("dbfs:/tmp/a.txt").setContents(b64("hello")).setOverwrite(false));
        ReadResponse r = w.dbfs().read(new ReadDbfsRequest().setPath("/tmp/a.txt").setOffset(1L).setLength(3L));
        assertThat(r.getBytesRead()).isEqualTo(3L);
        assertThat(new String(Base64.getDecoder().decode(r.getData()), StandardCharsets.UTF_8)).isEqualTo("ell");

        FileInfo st = w.dbfs().getStatus("dbfs:/tmp/a.txt");
        assertThat(st.getPath()).isEqualTo("/tmp/a.txt");
        assertThat(st.getIsDir()).isFalse();
        assertThat(st.getFileSize()).isEqualTo(5L);
        assertThat(st.getModificationTime()).isPositive();
        assertThat(w.dbfs().getStatus("/tmp").getIsDir()).isTrue();

        assertThat(list("/tmp")).extracting(FileInfo::getPath).containsExactly("/tmp/a.txt");
        assertThat(list("/tmp/a.txt")).extracting(FileInfo::getPath).containsExactly("/tmp/a.txt");

        assertThatThrownBy(() -> w.dbfs().put(new Put().setPath("/tmp/a.txt").setContents(b64("x"))))
                .isInstanceOf(ResourceAlreadyExists.class);
        w.dbfs().put(new Put().setPath("/tmp/a.txt").setContents(b64("x")).setOverwrite(true));
        assertThat(w.dbfs().getStatus("/tmp/a.txt").getFileSize()).isEqualTo(1L);
        assertThatThrownBy(() -> w.dbfs().getStatus("/nope")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void readOfMoreThanOneMegabyteIsRefused() {
        w.dbfs().put(new Put().setPath("/f").setContents(b64("abc")));
        assertThatThrownBy(() -> w.dbfs().read(new ReadDbfsRequest().setPath("/f").setLength(1024L * 1024 + 1)))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("1 MB");
        ReadResponse past = w.dbfs().read(new ReadDbfsRequest().setPath("/f").setOffset(10L).setLength(5L));
        assertThat(past.getBytesRead()).isZero();
    }

    @Test
    void streamingHandlesCreateAddBlockClose() {
        long h = w.dbfs().create(new Create().setPath("/s/out.bin")).getHandle();
        w.dbfs().addBlock(new AddBlock().setHandle(h).setData(b64("part1-")));
        w.dbfs().addBlock(new AddBlock().setHandle(h).setData(b64("part2")));
        assertThatThrownBy(() -> w.dbfs().getStatus("/s/out.bin")).isInstanceOf(ResourceDoesNotExist.class); // not before close
        w.dbfs().close(h);
        assertThat(read("/s/out.bin")).isEqualTo("part1-part2");
        assertThatThrownBy(() -> w.dbfs().close(h)).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.dbfs().create(new Create().setPath("/s/out.bin"))).isInstanceOf(ResourceAlreadyExists.class);
    }

    @Test
    void roundTripOfAFileLargerThanTenMegabytes() throws Exception {
        byte[] data = new byte[10 * 1024 * 1024 + 12345];
        new Random(7).nextBytes(data);
        w.dbfs().write(Path.of("/big/data.bin"), data); // the SDK streams in 1 MB blocks
        assertThat(w.dbfs().getStatus("/big/data.bin").getFileSize()).isEqualTo((long) data.length);
        byte[] back;
        try (InputStream in = w.dbfs().open("/big/data.bin")) {
            back = in.readAllBytes();
        }
        assertThat(sha256(back)).isEqualTo(sha256(data));
        assertThat(sha256(w.dbfs().readAllBytes(Path.of("/big/data.bin")))).isEqualTo(sha256(data));
    }

    @Test
    void multipartPutStreamsTheFilePart() {
        String boundary = "b0undary";
        String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"path\"\r\n\r\n/mp/x.txt\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"contents\"; filename=\"x.txt\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\nmultipart bytes\r\n--" + boundary + "--\r\n";
        // as the SDK sends it: with its token (a tokenless multipart body is what a web form sends, refused)
        var resp = server.send("POST", "/api/2.0/dbfs/put", body,
                java.util.Map.of("Content-Type", "multipart/form-data; boundary=" + boundary,
                        "Authorization", "Bearer dev"));
        assertThat(resp.statusCode()).as(resp.body()).isEqualTo(200);
        assertThat(read("/mp/x.txt")).isEqualTo("multipart bytes");
    }

    @Test
    void mkdirsMoveDelete() {
        w.dbfs().mkdirs("/d/e");
        w.dbfs().put(new Put().setPath("/d/e/f.txt").setContents(b64("f")));
        w.dbfs().move(new Move().setSourcePath("/d/e/f.txt").setDestinationPath("dbfs:/d/g.txt"));
        assertThat(read("/d/g.txt")).isEqualTo("f");
        assertThatThrownBy(() -> w.dbfs().move(new Move().setSourcePath("/d/missing").setDestinationPath("/d/x")))
                .isInstanceOf(ResourceDoesNotExist.class);
        w.dbfs().put(new Put().setPath("/d/h.txt").setContents(b64("h")));
        assertThatThrownBy(() -> w.dbfs().move(new Move().setSourcePath("/d/g.txt").setDestinationPath("/d/h.txt")))
                .isInstanceOf(ResourceAlreadyExists.class);

        assertThatThrownBy(() -> w.dbfs().delete(new Delete().setPath("/d")))
                .isInstanceOf(BadRequest.class).hasMessageContaining("not empty");
        w.dbfs().delete(new Delete().setPath("/d").setRecursive(true));
        assertThatThrownBy(() -> w.dbfs().getStatus("/d")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void writesOntoATakenPathAnswerDatabricksCodeAndWording() {
        w.dbfs().put(new Put().setPath("/taken/file.txt").setContents(b64("one")));
        String message = "A file or directory already exists at the input path dbfs:/taken/file.txt";
        assertThatThrownBy(() -> w.dbfs().put(new Put().setPath("dbfs:/taken/file.txt").setContents(b64("two"))))
                .isInstanceOf(ResourceAlreadyExists.class).hasMessage(message);
        assertThatThrownBy(() -> w.dbfs().create(new Create().setPath("/taken/file.txt")))
                .isInstanceOf(ResourceAlreadyExists.class).hasMessage(message);
        assertThatThrownBy(() -> w.dbfs().mkdirs("/taken/file.txt"))
                .isInstanceOf(ResourceAlreadyExists.class).hasMessage(message);
        assertThatThrownBy(() -> w.dbfs().mkdirs("/taken/file.txt/below"))
                .isInstanceOf(ResourceAlreadyExists.class)
                .hasMessage("A file or directory already exists at the input path dbfs:/taken/file.txt/below");
        // a put over a directory, even with overwrite, is the same refusal
        assertThatThrownBy(() -> w.dbfs().put(new Put().setPath("/taken").setContents(b64("x")).setOverwrite(true)))
                .isInstanceOf(ResourceAlreadyExists.class)
                .hasMessage("A file or directory already exists at the input path dbfs:/taken");
        // nothing was changed by the refused writes
        assertThat(read("/taken/file.txt")).isEqualTo("one");
        assertThat(list("/taken")).extracting(FileInfo::getPath).containsExactly("/taken/file.txt");
        // mkdirs of an existing directory is fine, as on Databricks
        w.dbfs().mkdirs("/taken");
    }

    @Test
    void theRootListsTheWorkspaceDirectoriesAfterEveryReset() {
        assertThat(list("/")).extracting(FileInfo::getPath).contains("/FileStore", "/tmp");
        assertThat(list("dbfs:/")).allMatch(FileInfo::getIsDir);
        w.dbfs().put(new Put().setPath("/FileStore/tables/x.csv").setContents(b64("a,b")));
        w.dbfs().delete(new Delete().setPath("/tmp").setRecursive(true));
        server.reset();
        assertThat(list("/")).extracting(FileInfo::getPath).containsExactlyInAnyOrder("/FileStore", "/tmp");
        assertThat(list("/FileStore")).isEmpty();
    }

    @Test
    void resolveDbfsPathIsConfinedAndSchemeAgnostic() throws Exception {
        DbfsService service = server.bean(DbfsService.class);
        assertThat(service.resolveDbfsPath("dbfs:/a/b")).isEqualTo(service.resolveDbfsPath("/a/b"));
        assertThat(service.resolveDbfsPath("/a/b")).startsWithRaw(server.dataDir().toRealPath());
        assertThatThrownBy(() -> service.resolveDbfsPath("dbfs:/../x")).isInstanceOf(dev.minilake.core.error.ApiException.class);
        assertThatThrownBy(() -> service.resolveDbfsPath("file:/etc/passwd")).isInstanceOf(dev.minilake.core.error.ApiException.class);
    }

    private String read(String path) {
        ReadResponse r = w.dbfs().read(new ReadDbfsRequest().setPath(path).setLength(1024L * 1024));
        return new String(Base64.getDecoder().decode(r.getData()), StandardCharsets.UTF_8);
    }

    private List<FileInfo> list(String path) {
        return StreamSupport.stream(w.dbfs().list(path).spliterator(), false).toList();
    }

    static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    static String sha256(byte[] data) throws Exception {
        return java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }
}
