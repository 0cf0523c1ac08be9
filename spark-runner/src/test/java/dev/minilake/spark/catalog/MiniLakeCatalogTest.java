package dev.minilake.spark.catalog;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The catalog plugin in a real local Spark with Delta, against a Unity Catalog REST stub: names
 * resolve through UC, CREATE TABLE / saveAsTable register EXTERNAL DELTA tables with Spark DDL
 * type_text (or, without a location, MANAGED ones where UC puts them), DROP keeps an EXTERNAL
 * table's files, catalogs created later resolve too. (Against MiniLake itself:
 * tests/python/test_spark_delta.py.) One Spark for the class.
 */
class MiniLakeCatalogTest {
    static UcStub uc;
    static SparkSession spark;
    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        uc = new UcStub();
        uc.catalogs.add("sales");
        spark = SparkSession.builder().master("local[2]").appName("catalog-test")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension," + MiniLakeSparkExtensions.class.getName())
                .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
                .config(MiniLakeCatalog.CONF_URI, uc.url())
                .config("spark.sql.warehouse.dir", dir.resolve("wh").toUri().toString())
                .getOrCreate();
        spark.sql("CREATE NAMESPACE sales.store");
    }

    @AfterAll
    static void stop() {
        if (spark != null) spark.stop();
        if (uc != null) uc.close();
    }

    static StructType idName() {
        return new StructType().add("id", DataTypes.LongType).add("name", DataTypes.StringType);
    }

    @Test
    void theSeedExampleRegistersAPathAndInsertsThroughTheCatalog() {
        String path = dir.resolve("events").toString();
        spark.createDataFrame(List.of(RowFactory.create(1L, "a"), RowFactory.create(2L, "b")), idName())
                .write().format("delta").mode("overwrite").save(path);
        spark.sql("CREATE TABLE sales.store.events USING DELTA LOCATION '" + path + "'");
        ObjectNode t = uc.tables.get("sales.store.events");
        assertThat(t.path("table_type").asText()).isEqualTo("EXTERNAL");
        assertThat(t.path("data_source_format").asText()).isEqualTo("DELTA");
        assertThat(t.path("storage_location").asText()).isEqualTo(path);
        assertThat(t.path("columns").get(0).path("type_text").asText()).isEqualTo("bigint");
        assertThat(t.path("columns").get(0).path("type_name").asText()).isEqualTo("LONG");
        assertThat(t.path("columns").get(1).path("type_json").asText()).contains("\"type\":\"string\"");
        assertThat(uc.requests).contains("POST /temporary-path-credentials");

        spark.sql("INSERT INTO sales.store.events VALUES (3, 'c')");
        assertThat(spark.table("sales.store.events").count()).isEqualTo(3);
        assertThat(spark.read().format("delta").load(path).count()).as("the same files, read by path").isEqualTo(3);
        assertThat(spark.sql("SELECT count(*) FROM sales.store.events VERSION AS OF 0").first().getLong(0)).isEqualTo(2);
        List<Row> tables = spark.sql("SHOW TABLES IN sales.store").collectAsList();
        assertThat(tables).extracting(r -> r.getString(1)).contains("events");
    }

    @Test
    void createTableWithColumnsAtAnEmptyLocationMakesADeltaTable() {
        Path path = dir.resolve("typed");
        spark.sql("CREATE TABLE sales.store.typed (id BIGINT, amount DECIMAL(10,2), tags ARRAY<STRING>, day DATE) "
                + "USING DELTA PARTITIONED BY (day) LOCATION '" + path + "' COMMENT 'typed'");
        assertThat(Files.isDirectory(path.resolve("_delta_log"))).isTrue();
        ObjectNode t = uc.tables.get("sales.store.typed");
        assertThat(t.path("comment").asText()).isEqualTo("typed");
        assertThat(t.path("columns").get(1).path("type_text").asText()).isEqualTo("decimal(10,2)");
        assertThat(t.path("columns").get(1).path("type_precision").asInt()).isEqualTo(10);
        assertThat(t.path("columns").get(2).path("type_text").asText()).isEqualTo("array<string>");
        assertThat(t.path("columns").get(3).path("partition_index").asInt()).isEqualTo(0);
        spark.sql("INSERT INTO sales.store.typed VALUES (1, 9.99, array('x'), DATE'2026-01-02')");
        spark.sql("UPDATE sales.store.typed SET amount = 10.50 WHERE id = 1");
        assertThat(spark.sql("SELECT amount FROM sales.store.typed").first().getDecimal(0).toPlainString()).isEqualTo("10.50");
    }

    @Test
    void saveAsTableWithAPathRegistersAndDropKeepsTheFiles() {
        Path path = dir.resolve("saved");
        spark.createDataFrame(List.of(RowFactory.create(7L, "x")), idName())
                .write().format("delta").option("path", path.toString()).saveAsTable("sales.store.saved");
        assertThat(uc.tables).containsKey("sales.store.saved");
        assertThat(spark.table("sales.store.saved").count()).isEqualTo(1);
        spark.sql("DROP TABLE sales.store.saved");
        assertThat(uc.tables).doesNotContainKey("sales.store.saved");
        assertThat(Files.isDirectory(path.resolve("_delta_log"))).isTrue();
        assertThat(spark.read().format("delta").load(path.toString()).count()).isEqualTo(1);
    }

    @Test
    void aTableWithoutALocationIsManagedWhereUnityCatalogPutsIt() {
        uc.managedRoot = dir.resolve("managed");
        spark.sql("CREATE TABLE sales.store.managed_t (id BIGINT, name STRING) USING DELTA");
        spark.sql("INSERT INTO sales.store.managed_t VALUES (1, 'a')");
        var t = uc.tables.get("sales.store.managed_t");
        assertThat(t.path("table_type").asText()).isEqualTo("MANAGED");
        Path location = Path.of(t.path("storage_location").asText());
        assertThat(location).startsWith(dir.resolve("managed"));
        assertThat(Files.isDirectory(location.resolve("_delta_log"))).isTrue();
        assertThat(spark.read().format("delta").load(location.toString()).count()).isEqualTo(1);
        assertThat(spark.table("sales.store.managed_t").count()).isEqualTo(1);
    }

    @Test
    void aManagedTableWithoutALocationIsNotReadAsDelta() {
        uc.tables.put("sales.store.duck", new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode()
                .put("name", "duck").put("table_type", "MANAGED").put("data_source_format", "DELTA"));
        assertThatThrownBy(() -> spark.table("sales.store.duck").count()).hasMessageContaining("MANAGED");
    }

    @Test
    void catalogsCreatedWhileSparkRunsResolve() throws Exception {
        uc.catalogs.add("late");
        uc.schemas.put("late.s", new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode()
                .put("name", "s").put("catalog_name", "late").put("full_name", "late.s"));
        Thread.sleep(CatalogRegistrar.TTL_NANOS / 1_000_000 + 50);
        Path path = dir.resolve("late");
        spark.sql("CREATE TABLE late.s.t (id INT) USING DELTA LOCATION '" + path + "'");
        spark.sql("INSERT INTO late.s.t VALUES (1), (2)");
        assertThat(spark.table("late.s.t").count()).isEqualTo(2);
        assertThat(uc.tables).containsKey("late.s.t");
    }
}
