package dev.minilake.support;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.catalog.ColumnInfo;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateTableRequest;
import com.databricks.sdk.service.catalog.TableType;

import java.util.List;
import java.util.stream.StreamSupport;

/** Small Unity Catalog fixtures the SDK tests share. */
public final class UcFixtures {
    private UcFixtures() {
    }

    /** Every item of an SDK listing (the SDK pages through it). */
    public static <T> List<T> all(Iterable<T> it) {
        return StreamSupport.stream(it.spliterator(), false).toList();
    }

    /** A MANAGED table with one int column, created through the SDK. */
    public static void managedTable(WorkspaceClient w, String catalog, String schema, String name) {
        w.tables().create(new CreateTableRequest().setCatalogName(catalog).setSchemaName(schema).setName(name).setTableType(TableType.MANAGED)
                .setColumns(List.of(new ColumnInfo().setName("id").setTypeText("int").setTypeName(ColumnTypeName.INT))));
    }
}
