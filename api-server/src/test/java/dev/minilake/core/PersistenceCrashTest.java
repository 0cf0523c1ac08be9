package dev.minilake.core;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksConfig;
import com.databricks.sdk.service.settings.CreateTokenRequest;
import com.databricks.sdk.service.settings.PublicTokenInfo;
import dev.minilake.support.ServerProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/** An acknowledged write survives kill -9 of the server process. */
class PersistenceCrashTest {

    @TempDir
    Path tmp;

    @Test
    void tokenCreatedJustBeforeKill9IsListedAfterRestart() throws Exception {
        Path data = tmp.resolve("data");
        ServerProcess first = ServerProcess.start(data, Map.of());
        String id;
        try {
            id = client(first).tokens().create(new CreateTokenRequest().setComment("survivor")).getTokenInfo().getTokenId();
        } finally {
            first.kill9();
        }
        ServerProcess second = ServerProcess.start(data, Map.of());
        try {
            var listed = StreamSupport.stream(client(second).tokens().list().spliterator(), false).toList();
            assertThat(listed).extracting(PublicTokenInfo::getTokenId).containsExactly(id);
            assertThat(listed.get(0).getComment()).isEqualTo("survivor");
        } finally {
            second.kill9();
        }
    }

    @Test
    void persistFlagKeepsStateInTheGivenDataDir() throws Exception {
        Path data = tmp.resolve("persist");
        ServerProcess first = ServerProcess.start(data, Map.of("MINILAKE_PERSIST", "1"));
        try {
            client(first).tokens().create(new CreateTokenRequest().setComment("kept"));
        } finally {
            first.kill9();
        }
        assertThat(data.resolve("control/minilake.db")).exists();
    }

    private static WorkspaceClient client(ServerProcess p) {
        return new WorkspaceClient(new DatabricksConfig().setHost(p.url()).setToken("dev"));
    }
}
