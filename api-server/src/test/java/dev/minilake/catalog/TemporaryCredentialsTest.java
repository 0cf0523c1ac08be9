package dev.minilake.catalog;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.NotFound;
import com.databricks.sdk.service.catalog.ColumnInfo;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateTableRequest;
import com.databricks.sdk.service.catalog.DataSourceFormat;
import com.databricks.sdk.service.catalog.GenerateTemporaryPathCredentialRequest;
import com.databricks.sdk.service.catalog.GenerateTemporaryPathCredentialResponse;
import com.databricks.sdk.service.catalog.GenerateTemporaryTableCredentialRequest;
import com.databricks.sdk.service.catalog.GenerateTemporaryTableCredentialResponse;
import com.databricks.sdk.service.catalog.PathOperation;
import com.databricks.sdk.service.catalog.TableOperation;
import com.databricks.sdk.service.catalog.TableType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The temporary-credential endpoints the Unity Catalog Spark connector calls: through the real Java
 * SDK, at the open-source connector's 2.1 paths, with an empty or unfamiliar body, and from a JDK
 * HttpClient that asks for {@code Upgrade: h2c} as the connector's client does.
 */
class TemporaryCredentialsTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();
    final ObjectMapper json = new ObjectMapper();
    String tableId;

    @BeforeEach
    void table() {
        server.reset();
        tableId = w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default").setName("t")
                .setTableType(TableType.MANAGED).setDataSourceFormat(DataSourceFormat.DELTA)
                .setColumns(List.of(new ColumnInfo().setName("id").setTypeText("BIGINT").setTypeName(ColumnTypeName.LONG).setPosition(0L))))
                .getTableId();
    }

    @Test
    void tableCredentialsThroughTheSdkAreEmptyWithAnExpiry() {
        long now = System.currentTimeMillis();
        GenerateTemporaryTableCredentialResponse r = w.temporaryTableCredentials().generateTemporaryTableCredentials(
                new GenerateTemporaryTableCredentialRequest().setTableId(tableId).setOperation(TableOperation.READ_WRITE));
        assertThat(r.getExpirationTime()).isGreaterThan(now);
        assertThat(r.getUrl()).isEqualTo(w.tables().get("main.default.t").getStorageLocation());
        assertThat(r.getAwsTempCredentials()).isNull();
        assertThat(r.getAzureUserDelegationSas()).isNull();
        assertThat(r.getGcpOauthToken()).isNull();
    }

    @Test
    void tableIdStaysStableAndUnknownIdsAre404() {
        assertThat(w.tables().get("main.default.t").getTableId()).isEqualTo(tableId);
        assertThatThrownBy(() -> w.temporaryTableCredentials().generateTemporaryTableCredentials(
                new GenerateTemporaryTableCredentialRequest().setTableId("00000000-0000-0000-0000-000000000000").setOperation(TableOperation.READ)))
                .isInstanceOf(NotFound.class);
        w.tables().delete("main.default.t");
        HttpResponse<String> gone = server.send("POST", "/api/2.1/unity-catalog/temporary-table-credentials",
                "{\"table_id\":\"" + tableId + "\",\"operation\":\"READ\"}");
        assertThat(gone.statusCode()).isEqualTo(404);
        assertThat(gone.body()).contains("RESOURCE_DOES_NOT_EXIST");
    }

    @Test
    void pathCredentialsThroughTheSdk() {
        GenerateTemporaryPathCredentialResponse r = w.temporaryPathCredentials().generateTemporaryPathCredentials(
                new GenerateTemporaryPathCredentialRequest().setUrl("file:///data/x").setOperation(PathOperation.PATH_CREATE_TABLE));
        assertThat(r.getUrl()).isEqualTo("file:///data/x");
        assertThat(r.getExpirationTime()).isGreaterThan(System.currentTimeMillis());
    }

    @Test
    void emptyAndUnfamiliarBodiesAreNot400() throws Exception {
        for (String path : List.of("/api/2.1/unity-catalog/temporary-table-credentials", "/api/2.1/unity-catalog/temporary-path-credentials",
                "/api/2.0/unity-catalog/temporary-table-credentials", "/api/2.0/unity-catalog/temporary-path-credentials")) {
            HttpResponse<String> empty = server.send("POST", path, "");
            assertThat(empty.statusCode()).as(path + " empty").isEqualTo(200);
            assertThat(json.readTree(empty.body()).path("expiration_time").asLong()).isPositive();
            HttpResponse<String> odd = server.send("POST", path, "{\"unexpected\":{\"nested\":[1,2]},\"operation\":\"SOMETHING_NEW\"}");
            assertThat(odd.statusCode()).as(path + " unfamiliar").isEqualTo(200);
        }
        HttpResponse<String> withExtra = server.send("POST", "/api/2.1/unity-catalog/temporary-table-credentials",
                "{\"table_id\":\"" + tableId + "\",\"operation\":\"READ\",\"future_field\":true}");
        assertThat(withExtra.statusCode()).isEqualTo(200);
        assertThat(json.readTree(withExtra.body()).path("url").asText()).isEqualTo(w.tables().get("main.default.t").getStorageLocation());
    }

    /** A JDK client set to HTTP/2 sends the POST as HTTP/1.1 with {@code Upgrade: h2c}; the body must arrive. */
    @Test
    void javaHttpClientWithUpgradeH2cKeepsThePostBody() throws Exception {
        HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).connectTimeout(Duration.ofSeconds(10)).build();
        for (int i = 0; i < 2; i++) { // the first request carries the upgrade; the second uses whatever was negotiated
            HttpResponse<String> r = h2.send(HttpRequest.newBuilder(URI.create(server.url() + "/api/2.1/unity-catalog/temporary-table-credentials"))
                    .header("Content-Type", "application/json").header("Authorization", "Bearer dev")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"table_id\":\"" + tableId + "\",\"operation\":\"READ\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            JsonNode body = json.readTree(r.body());
            assertThat(body.path("url").asText()).isEqualTo(w.tables().get("main.default.t").getStorageLocation());
        }
        HttpResponse<String> missing = h2.send(HttpRequest.newBuilder(URI.create(server.url() + "/api/2.1/unity-catalog/temporary-table-credentials"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"table_id\":\"no-such-id\",\"operation\":\"READ\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(missing.statusCode()).as("the body reached the server: the id in it was looked up").isEqualTo(404);
    }
}
