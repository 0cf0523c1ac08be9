package dev.minilake.catalog;

import dev.minilake.catalog.Names.ObjectName;
import dev.minilake.catalog.TableDtos.ColumnInfo;
import dev.minilake.catalog.TableDtos.TableMeta;
import dev.minilake.engines.delta.DeltaTables;
import dev.minilake.engines.delta.DeltaTables.NewFile;
import dev.minilake.engines.duckdb.DuckDbSql;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.SelectItem;
import dev.minilake.engines.types.DataType;
import dev.minilake.engines.types.TypeMapping;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * At start, before the first request: a data dir from before MANAGED tables were Delta keeps them
 * as DuckDB tables. Each becomes a Delta table in the managed area, with the same rows, table_id,
 * owner and comment, and DuckDB's table becomes its view; one log line per table. Then every
 * MANAGED table's DuckDB view is rebuilt from its log (a crash may have come between a commit and
 * the view's refresh).
 *
 * <p>Crash-safe by order: the Delta table is complete before the record names it, and the DuckDB
 * table is dropped last, so a start that finds a DuckDB table still there simply migrates it again.
 */
@Component
@Order(0)
class ManagedTableMigration implements SmartInitializingSingleton {
    private static final Logger log = LoggerFactory.getLogger("minilake.catalog");

    private final PhysicalCatalog physical;
    private final UcStore uc;
    private final DeltaTables delta;
    private final DeltaTableRecords records;

    ManagedTableMigration(PhysicalCatalog physical, UcStore uc, DeltaTables delta, DeltaTableRecords records) {
        this.physical = physical;
        this.uc = uc;
        this.delta = delta;
        this.records = records;
    }

    @Override
    public void afterSingletonsInstantiated() {
        for (String catalog : physical.catalogs()) {
            for (String schema : physical.schemas(catalog)) {
                Map<String, List<PhysicalCatalog.Column>> columns = null;
                for (PhysicalCatalog.Table t : physical.tables(catalog, schema)) {
                    if (t.view()) continue;
                    if (columns == null) columns = physical.columns(catalog, schema);
                    migrate(t, columns.getOrDefault(t.name(), List.of()));
                }
            }
        }
        for (TableMeta m : uc.tables.listByIdPrefix("")) {
            if (!m.managedDelta()) continue;
            ObjectName n = Names.objectFullName("table", m.full_name());
            try {
                records.refresh(n, m);
            } catch (RuntimeException e) {
                log.warn("MANAGED table {}: DuckDB's view of it could not be rebuilt: {}", m.full_name(), e.getMessage());
            }
        }
    }

    private void migrate(PhysicalCatalog.Table t, List<PhysicalCatalog.Column> physicalColumns) {
        String full = t.catalog() + "." + t.schema() + "." + t.name();
        List<DeltaTables.Column> schema = new ArrayList<>();
        List<ColumnInfo> declared = new ArrayList<>();
        try {
            int pos = 0;
            for (PhysicalCatalog.Column c : physicalColumns) {
                DataType type = TypeMapping.parseDuckDb(c.dataType());
                String ddl = TypeMapping.toSparkDdl(type);
                TypeMapping.toDuckDbStorage(type);
                schema.add(new DeltaTables.Column(c.name(), type, c.nullable(), c.comment()));
                declared.add(new ColumnInfo(c.name(), ddl, null, null, null, null, null, pos++, c.nullable(), c.comment(), null));
            }
        } catch (RuntimeException e) {
            log.warn("MANAGED table {} stays a DuckDB table (Spark cannot read it): a column type has no Delta form ({})", full, e.getMessage());
            return;
        }
        ObjectName n = Names.objectFullName("table", full);
        TableMeta old = uc.tables.get(n.fullName()).orElse(null);
        String id = old != null ? old.table_id() : UUID.randomUUID().toString();
        Path dir = records.managedArea(t.catalog(), t.schema()).resolve(id);
        Table table = DuckDbSql.catalogObject(t.catalog(), t.schema(), t.physicalName());
        try (Connection c = physical.engine().connect(); Statement st = c.createStatement()) {
            DeltaTableRecords.deleteTree(dir); // a migration a crash cut short
            delta.create(dir, schema, List.of(), null);
            long rows;
            try (ResultSet rs = st.executeQuery(DuckDbSql.select(List.of(DuckDbSql.item(DuckDbSql.countStar())), table).toString())) {
                rs.next();
                rows = rs.getLong(1);
            }
            List<NewFile> files = new ArrayList<>();
            if (rows > 0) {
                Path file = dir.resolve("part-00000-" + UUID.randomUUID() + "-c000.snappy.parquet");
                List<SelectItem<?>> select = new ArrayList<>();
                for (DeltaTables.Column col : schema) {
                    select.add(DuckDbSql.item(DuckDbSql.cast(DuckDbSql.column(col.name()), TypeMapping.toDuckDbStorage(col.type())), col.name()));
                }
                st.execute(DuckDbSql.copyToParquet(DuckDbSql.select(select, table), file));
                files.add(new NewFile(file, Map.of(), rows));
            }
            DeltaTables.Write w = delta.begin(dir, "MIGRATE FROM DUCKDB");
            w.commit(files, List.of());
            long now = System.currentTimeMillis();
            String comment = t.comment() != null && !t.comment().isEmpty() ? t.comment() : old == null ? null : old.comment();
            uc.tables.put(n.fullName(), n.schemaName().fullName(), new TableMeta(n.fullName(), id, comment,
                    old != null ? old.owner() : uc.owner(), old == null ? null : old.properties(), old != null ? old.created_at() : now, now,
                    "DELTA", dir.toString(), declared, "MANAGED", true));
            st.execute(DuckDbSql.drop("TABLE", table, false));
            records.refresh(n, uc.tables.get(n.fullName()).orElseThrow());
            log.info("MANAGED table {} is now a Delta table ({} rows, migrated from its DuckDB table)", full, rows);
        } catch (SQLException | RuntimeException e) {
            log.warn("MANAGED table {} stays a DuckDB table: migrating it to Delta failed ({})", full, e.getMessage());
            if (Files.exists(dir) && uc.tables.get(n.fullName()).map(m -> !m.managedDelta()).orElse(true)) DeltaTableRecords.deleteTree(dir);
        }
    }
}
