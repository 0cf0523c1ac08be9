package dev.minilake.testcontainers;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * On a machine with Docker and the image minilake:0.1.0 (docker build -t minilake:0.1.0 .): the
 * container starts, waits for ready, runs its init script, and a WorkspaceClient reads the seeded
 * rows. Skips, naming why, where there is no Docker engine (as on the development machines).
 */
class MiniLakeContainerTest {

    @Test
    void theContainerIsReadyWithItsInitScriptRun(@TempDir Path tmp) throws Exception {
        boolean docker;
        try {
            docker = DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException e) {
            docker = false;
        }
        assumeThat(docker).as("no Docker engine on this machine: Testcontainers cannot start the MiniLake image").isTrue();

        Path seed = Files.writeString(tmp.resolve("01-seed.sql"), "CREATE TABLE main.default.t AS SELECT 42 AS answer");
        try (MiniLakeContainer lake = new MiniLakeContainer().withInitScripts(seed)) {
            lake.start();
            WorkspaceClient w = lake.getWorkspaceClient();
            var r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                    .setStatement("SELECT answer FROM main.default.t"));
            assertThat(r.getResult().getDataArray()).containsExactly(List.of("42"));
        }
    }
}
