package dev.minilake.catalog;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.ColumnInfo;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.CreateTableRequest;
import com.databricks.sdk.service.catalog.DataSourceFormat;
import com.databricks.sdk.service.catalog.ListTablesRequest;
import com.databricks.sdk.service.catalog.TableInfo;
import com.databricks.sdk.service.catalog.TableSummary;
import com.databricks.sdk.service.catalog.TableType;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tables through the real Java SDK. A MANAGED table is a real DuckDB table; what get returns is read
 * back from DuckDB (physical truth), decoded into the SDK's TableInfo/ColumnInfo.
 * Tables created by SQL DDL appearing here is tested by the SQL engine's tests.
 */
class TablesSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void managedTableColumnsComeBackAsTheSdkDecodesThem() {
        TableInfo created = w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default")
                .setName("Orders").setTableType(TableType.MANAGED).setDataSourceFormat(DataSourceFormat.DELTA)
                .setProperties(Map.of("quality", "gold"))
                .setColumns(List.of(
                        col("name", "STRING", ColumnTypeName.STRING, 0).setComment("customer"),
                        col("qty", "BIGINT", ColumnTypeName.LONG, 1).setNullable(false),
                        col("price", "DECIMAL(10,2)", ColumnTypeName.DECIMAL, 2).setTypePrecision(10L).setTypeScale(2L),
                        col("tags", "ARRAY<STRING>", ColumnTypeName.ARRAY, 3),
                        col("attrs", "MAP<STRING,INT>", ColumnTypeName.MAP, 4),
                        col("addr", "STRUCT<city:STRING,zip:INT>", ColumnTypeName.STRUCT, 5))));
        assertThat(created.getFullName()).isEqualTo("main.default.orders");
        assertThat(created.getTableId()).isNotBlank();

        TableInfo t = w.tables().get("main.default.orders");
        assertThat(t.getTableId()).isEqualTo(created.getTableId());
        assertThat(t.getTableType()).isEqualTo(TableType.MANAGED);
        assertThat(t.getDataSourceFormat()).isEqualTo(DataSourceFormat.DELTA);
        assertThat(t.getCatalogName()).isEqualTo("main");
        assertThat(t.getSchemaName()).isEqualTo("default");
        assertThat(t.getProperties()).containsEntry("quality", "gold");
        List<ColumnInfo> c = List.copyOf(t.getColumns());
        assertThat(c).extracting(ColumnInfo::getName).containsExactly("name", "qty", "price", "tags", "attrs", "addr");
        assertThat(c).extracting(ColumnInfo::getTypeText)
                .containsExactly("string", "bigint", "decimal(10,2)", "array<string>", "map<string,int>", "struct<city:string,zip:int>");
        assertThat(c).extracting(ColumnInfo::getTypeName).containsExactly(ColumnTypeName.STRING, ColumnTypeName.LONG,
                ColumnTypeName.DECIMAL, ColumnTypeName.ARRAY, ColumnTypeName.MAP, ColumnTypeName.STRUCT);
        assertThat(c).extracting(ColumnInfo::getPosition).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
        assertThat(c.get(2).getTypePrecision()).isEqualTo(10L);
        assertThat(c.get(2).getTypeScale()).isEqualTo(2L);
        assertThat(c.get(1).getNullable()).isFalse();
        assertThat(c.get(0).getNullable()).isTrue();
        assertThat(c.get(0).getComment()).isEqualTo("customer");
        assertThat(c.get(2).getTypeJson()).isEqualTo("{\"name\":\"price\",\"type\":\"decimal(10,2)\",\"nullable\":true,\"metadata\":{}}");
        assertThat(c.get(3).getTypeJson()).contains("\"elementType\":\"string\"");
    }

    @Test
    void tableIdIsStableAcrossReads() {
        create("default", "t1");
        String id = w.tables().get("main.default.t1").getTableId();
        assertThat(w.tables().get("MAIN.DEFAULT.T1").getTableId()).isEqualTo(id);
        assertThat(StreamSupport.stream(w.tables().list("main", "default").spliterator(), false))
                .extracting(TableInfo::getTableId).containsExactly(id);
    }

    @Test
    void listPagesWithMaxResultsAndSummaries() {
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("other"));
        for (String n : List.of("a", "b", "c")) create("default", n);
        create("other", "z");
        List<String> names = StreamSupport.stream(w.tables().list(new ListTablesRequest().setCatalogName("main")
                .setSchemaName("default").setMaxResults(2L)).spliterator(), false).map(TableInfo::getName).toList();
        assertThat(names).containsExactly("a", "b", "c");
        var page = server.send("GET", "/api/2.1/unity-catalog/tables?catalog_name=main&schema_name=default&max_results=2", null);
        assertThat(page.body()).contains("\"next_page_token\":\"b\"");

        assertThat(StreamSupport.stream(w.tables().listSummaries("main").spliterator(), false))
                .extracting(TableSummary::getFullName).containsExactly("main.default.a", "main.default.b", "main.default.c", "main.other.z");
    }

    @Test
    void existsAndDelete() {
        create("default", "gone");
        assertThat(w.tables().exists("main.default.gone").getTableExists()).isTrue();
        w.tables().delete("main.default.gone");
        assertThat(w.tables().exists("main.default.gone").getTableExists()).isFalse();
        assertThatThrownBy(() -> w.tables().get("main.default.gone")).isInstanceOf(ResourceDoesNotExist.class)
                .hasMessageContaining("Table 'main.default.gone' does not exist.");
        assertThatThrownBy(() -> w.tables().delete("main.default.gone")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void errorsLeaveNothingBehind() {
        create("default", "dup");
        assertThatThrownBy(() -> create("default", "DUP")).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> create("default", "a\"; DROP TABLE x; --")).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("table name");
        assertThatThrownBy(() -> create("nope", "t")).isInstanceOf(ResourceDoesNotExist.class).hasMessageContaining("Schema 'main.nope'");
        assertThatThrownBy(() -> w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default")
                .setName("badtype").setTableType(TableType.MANAGED)
                .setColumns(List.of(new ColumnInfo().setName("x").setTypeText("strin").setTypeName(ColumnTypeName.STRING)))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("strin").hasMessageContaining("column 'x'");
        assertThatThrownBy(() -> w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName("default")
                .setName("ext").setTableType(TableType.EXTERNAL).setStorageLocation("/tmp/x")
                .setColumns(List.of(col("x", "int", ColumnTypeName.INT, 0)))))
                .isInstanceOf(InvalidParameterValue.class);
        assertThat(StreamSupport.stream(w.tables().list("main", "default").spliterator(), false))
                .extracting(TableInfo::getName).containsExactly("dup");
    }

    private void create(String schema, String name) {
        w.tables().create(new CreateTableRequest().setCatalogName("main").setSchemaName(schema).setName(name)
                .setTableType(TableType.MANAGED).setDataSourceFormat(DataSourceFormat.DELTA)
                .setColumns(List.of(col("id", "bigint", ColumnTypeName.LONG, 0))));
    }

    private static ColumnInfo col(String name, String typeText, ColumnTypeName typeName, long position) {
        return new ColumnInfo().setName(name).setTypeText(typeText).setTypeName(typeName).setPosition(position);
    }
}
