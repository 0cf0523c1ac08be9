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

/** /jupyter tells the truth: how to enable JupyterLab when it is missing, and that the proxy is not built when it is there. */
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
    void withJupyterlabThePageSaysTheProxyIsNotBuiltYet(@TempDir Path dir) throws Exception {
        Path python = dir.resolve("python3"); // answers the import probe like an interpreter that has jupyterlab
        Files.writeString(python, "#!/bin/sh\necho 4.4.0\n");
        Files.setPosixFilePermissions(python, PosixFilePermissions.fromString("rwxr-xr-x"));
        MiniLakeServer server = MiniLakeServer.startWith(Map.of("MINILAKE_PYTHON", python.toString()));
        try {
            HttpResponse<String> r = server.send("GET", "/jupyter", null);
            assertThat(r.statusCode()).isEqualTo(501);
            assertThat(r.body()).contains("JupyterLab 4.4.0 is installed, but not proxied yet");
        } finally {
            server.close();
        }
    }
}
