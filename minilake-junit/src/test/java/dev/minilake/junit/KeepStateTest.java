package dev.minilake.junit;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.catalog.CreateCatalog;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import static org.assertj.core.api.Assertions.assertThat;

/** resetBetweenTests=false keeps what one test made for the next; env settings get a server of their own. */
@MiniLake(resetBetweenTests = false, env = {"MINILAKE_AUTH=strict", "MINILAKE_TOKEN=dev"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KeepStateTest {

    @Test
    @Order(1)
    void makesACatalog(WorkspaceClient w) {
        w.catalogs().create(new CreateCatalog().setName("kept"));
    }

    @Test
    @Order(2)
    void findsItInTheNextTest(WorkspaceClient w, MiniLakeServer server) throws Exception {
        assertThat(MiniLakeExtensionTest.catalogs(w)).contains("kept");
        // a server of its own: strict auth refuses a request without the token
        var r = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                server.url().resolve("/api/2.1/unity-catalog/catalogs")).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(401);
    }
}
