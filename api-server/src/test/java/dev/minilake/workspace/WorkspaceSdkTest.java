package dev.minilake.workspace;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.BadRequest;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.workspace.Delete;
import com.databricks.sdk.service.workspace.ExportFormat;
import com.databricks.sdk.service.workspace.ExportRequest;
import com.databricks.sdk.service.workspace.ExportResponse;
import com.databricks.sdk.service.workspace.Import;
import com.databricks.sdk.service.workspace.ImportFormat;
import com.databricks.sdk.service.workspace.Language;
import com.databricks.sdk.service.workspace.ObjectInfo;
import com.databricks.sdk.service.workspace.ObjectType;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Workspace API through the real Java SDK, plus the raw workspace-files endpoints the CLI uses. */
class WorkspaceSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    final String home = "/Users/" + w.currentUser().me(new com.databricks.sdk.service.iam.MeRequest()).getUserName();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void homeAndSharedExistAfterReset() {
        assertThat(w.workspace().getStatus(home).getObjectType()).isEqualTo(ObjectType.DIRECTORY);
        assertThat(w.workspace().getStatus("/Workspace" + home).getObjectId()).isEqualTo(w.workspace().getStatus(home).getObjectId());
        assertThat(w.workspace().getStatus("/Shared").getObjectType()).isEqualTo(ObjectType.DIRECTORY);
    }

    @Test
    void sourceNotebookRoundTrip() {
        String src = "print('hi')\n";
        w.workspace().importContent(new Import().setPath(home + "/nb").setFormat(ImportFormat.SOURCE)
                .setLanguage(Language.PYTHON).setContent(b64(src)));
        ObjectInfo st = w.workspace().getStatus("/Workspace" + home + "/nb");
        assertThat(st.getObjectType()).isEqualTo(ObjectType.NOTEBOOK);
        assertThat(st.getLanguage()).isEqualTo(Language.PYTHON);
        assertThat(st.getPath()).isEqualTo(home + "/nb");
        assertThat(st.getObjectId()).isPositive();
        assertThat(st.getResourceId()).isEqualTo(String.valueOf(st.getObjectId()));
        assertThat(st.getCreatedAt()).isPositive();
        assertThat(st.getModifiedAt()).isPositive();

        ExportResponse exp = w.workspace().export(new ExportRequest().setPath(home + "/nb").setFormat(ExportFormat.SOURCE));
        assertThat(unb64(exp.getContent())).isEqualTo("# Databricks notebook source\n" + src);
        assertThat(exp.getFileType()).isEqualTo("py");

        assertThatThrownBy(() -> w.workspace().importContent(new Import().setPath(home + "/nb")
                .setFormat(ImportFormat.SOURCE).setLanguage(Language.PYTHON).setContent(b64("x"))))
                .isInstanceOf(ResourceAlreadyExists.class);
        w.workspace().importContent(new Import().setPath(home + "/nb").setFormat(ImportFormat.SOURCE)
                .setLanguage(Language.PYTHON).setContent(b64("y")).setOverwrite(true));
        assertThat(w.workspace().getStatus(home + "/nb").getObjectId()).isEqualTo(st.getObjectId()); // stable id
        assertThatThrownBy(() -> w.workspace().importContent(new Import().setPath(home + "/nb2")
                .setFormat(ImportFormat.SOURCE).setContent(b64("x")))).isInstanceOf(InvalidParameterValue.class);
    }

    @Test
    void autoDetectsNotebooksByHeaderAndOtherwiseMakesFiles() {
        w.workspace().importContent(new Import().setPath(home + "/job.py").setFormat(ImportFormat.AUTO)
                .setContent(b64("# Databricks notebook source\nprint(1)\n")));
        w.workspace().importContent(new Import().setPath(home + "/q.sql").setFormat(ImportFormat.AUTO)
                .setContent(b64("-- Databricks notebook source\nSELECT 1\n")));
        w.workspace().importContent(new Import().setPath(home + "/lib.py").setFormat(ImportFormat.AUTO)
                .setContent(b64("def f(): pass\n")));

        assertThat(w.workspace().getStatus(home + "/job").getObjectType()).isEqualTo(ObjectType.NOTEBOOK);
        assertThat(w.workspace().getStatus(home + "/q").getLanguage()).isEqualTo(Language.SQL);
        ObjectInfo lib = w.workspace().getStatus(home + "/lib.py");
        assertThat(lib.getObjectType()).isEqualTo(ObjectType.FILE);
        assertThat(lib.getSize()).isEqualTo(14L);
        assertThatThrownBy(() -> w.workspace().getStatus(home + "/job.py")).isInstanceOf(ResourceDoesNotExist.class);

        List<ObjectInfo> listed = list(home);
        assertThat(listed).extracting(ObjectInfo::getPath).containsExactly(home + "/job", home + "/lib.py", home + "/q");
        assertThat(unb64(w.workspace().export(new ExportRequest().setPath(home + "/lib.py")).getContent())).isEqualTo("def f(): pass\n");
    }

    @Test
    void jupyterImportAndExport() {
        String ipynb = """
                {"cells": [
                  {"cell_type": "markdown", "metadata": {}, "source": ["# Title\\n", "text"]},
                  {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, "source": ["x = 1\\n", "print(x)"]},
                  {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, "source": "y = 2"}
                ], "metadata": {"language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}
                """;
        w.workspace().importContent(new Import().setPath(home + "/book.ipynb").setFormat(ImportFormat.JUPYTER).setContent(b64(ipynb)));
        assertThat(w.workspace().getStatus(home + "/book").getObjectType()).isEqualTo(ObjectType.NOTEBOOK);

        String source = unb64(w.workspace().export(new ExportRequest().setPath(home + "/book").setFormat(ExportFormat.SOURCE)).getContent());
        assertThat(source).startsWith("# Databricks notebook source\n")
                .contains("# MAGIC %md\n# MAGIC # Title\n# MAGIC text")
                .contains("x = 1\nprint(x)\n\n# COMMAND ----------\n\ny = 2");

        ExportResponse back = w.workspace().export(new ExportRequest().setPath(home + "/book").setFormat(ExportFormat.JUPYTER));
        assertThat(back.getFileType()).isEqualTo("ipynb");
        String json = unb64(back.getContent());
        assertThat(json).contains("\"cell_type\" : \"markdown\"").contains("\"x = 1\\n\", \"print(x)\"").contains("\"y = 2\"");
    }

    @Test
    void mkdirsListDelete() {
        w.workspace().mkdirs(home + "/a/b/c");
        assertThat(list(home + "/a")).extracting(ObjectInfo::getObjectType).containsExactly(ObjectType.DIRECTORY);
        w.workspace().importContent(new Import().setPath(home + "/a/b/c/f.txt").setFormat(ImportFormat.AUTO).setContent(b64("f")));
        assertThatThrownBy(() -> w.workspace().delete(new Delete().setPath(home + "/a")))
                .isInstanceOf(BadRequest.class).hasMessageContaining("not empty");
        w.workspace().delete(new Delete().setPath(home + "/a").setRecursive(true));
        assertThatThrownBy(() -> w.workspace().getStatus(home + "/a/b")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.workspace().delete(new Delete().setPath(home + "/a"))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.workspace().importContent(new Import().setPath(home + "/no/such/f.txt")
                .setFormat(ImportFormat.AUTO).setContent(b64("x")))).isInstanceOf(ResourceDoesNotExist.class);
        // a re-created folder gets a new id: the old records went with the delete
        w.workspace().mkdirs(home + "/a/b");
        assertThat(list(home + "/a/b")).isEmpty();
    }

    @Test
    void importFileLikeTheCliAndBundles() {
        String lock = "/api/2.0/workspace-files/import-file" + home + "/.bundle/deploy.lock";
        assertThat(server.send("POST", lock + "?overwrite=false", "lock-1").statusCode()).isEqualTo(404); // parent missing
        w.workspace().mkdirs(home + "/.bundle");
        assertThat(server.send("POST", lock + "?overwrite=false", "lock-1").statusCode()).isEqualTo(200);
        HttpResponse<String> again = server.send("POST", lock + "?overwrite=false", "lock-2");
        assertThat(again.statusCode()).isEqualTo(409);
        assertThat(again.body()).contains("RESOURCE_ALREADY_EXISTS");
        assertThat(server.send("POST", lock + "?overwrite=true", "lock-3").statusCode()).isEqualTo(200);
        assertThat(server.send("GET", "/api/2.0/workspace-files" + home + "/.bundle/deploy.lock", null).body()).isEqualTo("lock-3");
        assertThat(server.send("GET", "/api/2.0/workspace/export?direct_download=true&path=/Workspace" + home + "/.bundle/deploy.lock", null).body())
                .isEqualTo("lock-3");
        assertThat(w.workspace().getStatus(home + "/.bundle/deploy.lock").getObjectType()).isEqualTo(ObjectType.FILE);

        // a synced .py with the header becomes a notebook, as on Databricks
        server.send("POST", "/api/2.0/workspace-files/import-file" + home + "/.bundle/task.py?overwrite=true",
                "# Databricks notebook source\nprint(2)");
        assertThat(w.workspace().getStatus(home + "/.bundle/task").getObjectType()).isEqualTo(ObjectType.NOTEBOOK);
    }

    @Test
    void multipartImportLikeThePythonSdkUpload() {
        String boundary = "xyzzy";
        String body = part(boundary, "path", home + "/up.txt") + part(boundary, "format", "AUTO")
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"content\"; filename=\"content\"\r\n\r\nuploaded\r\n"
                + "--" + boundary + "--\r\n";
        // as the SDK sends it: with its token (a tokenless multipart body is what a web form sends, refused)
        HttpResponse<String> r = server.send("POST", "/api/2.0/workspace/import", body,
                Map.of("Content-Type", "multipart/form-data; boundary=" + boundary,
                        "Authorization", "Bearer dev"));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(server.send("GET", "/api/2.0/workspace/export?direct_download=true&path=" + home + "/up.txt", null).body())
                .isEqualTo("uploaded");
    }

    @Test
    void roundTripOfAFileLargerThanTenMegabytes() throws Exception {
        byte[] data = new byte[10 * 1024 * 1024 + 4321];
        new Random(11).nextBytes(data);
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> up = http.send(HttpRequest.newBuilder(URI.create(server.url()
                        + "/api/2.0/workspace-files/import-file" + home + "/big.bin?overwrite=true"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(data)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(up.statusCode()).as(up.body()).isEqualTo(200);
        assertThat(w.workspace().getStatus(home + "/big.bin").getSize()).isEqualTo((long) data.length);
        for (String path : List.of("/api/2.0/workspace/export?direct_download=true&path=" + home + "/big.bin",
                "/api/2.0/workspace-files" + home + "/big.bin")) {
            HttpResponse<InputStream> down = http.send(HttpRequest.newBuilder(URI.create(server.url() + path)).GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            assertThat(down.statusCode()).isEqualTo(200);
            try (InputStream in = down.body()) {
                assertThat(sha256(in.readAllBytes())).isEqualTo(sha256(data));
            }
        }
        // and through the SDK's JSON export (base64)
        byte[] viaSdk = Base64.getDecoder().decode(w.workspace().export(new ExportRequest().setPath(home + "/big.bin")).getContent());
        assertThat(sha256(viaSdk)).isEqualTo(sha256(data));
    }

    private static String part(String boundary, String name, String value) {
        return "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n";
    }

    private List<ObjectInfo> list(String path) {
        return StreamSupport.stream(w.workspace().list(path).spliterator(), false).toList();
    }

    static String b64(String s) {
        return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
    }

    static String unb64(String s) {
        return new String(Base64.getDecoder().decode(s), StandardCharsets.UTF_8);
    }

    static String sha256(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }
}
