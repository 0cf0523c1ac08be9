package dev.minilake.files;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksError;
import com.databricks.sdk.service.files.Put;
import com.databricks.sdk.service.files.ReadDbfsRequest;
import com.databricks.sdk.service.workspace.ExportRequest;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import dev.minilake.support.MiniLakeServer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every file API refuses paths that lead out of its root ("..", %2e%2e, other schemes, symlinks
 * planted in the data dir) with 400/404, and no byte outside the root is read or written.
 */
class PathTraversalTest {
    static final String SECRET = "outside-secret-bytes";

    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    Path outside;

    @BeforeEach
    void setUp() throws IOException {
        server.reset();
        outside = Files.createTempDirectory("minilake-outside-");
        Files.writeString(outside.resolve("secret.txt"), SECRET);
        Files.createSymbolicLink(server.dataDir().resolve("dbfs").resolve("link"), outside);
        Files.createSymbolicLink(server.dataDir().resolve("workspace").resolve("Shared").resolve("link"), outside);
    }

    @AfterEach
    void outsideIsUntouched() throws IOException {
        try (Stream<Path> s = Files.list(outside)) {
            assertThat(s.map(p -> p.getFileName().toString()).toList()).containsExactly("secret.txt");
        }
        assertThat(Files.readString(outside.resolve("secret.txt"))).isEqualTo(SECRET);
        server.reset(); // reset removes the links, never their targets
        assertThat(Files.readString(outside.resolve("secret.txt"))).isEqualTo(SECRET);
        try (Stream<Path> s = Files.walk(outside)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void dbfsRefusesTraversalAndSymlinks() {
        for (String bad : List.of("/../escape.txt", "dbfs:/a/../../escape.txt", "/%2e%2e/escape.txt",
                "file:" + outside + "/x.txt", "/link/x.txt", "relative.txt")) {
            refused(() -> w.dbfs().put(new Put().setPath(bad).setContents(b64("x")).setOverwrite(true)));
            refused(() -> w.dbfs().mkdirs(bad));
        }
        refused(() -> w.dbfs().read(new ReadDbfsRequest().setPath("/link/secret.txt")));
        refused(() -> w.dbfs().getStatus("/link/secret.txt"));
        refused(() -> w.dbfs().list("/link").iterator().hasNext());
        refused(() -> w.dbfs().delete(new com.databricks.sdk.service.files.Delete().setPath("/link").setRecursive(true)));
        refused(() -> w.dbfs().create(new com.databricks.sdk.service.files.Create().setPath("/link/streamed.bin")));
        w.dbfs().put(new Put().setPath("/inside.txt").setContents(b64("in")));
        refused(() -> w.dbfs().move(new com.databricks.sdk.service.files.Move().setSourcePath("/inside.txt").setDestinationPath("/link/moved.txt")));
        refused(() -> w.dbfs().move(new com.databricks.sdk.service.files.Move().setSourcePath("/link/secret.txt").setDestinationPath("/stolen.txt")));
        assertThat(status(server.send("GET", "/api/2.0/dbfs/read?path=/%252e%252e/escape.txt", null))).isIn(400, 404);
    }

    @Test
    void workspaceRefusesTraversalAndSymlinks() {
        for (String bad : List.of("/Shared/../../escape.txt", "/Workspace/../escape.txt", "/Shared/%2e%2e/%2e%2e/escape.txt",
                "/Shared/link/x.txt", "relative.txt")) {
            refused(() -> w.workspace().importContent(new Import().setPath(bad).setFormat(ImportFormat.AUTO).setContent(b64("x"))));
            refused(() -> w.workspace().mkdirs(bad));
        }
        refused(() -> w.workspace().export(new ExportRequest().setPath("/Shared/link/secret.txt")));
        refused(() -> w.workspace().getStatus("/Shared/link/secret.txt"));
        refused(() -> w.workspace().list("/Shared/link").iterator().hasNext());
        refused(() -> w.workspace().delete(new com.databricks.sdk.service.workspace.Delete().setPath("/Shared/link").setRecursive(true)));
    }

    @Test
    void rawWorkspaceFileEndpointsRefuseTraversalAndSymlinks() {
        for (String bad : List.of("/Shared/link/x.txt", "/Shared/%2e%2e/%2e%2e/escape.txt", "/Shared/..%2f..%2fescape.txt",
                "/Shared/../../escape.txt")) {
            HttpResponse<String> r = server.send("POST", "/api/2.0/workspace-files/import-file" + bad + "?overwrite=true", "x");
            assertThat(r.statusCode()).as(bad + " " + r.body()).isIn(400, 404);
        }
        for (String get : List.of("/api/2.0/workspace-files/Shared/link/secret.txt",
                "/api/2.0/workspace/export?direct_download=true&path=/Shared/link/secret.txt",
                "/api/2.0/workspace/export?direct_download=true&path=/Shared/%2e%2e/%2e%2e/etc/hostname")) {
            HttpResponse<String> r = server.send("GET", get, null);
            assertThat(r.statusCode()).as(get).isIn(400, 404);
            assertThat(r.body()).doesNotContain(SECRET);
        }
        assertThat(Files.exists(server.dataDir().resolve("escape.txt"))).isFalse();
        assertThat(Files.exists(server.dataDir().getParent().resolve("escape.txt"))).isFalse();
    }

    private static int status(HttpResponse<String> r) {
        return r.statusCode();
    }

    private static void refused(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(DatabricksError.class,
                        e -> assertThat(e.getStatusCode()).isIn(400, 404))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain(SECRET));
    }

    static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }
}
