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
 * rows. Where scripts/containers has set up an engine (MINILAKE_CONTAINER_ENGINE, DOCKER_HOST and
 * TESTCONTAINERS_RYUK_DISABLED from its env file, as scripts/test sources it) an unreachable engine
 * fails the test; elsewhere it skips, naming why.
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
        String engine = System.getenv("MINILAKE_CONTAINER_ENGINE");
        if (engine != null && !engine.isBlank()) {
            assertThat(docker).as("MINILAKE_CONTAINER_ENGINE=" + engine + " but Testcontainers reaches no engine at DOCKER_HOST="
                    + System.getenv("DOCKER_HOST")).isTrue();
        }
        assumeThat(docker).as("no Docker engine on this machine (run scripts/containers and source its --env-file): "
                + "Testcontainers cannot start the MiniLake image").isTrue();

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
