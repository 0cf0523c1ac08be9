package dev.minilake.jupyter;

import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** /jupyter without a real JupyterLab: the page saying how to enable it, the redirect to the lab, and strict auth's refusal (the proxy itself: tests/python/test_jupyter.py). */
class JupyterPageTest {

    @Test
    void withoutJupyterlabThePageSaysHowToEnableIt() throws Exception {
        MiniLakeServer server = MiniLakeServer.startWith(Map.of("MINILAKE_PYTHON", "/nonexistent/python3"));
        try {
            for (String path : new String[]{"/jupyter", "/jupyter/lab"}) {
                HttpResponse<String> r = server.send("GET", path, null);
                assertThat(r.statusCode()).isEqualTo(200);
                assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
                assertThat(r.body()).contains("JupyterLab is not installed", "/nonexistent/python3 -m pip install jupyterlab");
            }
        } finally {
            server.close();
        }
    }

    @Test
    void withJupyterlabTheRootRedirectsToTheLabAndStrictAuthRefusesIt(@TempDir Path dir) throws Exception {
        Path python = dir.resolve("python3"); // answers the import probe like an interpreter that has jupyterlab
        Files.writeString(python, "#!/bin/sh\necho 4.4.0\n");
        Files.setPosixFilePermissions(python, PosixFilePermissions.fromString("rwxr-xr-x"));
        MiniLakeServer open = MiniLakeServer.startWith(Map.of("MINILAKE_PYTHON", python.toString()));
        try {
            HttpResponse<String> r = open.send("GET", "/jupyter", null);
            assertThat(r.statusCode()).isEqualTo(302);
            assertThat(r.headers().firstValue("Location")).contains("/jupyter/lab");
        } finally {
            open.close();
        }
        MiniLakeServer strict = MiniLakeServer.startWith(Map.of("MINILAKE_PYTHON", python.toString(),
                "MINILAKE_AUTH", "strict", "MINILAKE_TOKEN", "t"));
        try {
            HttpResponse<String> r = strict.send("GET", "/jupyter/lab", null);
            assertThat(r.statusCode()).isEqualTo(403);
            assertThat(r.body()).contains("not proxied in strict auth");
        } finally {
            strict.close();
        }
    }
}
