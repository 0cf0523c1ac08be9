package dev.minilake.catalog;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.InvalidState;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CatalogInfo;
import com.databricks.sdk.service.catalog.CatalogType;
import com.databricks.sdk.service.catalog.CreateCatalog;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.DeleteCatalogRequest;
import com.databricks.sdk.service.catalog.ListCatalogsRequest;
import com.databricks.sdk.service.catalog.SchemaInfo;
import com.databricks.sdk.service.catalog.UpdateCatalog;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Catalogs through the real Java SDK: each catalog is a DuckDB file with a default schema. */
class CatalogsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void resetLeavesMainWithDefault() {
        assertThat(catalogNames()).containsExactly("main");
        assertThat(schemaNames("main")).containsExactly("default");
        assertThat(dbFile("main")).exists();
    }

    @Test
    void createGetListUpdateDelete() {
        CatalogInfo created = w.catalogs().create(new CreateCatalog().setName("Sales").setComment("numbers")
                .setProperties(Map.of("team", "bi")));
        assertThat(created.getName()).isEqualTo("sales");
        assertThat(created.getFullName()).isEqualTo("sales");
        assertThat(created.getComment()).isEqualTo("numbers");
        assertThat(created.getProperties()).containsEntry("team", "bi");
        assertThat(created.getCatalogType()).isEqualTo(CatalogType.MANAGED_CATALOG);
        assertThat(created.getMetastoreId()).isEqualTo(w.metastores().summary().getMetastoreId());
        assertThat(created.getOwner()).isNotBlank();
        assertThat(dbFile("sales")).exists();
        assertThat(schemaNames("sales")).containsExactly("default");

        assertThat(w.catalogs().get("SALES").getComment()).isEqualTo("numbers");
        assertThat(catalogNames()).containsExactly("main", "sales");

        CatalogInfo updated = w.catalogs().update(new UpdateCatalog().setName("sales").setComment("revenue").setOwner("ana"));
        assertThat(updated.getComment()).isEqualTo("revenue");
        assertThat(updated.getOwner()).isEqualTo("ana");
        assertThat(updated.getMetastoreId()).isEqualTo(created.getMetastoreId());

        w.catalogs().delete("sales");
        assertThat(catalogNames()).containsExactly("main");
        assertThat(dbFile("sales")).doesNotExist();
        assertThatThrownBy(() -> w.catalogs().get("sales")).isInstanceOf(ResourceDoesNotExist.class)
                .hasMessageContaining("Catalog 'sales' does not exist.");
    }

    @Test
    void terraformDeletesTheDefaultSchemaRightAfterCreate() {
        w.catalogs().create(new CreateCatalog().setName("tf"));
        w.schemas().delete("tf.default");
        assertThat(schemaNames("tf")).isEmpty();
        w.catalogs().delete("tf");
        assertThat(dbFile("tf")).doesNotExist();
    }

    @Test
    void duplicateIsResourceAlreadyExistsCaseInsensitively() {
        w.catalogs().create(new CreateCatalog().setName("dup"));
        assertThatThrownBy(() -> w.catalogs().create(new CreateCatalog().setName("DUP")))
                .isInstanceOf(ResourceAlreadyExists.class).hasMessageContaining("'dup'");
    }

    @Test
    void invalidNamesAreRefusedNamingThemAndNothingIsCreated() {
        for (String bad : List.of("a\"; DROP", "a.b", "with space", "sl/ash", "x".repeat(256), "-lead")) {
            assertThatThrownBy(() -> w.catalogs().create(new CreateCatalog().setName(bad)))
                    .as(bad).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("catalog name");
        }
        assertThat(catalogNames()).containsExactly("main");
        try (var files = Files.list(server.dataDir().resolve("duckdb"))) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".duckdb"))).containsExactly("main.duckdb");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void nonEmptyCatalogNeedsForce() {
        w.catalogs().create(new CreateCatalog().setName("full"));
        w.schemas().create(new CreateSchema().setCatalogName("full").setName("s1"));
        assertThatThrownBy(() -> w.catalogs().delete("full")).isInstanceOf(InvalidState.class).hasMessageContaining("not empty");
        assertThat(catalogNames()).contains("full");

        w.catalogs().delete(new DeleteCatalogRequest().setName("full").setForce(true));
        assertThat(catalogNames()).doesNotContain("full");
        assertThat(dbFile("full")).doesNotExist();
        // a re-created catalog starts clean: nothing of the old one comes back
        w.catalogs().create(new CreateCatalog().setName("full"));
        assertThat(schemaNames("full")).containsExactly("default");
    }

    @Test
    void missingCatalogIs404() {
        assertThatThrownBy(() -> w.catalogs().delete("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.catalogs().update(new UpdateCatalog().setName("nope").setComment("x")))
                .isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void listPagesWithMaxResults() {
        for (String n : List.of("c1", "c2", "c3")) w.catalogs().create(new CreateCatalog().setName(n));
        // the SDK follows next_page_token, so all pages come back in order
        assertThat(StreamSupport.stream(w.catalogs().list(new ListCatalogsRequest().setMaxResults(2L)).spliterator(), false)
                .map(CatalogInfo::getName)).containsExactly("c1", "c2", "c3", "main");
        var page = server.send("GET", "/api/2.1/unity-catalog/catalogs?max_results=2", null);
        assertThat(page.body()).contains("\"next_page_token\":\"c2\"");
    }

    @Test
    void metastoreEndpointsAreStable() {
        var summary = w.metastores().summary();
        var current = w.metastores().current();
        assertThat(current.getMetastoreId()).isEqualTo(summary.getMetastoreId());
        assertThat(current.getDefaultCatalogName()).isEqualTo("main");
        assertThat(w.metastores().get(summary.getMetastoreId()).getName()).isEqualTo(summary.getName());
        assertThat(StreamSupport.stream(w.metastores().list(new com.databricks.sdk.service.catalog.ListMetastoresRequest()).spliterator(), false))
                .extracting(m -> m.getMetastoreId()).containsExactly(summary.getMetastoreId());
        server.reset();
        assertThat(w.metastores().summary().getMetastoreId()).isEqualTo(summary.getMetastoreId());
    }

    private Path dbFile(String name) {
        return server.dataDir().resolve("duckdb/" + name + ".duckdb");
    }

    private List<String> catalogNames() {
        return StreamSupport.stream(w.catalogs().list(new ListCatalogsRequest()).spliterator(), false).map(CatalogInfo::getName).toList();
    }

    private List<String> schemaNames(String catalog) {
        return StreamSupport.stream(w.schemas().list(catalog).spliterator(), false).map(SchemaInfo::getName).toList();
    }
}
