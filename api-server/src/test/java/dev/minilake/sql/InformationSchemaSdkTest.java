package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.catalog.CreateCatalog;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import dev.minilake.support.SqlRows;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Unity Catalog's information_schema (issue 30): each catalog's {@code information_schema} and
 * {@code system.information_schema} answer from Unity Catalog's own records, as Databricks shapes
 * them, at the moment the statement runs; never DuckDB's internal objects.
 */
class InformationSchemaSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void fixture() {
        server.reset();
        w.catalogs().create(new CreateCatalog().setName("shop").setComment("the shop"));
        w.schemas().create(new CreateSchema().setCatalogName("shop").setName("sales"));
        SqlRows.rows(w, "CREATE TABLE shop.sales.orders (id BIGINT NOT NULL, amount DECIMAL(10,2) COMMENT 'in euros', note STRING)");
        SqlRows.rows(w, "CREATE VIEW shop.sales.big_orders AS SELECT id FROM shop.sales.orders WHERE amount > 10");
    }

    @Test
    void tablesColumnsAndViewsOfACatalogComeFromUnityCatalog() {
        assertThat(SqlRows.rows(w, "SELECT table_name, table_type, data_source_format, table_owner IS NOT NULL, created IS NOT NULL"
                + " FROM shop.information_schema.tables WHERE table_schema = 'sales' ORDER BY table_name"))
                .containsExactly(Arrays.asList("big_orders", "VIEW", null, "true", "true"), List.of("orders", "MANAGED", "DELTA", "true", "true"));
        assertThat(SqlRows.rows(w, "SELECT column_name, ordinal_position, is_nullable, full_data_type, data_type, numeric_precision,"
                + " numeric_precision_radix, numeric_scale, comment FROM shop.information_schema.columns WHERE table_name = 'orders' ORDER BY ordinal_position"))
                .containsExactly(Arrays.asList("id", "0", "NO", "bigint", "LONG", "64", "2", "0", null),
                        List.of("amount", "1", "YES", "decimal(10,2)", "DECIMAL", "10", "10", "2", "in euros"),
                        Arrays.asList("note", "2", "YES", "string", "STRING", null, null, null, null));
        assertThat(SqlRows.rows(w, "SELECT table_name, view_definition FROM shop.information_schema.views"))
                .containsExactly(List.of("big_orders", "SELECT id FROM shop.sales.orders WHERE amount > 10"));
        // a catalog's information_schema shows that catalog only
        assertThat(SqlRows.rows(w, "SELECT DISTINCT table_catalog FROM shop.information_schema.tables")).containsExactly(List.of("shop"));
    }

    @Test
    void systemInformationSchemaSpansEveryCatalogAndTheCurrentCatalogNeedsNoPrefix() {
        assertThat(SqlRows.rows(w, "SELECT catalog_name, schema_name FROM system.information_schema.schemata ORDER BY 1, 2"))
                .contains(List.of("main", "default"), List.of("shop", "default"), List.of("shop", "sales"))
                .noneMatch(r -> r.get(0).contains("$") || r.get(0).equals("memory") || r.get(0).equals("temp"));
        assertThat(SqlRows.rows(w, "SELECT catalog_name, comment FROM system.information_schema.catalogs WHERE catalog_name = 'shop'"))
                .containsExactly(List.of("shop", "the shop"));
        // unqualified: the current catalog's, joined with itself under aliases and without
        StatementResponse r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev")
                .setCatalog("shop").setSchema("sales").setStatement("SELECT tables.table_name, count(c.column_name) FROM information_schema.tables"
                        + " JOIN information_schema.columns c USING (table_schema, table_name) WHERE table_schema = 'sales'"
                        + " GROUP BY tables.table_name ORDER BY 1"));
        assertThat(r.getStatus().getState()).as(String.valueOf(r.getStatus().getError())).isEqualTo(StatementState.SUCCEEDED);
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("big_orders", "1"), List.of("orders", "3"));
    }

    @Test
    void itShowsTheCatalogAsItIsWhenTheStatementRunsAndAMissingViewIsNotFound() {
        SqlRows.rows(w, "DROP VIEW shop.sales.big_orders");
        SqlRows.rows(w, "ALTER TABLE shop.sales.orders RENAME TO shop.sales.orders_2026");
        assertThat(SqlRows.rows(w, "SELECT table_name FROM shop.information_schema.tables WHERE table_schema = 'sales'"))
                .containsExactly(List.of("orders_2026"));
        assertThat(SqlRows.failure(w, "SELECT * FROM shop.information_schema.nope"))
                .startsWith("[TABLE_OR_VIEW_NOT_FOUND]").contains("`shop`.`information_schema`.`nope`");
        assertThat(SqlRows.failure(w, "SELECT * FROM nowhere.information_schema.tables")).startsWith("[TABLE_OR_VIEW_NOT_FOUND]");
    }
}
