package dev.minilake.engines.sqltranslate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Databricks SQL in, DuckDB SQL out: a table of cases. */
class SqlTranslatorTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            SELECT `a` FROM `main`.`default`.`t`                      | SELECT "a" FROM "main$uc"."default"."t"
            SELECT nvl(a, 1) FROM t                                   | SELECT coalesce(a, 1) AS "nvl(a, 1)" FROM t
            SELECT date_format(ts, 'yyyy-MM-dd HH:mm') FROM t         | SELECT strftime(ts, '%Y-%m-%d %H:%M') AS "date_format(ts, yyyy-MM-dd HH:mm)" FROM t
            SELECT current_timestamp()                                | SELECT now()
            SELECT explode(array(1, 2))                               | SELECT unnest(list_value(1, 2)) AS "col"
            SELECT floor(x) FROM t                                    | SELECT CAST(floor(x) AS BIGINT) AS "floor(x)" FROM t
            SELECT 'a\\_b' LIKE 'tab\\t'                              | SELECT 'a\\_b' LIKE 'tab\t' ESCAPE '\\'
            SELECT 5 ^ 3, log(x) FROM t                               | SELECT xor(5, 3), ln(x) AS "log(x)" FROM t
            SELECT collect_list(x) FROM t                             | SELECT list(x) AS "collect_list(x)" FROM t
            SELECT named_struct('a', 1, 'b', 'x')                     | SELECT struct_pack("a" := 1, "b" := 'x') AS "named_struct(a, 1, b, x)"
            SELECT size(x) FROM t                                     | SELECT len(x) AS "size(x)" FROM t
            SELECT map('k', 1, 'j', 2)                                | SELECT map(list_value('k', 'j'), list_value(1, 2)) AS "map(k, 1, j, 2)"
            SELECT datediff(e, s) FROM t                              | SELECT datediff('day', s, e) AS "datediff(e, s)" FROM t
            SELECT CAST(x AS ARRAY<INT>) FROM t                       | SELECT CAST(x AS INTEGER[]) AS "CAST(x AS ARRAY<INT>)" FROM t
            SELECT CAST(x AS STRUCT<a:int,b:ARRAY<TIMESTAMP>>) AS s FROM t | SELECT CAST(x AS STRUCT("a" INTEGER, "b" TIMESTAMP[])) AS s FROM t
            SELECT CAST(x AS STRUCT<a : int, `b c`:string>) AS s FROM t | SELECT CAST(x AS STRUCT("a" INTEGER, "b c" VARCHAR)) AS s FROM t
            SELECT CAST(x AS ARRAY< /* c */ INT >) AS s FROM t        | SELECT CAST(x AS INTEGER[]) AS s FROM t
            SELECT CAST(x AS ARRAY<VOID>) AS s FROM t WHERE a >= 1    | SELECT CAST(x AS "NULL"[]) AS s FROM t WHERE a >= 1
            CREATE TABLE t (id INT, name STRING, amt DECIMAL(10,2)) USING DELTA COMMENT 'c' PARTITIONED BY (id) TBLPROPERTIES ('a'='b') | CREATE TABLE t (id INT, name STRING, amt DECIMAL (10, 2))
            CREATE TABLE t (a ARRAY<INT>, m MAP<STRING, INT>, s STRUCT<x: INT, y: STRING>) USING DELTA | CREATE TABLE t (a INTEGER[], m MAP(VARCHAR, INTEGER), s STRUCT("x" INTEGER, "y" VARCHAR))
            CREATE OR REPLACE TABLE t (id INT) CLUSTER BY (id)        | CREATE OR REPLACE TABLE t (id INT)
            CREATE TABLE t USING DELTA AS SELECT nvl(1, 2) AS a       | CREATE TABLE t AS SELECT coalesce(1, 2) AS a
            MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * | MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET *
            SELECT raw:store.bike AS b FROM t                         | SELECT json_extract_string(raw, '$.store.bike') AS b FROM t
            SELECT t.raw:items[0].name AS n FROM t                   | SELECT json_extract_string(t.raw, '$.items[0].name') AS n FROM t
            SELECT raw:['a b'] AS k FROM t WHERE id = :id             | SELECT json_extract_string(raw, '$."a b"') AS k FROM t WHERE id = ?
            """)
    void translates(String databricks, String duckdb) {
        // unaliased select items also get Spark's column name as a quoted alias (SparkColumnNames)
        Translation t = SqlTranslator.translate(databricks);
        assertThat(t.statements()).hasSize(1);
        assertThat(t.statements().get(0).sql()).isEqualTo(duckdb);
    }

    @Test
    void aSetValueIsTheTextAfterTheEqualsSign() {
        assertThat(SqlTranslator.translate("SET spark.sql.session.timeZone = America/New_York").command())
                .isEqualTo(new Command.SetConf("spark.sql.session.timeZone", "America/New_York"));
        assertThat(SqlTranslator.translate("SET spark.sql.shuffle.partitions = 4").command())
                .isEqualTo(new Command.SetConf("spark.sql.shuffle.partitions", "4"));
        assertThat(SqlTranslator.translate("SET my.conf = 'a b'").command()).isEqualTo(new Command.SetConf("my.conf", "a b"));
        assertThat(SqlTranslator.translate("SET my.conf = two words").command()).isEqualTo(new Command.SetConf("my.conf", "two words"));
        assertThat(SqlTranslator.translate("SET my.conf = -1.5").command()).isEqualTo(new Command.SetConf("my.conf", "-1.5"));
    }

    @Test
    void columnCommentsBecomeCommentOnColumn() {
        Translation t = SqlTranslator.translate("CREATE OR REPLACE TABLE main.p.t (id BIGINT NOT NULL COMMENT 'the key', name STRING)");
        assertThat(t.statements()).extracting(Translation.DuckSql::sql).containsExactly(
                "CREATE OR REPLACE TABLE \"main$uc\".p.t (id BIGINT NOT NULL, name STRING)",
                "COMMENT ON COLUMN \"main$uc\".p.t.id IS 'the key'");
    }

    @Test
    void addColumnsIsOneAddColumnPerColumn() {
        Translation t = SqlTranslator.translate("ALTER TABLE t ADD COLUMNS (x INT, y STRING COMMENT 'why')");
        assertThat(t.kind()).isEqualTo(StatementKind.DDL);
        assertThat(t.statements()).extracting(Translation.DuckSql::sql).containsExactly(
                "ALTER TABLE t ADD COLUMN x INT", "ALTER TABLE t ADD COLUMN y STRING", "COMMENT ON COLUMN t.y IS 'why'");
    }

    @Test
    void tableOptionsAreStrippedAndRecorded() {
        Translation t = SqlTranslator.translate(
                "CREATE TABLE t (id INT) USING DELTA COMMENT 'sales' PARTITIONED BY (id) TBLPROPERTIES ('a'='b')");
        assertThat(t.kind()).isEqualTo(StatementKind.DDL);
        assertThat(t.tableOptions()).containsEntry("using", "DELTA").containsEntry("comment", "'sales'")
                .containsKey("partitioned_by").containsKey("tblproperties");
    }

    @Test
    void volumePathsInFileFunctionsAreMapped() {
        VolumePaths local = p -> "/data/vols" + p.substring("/Volumes".length());
        String sql = SqlTranslator.translate("SELECT * FROM read_csv('/Volumes/c/s/v/it''s.csv') WHERE x = '/Volumes/c/s/v/a'",
                local).statements().get(0).sql();
        assertThat(sql).contains("read_csv('/data/vols/c/s/v/it''s.csv')")
                .contains("x = '/Volumes/c/s/v/a'"); // only file-function arguments are paths
        assertThat(SqlTranslator.translate("SELECT * FROM read_parquet('/tmp/x.parquet')", local).statements().get(0).sql())
                .contains("'/tmp/x.parquet'");
    }

    @Test
    void insertOverwriteIsDeleteThenInsert() {
        Translation t = SqlTranslator.translate("INSERT OVERWRITE TABLE t SELECT * FROM s");
        assertThat(t.kind()).isEqualTo(StatementKind.DML);
        assertThat(t.statements()).extracting(Translation.DuckSql::sql)
                .containsExactly("DELETE FROM t", "INSERT INTO t SELECT * FROM s");
    }

    @Test
    void namedParametersBecomeJdbcParametersInOrder() {
        Translation t = SqlTranslator.translate("SELECT * FROM t WHERE a = :x AND b = :y OR c = :x");
        assertThat(t.statements().get(0).sql()).isEqualTo("SELECT * FROM t WHERE a = ? AND b = ? OR c = ?");
        assertThat(t.statements().get(0).parameters()).containsExactly("x", "y", "x");
        assertThat(t.kind()).isEqualTo(StatementKind.QUERY);
    }

    @Test
    void commandsAreRecognizedOnTokens() {
        assertThat(SqlTranslator.translate("SHOW CATALOGS").command()).isEqualTo(new Command.ShowCatalogs());
        assertThat(SqlTranslator.translate("SHOW SCHEMAS IN main").command()).isEqualTo(new Command.ShowSchemas("main"));
        assertThat(SqlTranslator.translate("SHOW TABLES IN `main`.default;").command()).isEqualTo(new Command.ShowTables("main", "default"));
        assertThat(SqlTranslator.translate("DESCRIBE TABLE EXTENDED main.default.t").command())
                .isEqualTo(new Command.Describe(List.of("main", "default", "t"), true));
        assertThat(SqlTranslator.translate("SHOW CREATE TABLE t").command()).isEqualTo(new Command.ShowCreateTable(List.of("t")));
        assertThat(SqlTranslator.translate("USE CATALOG c").command()).isEqualTo(new Command.Use("c", null));
        assertThat(SqlTranslator.translate("USE SCHEMA s").command()).isEqualTo(new Command.Use(null, "s"));
        assertThat(SqlTranslator.translate("USE c.s").kind()).isEqualTo(StatementKind.USE);
        assertThat(SqlTranslator.translate("CREATE SCHEMA IF NOT EXISTS main.sales COMMENT 'x'").command())
                .isEqualTo(new Command.CreateSchema("main", "sales", true, "x"));
        assertThat(SqlTranslator.translate("DROP SCHEMA s CASCADE").command()).isEqualTo(new Command.DropSchema(null, "s", false, true));
        assertThat(SqlTranslator.translate("CREATE CATALOG c").kind()).isEqualTo(StatementKind.DDL);
        assertThat(SqlTranslator.translate("DROP CATALOG IF EXISTS c").command()).isEqualTo(new Command.DropCatalog("c", true, false));
    }

    @Test
    void unparseableSqlPassesThroughForDuckDbToReport() {
        Translation t = SqlTranslator.translate("SELEC 1 WHERE x = :p");
        assertThat(t.parsed()).isFalse();
        assertThat(t.statements().get(0).sql()).isEqualTo("SELEC 1 WHERE x = ?");
        assertThat(t.statements().get(0).parameters()).containsExactly("p");
    }

    @Test
    void constructsWithoutDuckDbEquivalentAreNamed() {
        assertThatThrownBy(() -> SqlTranslator.translate("SELECT from_json(s, 'a INT') FROM t")).hasMessageContaining("from_json");
        assertThatThrownBy(() -> SqlTranslator.translate("SELECT * FROM t LATERAL VIEW inline(a) x AS y")).hasMessageContaining("LATERAL VIEW inline");
        assertThatThrownBy(() -> SqlTranslator.translate("SELECT 1; SELECT 2")).hasMessageContaining("more than one statement");
    }

    @Test
    void complexTypesInStatementsAreParsedOnTokens() {
        assertThat(SqlTranslator.translate("SELECT CAST(x AS STRUCT<a: INT COMMENT 'it\\'s'>) AS s FROM t").statements().get(0).sql())
                .isEqualTo("SELECT CAST(x AS STRUCT(\"a\" INTEGER)) AS s FROM t");
        assertThatThrownBy(() -> SqlTranslator.translate("SELECT CAST(x AS ARRAY<STRIN>) FROM t")).hasMessageFindingMatch("(?i)type .*strin");
        assertThatThrownBy(() -> SqlTranslator.translate("SELECT CAST(x AS ARRAY<INT) FROM t")).isInstanceOf(UnsupportedConstructException.class);
    }

    /** Types map both ways in engines/types (TypeMappingTest); the translator's own mapping is date formats. */
    @Test
    void dateFormatsBecomeStrftime() {
        assertThat(DateFormats.toStrftime("yyyy-MM-dd'T'HH:mm:ss.SSS")).isEqualTo("%Y-%m-%dT%H:%M:%S.%g");
    }
}
