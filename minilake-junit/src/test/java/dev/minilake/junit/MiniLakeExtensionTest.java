package dev.minilake.junit;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.catalog.CatalogInfo;
import com.databricks.sdk.service.catalog.CreateCatalog;
import com.databricks.sdk.service.catalog.ListCatalogsRequest;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/** The extension as a user's test class uses it: the real jar started, a client injected, a reset between tests. */
@MiniLake
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MiniLakeExtensionTest {

    static List<String> catalogs(WorkspaceClient w) {
        return StreamSupport.stream(w.catalogs().list(new ListCatalogsRequest()).spliterator(), false).map(CatalogInfo::getName).toList();
    }

    @Test
    @Order(1)
    void aWorkspaceClientIsInjectedAndTalksToARealServer(WorkspaceClient w) {
        w.catalogs().create(new CreateCatalog().setName("sales"));
        var r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setStatement("CREATE TABLE sales.default.t AS SELECT 42 AS answer"));
        assertThat(r.getStatus().getState().toString()).isEqualTo("SUCCEEDED");
        assertThat(catalogs(w)).contains("sales");
    }

    @Test
    @Order(2)
    void eachTestStartsFromAReset(WorkspaceClient w, MiniLakeServer server, URI url) throws Exception {
        assertThat(catalogs(w)).doesNotContain("sales");
        assertThat(url).isEqualTo(server.url());
        HttpResponse<String> ready = HttpClient.newHttpClient().send(HttpRequest.newBuilder(url.resolve("/_minilake/ready")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(ready.statusCode()).isEqualTo(200);
    }
}
