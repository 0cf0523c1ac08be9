package dev.minilake.catalog;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.InvalidState;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.ColumnInfo;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.CreateTableRequest;
import com.databricks.sdk.service.catalog.DeleteSchemaRequest;
import com.databricks.sdk.service.catalog.ListSchemasRequest;
import com.databricks.sdk.service.catalog.SchemaInfo;
import com.databricks.sdk.service.catalog.TableType;
import com.databricks.sdk.service.catalog.UpdateSchema;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Schemas through the real Java SDK: DuckDB schemas inside the catalog's database. */
class SchemasSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void createGetUpdateDelete() {
        SchemaInfo s = w.schemas().create(new CreateSchema().setCatalogName("main").setName("Bronze").setComment("raw")
                .setProperties(Map.of("k", "v")));
        assertThat(s.getName()).isEqualTo("bronze");
        assertThat(s.getCatalogName()).isEqualTo("main");
        assertThat(s.getFullName()).isEqualTo("main.bronze");
        assertThat(s.getComment()).isEqualTo("raw");
        assertThat(s.getSchemaId()).isNotBlank();

        SchemaInfo got = w.schemas().get("MAIN.BRONZE");
        assertThat(got.getSchemaId()).isEqualTo(s.getSchemaId());
        assertThat(got.getProperties()).containsEntry("k", "v");

        SchemaInfo updated = w.schemas().update(new UpdateSchema().setFullName("main.bronze").setComment("landing"));
        assertThat(updated.getComment()).isEqualTo("landing");
        assertThat(updated.getSchemaId()).isEqualTo(s.getSchemaId());

        w.schemas().delete("main.bronze");
        assertThatThrownBy(() -> w.schemas().get("main.bronze")).isInstanceOf(ResourceDoesNotExist.class)
                .hasMessageContaining("Schema 'main.bronze' does not exist.");
    }

    @Test
    void listPagesThroughAllSchemas() {
        for (String n : List.of("s1", "s2", "s3", "s4")) w.schemas().create(new CreateSchema().setCatalogName("main").setName(n));
        List<String> all = StreamSupport.stream(w.schemas().list(new ListSchemasRequest().setCatalogName("main").setMaxResults(2L))
                .spliterator(), false).map(SchemaInfo::getName).toList();
        assertThat(all).containsExactly("default", "s1", "s2", "s3", "s4");
        var first = server.send("GET", "/api/2.1/unity-catalog/schemas?catalog_name=main&max_results=2", null);
        assertThat(first.body()).contains("\"next_page_token\":\"s1\"").doesNotContain("\"s2\"");
        var second = server.send("GET", "/api/2.1/unity-catalog/schemas?catalog_name=main&max_results=2&page_token=s1", null);
        assertThat(second.body()).contains("\"main.s2\"", "\"main.s3\"").contains("\"next_page_token\":\"s3\"");
    }

    @Test
    void errors() {
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("dup"));
        assertThatThrownBy(() -> w.schemas().create(new CreateSchema().setCatalogName("main").setName("DUP")))
                .isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.schemas().create(new CreateSchema().setCatalogName("nope").setName("x")))
                .isInstanceOf(ResourceDoesNotExist.class).hasMessageContaining("Catalog 'nope'");
        assertThatThrownBy(() -> w.schemas().create(new CreateSchema().setCatalogName("main").setName("a\"; DROP")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("schema name 'a\"; DROP'");
        assertThatThrownBy(() -> w.schemas().get("main")).isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.schemas().list("nope").iterator().next()).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(StreamSupport.stream(w.schemas().list("main").spliterator(), false).map(SchemaInfo::getName))
                .containsExactly("default", "dup");
    }

    @Test
    void nonEmptySchemaNeedsForce() {
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("s"));
        w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("s").setName("t")
                .setTableType(TableType.MANAGED)
                .setColumns(List.of(new ColumnInfo().setName("id").setTypeText("bigint").setTypeName(ColumnTypeName.LONG))));
        assertThatThrownBy(() -> w.schemas().delete("main.s")).isInstanceOf(InvalidState.class).hasMessageContaining("not empty");
        assertThat(w.tables().exists("main.s.t").getTableExists()).isTrue();

        w.schemas().delete(new DeleteSchemaRequest().setFullName("main.s").setForce(true));
        assertThatThrownBy(() -> w.schemas().get("main.s")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.tables().exists("main.s.t").getTableExists()).isFalse();
    }
}
