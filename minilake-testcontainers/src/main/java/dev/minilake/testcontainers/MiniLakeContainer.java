package dev.minilake.testcontainers;

import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The MiniLake image (built from this repository's Dockerfile) as a Testcontainers container. It is
 * ready when {@code /_minilake/ready} answers 200, which waits for the init scripts too.
 *
 * <pre>{@code
 * try (MiniLakeContainer lake = new MiniLakeContainer().withInitScripts(Path.of("seed/01-tables.sql"))) {
 *     lake.start();
 *     WorkspaceClient w = lake.getWorkspaceClient();
 * }
 * }</pre>
 */
public class MiniLakeContainer extends GenericContainer<MiniLakeContainer> {
    public static final DockerImageName DEFAULT_IMAGE = DockerImageName.parse("minilake:0.1.0");
    public static final int PORT = 8000;
    /** Where init scripts go inside the container (MINILAKE_INIT_DIR). */
    static final String INIT_DIR = "/minilake-init";

    public MiniLakeContainer() {
        this(DEFAULT_IMAGE);
    }

    public MiniLakeContainer(DockerImageName image) {
        super(image);
        withExposedPorts(PORT);
        waitingFor(Wait.forHttp("/_minilake/ready").forPort(PORT).forStatusCode(200).withStartupTimeout(Duration.ofMinutes(3)));
    }

    /**
     * Seeds the workspace with these files at start and after every reset: {@code *.sql},
     * {@code *.json} (REST calls) and {@code *.py} (job tasks), run in name order.
     */
    public MiniLakeContainer withInitScripts(Path... files) {
        for (Path f : files) withCopyFileToContainer(MountableFile.forHostPath(f), INIT_DIR + "/" + f.getFileName());
        return withEnv("MINILAKE_INIT_DIR", INIT_DIR);
    }

    /** The Databricks host for clients outside the container. */
    public String getUrl() {
        return "http://" + getHost() + ":" + getMappedPort(PORT);
    }

    /** A Databricks Java SDK client pointed at the container (needs com.databricks:databricks-sdk-java). */
    public com.databricks.sdk.WorkspaceClient getWorkspaceClient() {
        return new com.databricks.sdk.WorkspaceClient(new com.databricks.sdk.core.DatabricksConfig().setHost(getUrl()).setToken("dev"));
    }
}
