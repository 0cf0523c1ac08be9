package dev.minilake.controlplane;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.workspace.SecretScope;
import dev.minilake.core.settings.Settings;
import dev.minilake.MiniLakeApplication;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * MINILAKE_INIT_DIR seeds the workspace at start and again after every reset, through the real
 * SQL engine, REST calls and a real job task; a broken hook stops the start with a line naming it.
 */
class InitHooksTest {

    @TempDir
    Path tmp;

    @Test
    void sqlJsonAndPythonHooksSeedTheWorkspaceAtStartAndAfterReset() throws Exception {
        Path init = Files.createDirectories(tmp.resolve("init"));
        Files.writeString(init.resolve("10-tables.sql"), """
                -- comments and several statements; a ';' inside a string does not split them
                CREATE SCHEMA main.seed;
                CREATE TABLE main.seed.customers (id BIGINT, name STRING);
                INSERT INTO main.seed.customers VALUES (1, 'Ana; the first'), (2, 'Bo');
                """);
        Files.writeString(init.resolve("20-calls.json"), """
                {"method": "POST", "path": "/api/2.0/secrets/scopes/create", "body": {"scope": "ci"}}

                {"method": "POST", "path": "/api/2.1/unity-catalog/catalogs", "body": {"name": "from_json"}}
                """);
        Files.writeString(init.resolve("30-task.py"), """
                import json, os, urllib.request
                req = urllib.request.Request(os.environ["DATABRICKS_HOST"] + "/api/2.1/unity-catalog/catalogs",
                    data=json.dumps({"name": "from_python"}).encode(), method="POST",
                    headers={"Authorization": "Bearer " + os.environ["DATABRICKS_TOKEN"], "Content-Type": "application/json"})
                print(urllib.request.urlopen(req).status)
                """);
        Files.writeString(init.resolve("README.txt"), "not a hook: ignored");

        MiniLakeServer server = MiniLakeServer.startWith(Map.of("MINILAKE_INIT_DIR", init.toString()));
        try {
            assertSeeded(server);
            server.send("POST", "/api/2.1/unity-catalog/catalogs", "{\"name\":\"extra\"}");
            server.reset();
            assertSeeded(server);
            assertThat(catalogs(server.workspace())).doesNotContain("extra");
        } finally {
            server.close();
        }
    }

    private static void assertSeeded(MiniLakeServer server) {
        assertThat(server.send("GET", "/_minilake/ready", null).statusCode()).isEqualTo(200);
        WorkspaceClient w = server.workspace();
        var r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("SELECT id, name FROM main.seed.customers ORDER BY id"));
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("1", "Ana; the first"), List.of("2", "Bo"));
        assertThat(StreamSupport.stream(w.secrets().listScopes().spliterator(), false).map(SecretScope::getName)).containsExactly("ci");
        assertThat(catalogs(w)).contains("from_json", "from_python");
    }

    private static List<String> catalogs(WorkspaceClient w) {
        return StreamSupport.stream(w.catalogs().list(new com.databricks.sdk.service.catalog.ListCatalogsRequest()).spliterator(), false)
                .map(c -> c.getName()).toList();
    }

    @Test
    void aBrokenHookStopsTheStartNamingTheFile() throws Exception {
        Path init = Files.createDirectories(tmp.resolve("broken"));
        Files.writeString(init.resolve("01-ok.sql"), "CREATE SCHEMA main.fine");
        Files.writeString(init.resolve("02-bad.sql"), "SELECT * FROM main.nowhere.nothing");
        Settings settings = Settings.parse(new String[]{"--port", "0", "--data-dir", tmp.resolve("data").toString()},
                Map.of("MINILAKE_INIT_DIR", init.toString()));
        assertThatThrownBy(() -> MiniLakeApplication.start(settings))
                .hasMessageStartingWith("init hook 02-bad.sql failed: ")
                .hasMessageContaining("nothing");
    }
}
