package dev.minilake.engines.routing;

import dev.minilake.engines.sqltranslate.ViewStatement;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The router's decisions on the statement's tokens alone: what stays on DuckDB and what Spark answers. */
class EngineRouterTest {

    @Test
    void plainQueriesStayOnDuckDb() {
        for (String sql : List.of("SELECT 42", "SELECT id, name FROM t WHERE id > 3 ORDER BY id", "SELECT 10 / 4", "SELECT avg(x) FROM t",
                "SELECT CAST('5' AS INT)", "SELECT CAST(x AS INT) FROM t", "SELECT id FROM a JOIN b USING (id)", "SELECT 1.5 * 2",
                "SELECT trim(\" xyz \")")) {
            assertThat(EngineRouter.sparkFirst(sql)).as(sql).isEmpty();
        }
    }

    @Test
    void whatDuckDbAnswersDifferentlyGoesToSpark() {
        for (String sql : List.of("SELECT 1.0 / 3", "SELECT round(1.25, 1)", "SELECT CAST(3.99 AS INT)", "SELECT 3.7::INT",
                "SELECT CAST('4.7' AS INT)", "SELECT X'4142'", "SELECT * FROM a JOIN b USING (id)", "SELECT 2Y", "SELECT 1BD",
                "SELECT DATE'2024-01-31' + INTERVAL '1' MONTH", "SELECT named_struct('f', 1).f",
                "SELECT * FROM t PIVOT (sum(v) FOR k IN ('a'))", "SELECT regexp_extract('a1', '([0-9])', 1)",
                "SELECT collect_set(x) FROM t", "SELECT arr[0] FROM t")) {
            assertThat(EngineRouter.sparkFirst(sql)).as(sql).isPresent();
        }
    }

    @Test
    void writesAreNotTakenOverBeforeDuckDbTriesThem() {
        assertThat(EngineRouter.sparkFirst("INSERT INTO t SELECT 1.0 / 3")).isEmpty();
        assertThat(EngineRouter.readOnly("CREATE VIEW v AS SELECT 1")).isFalse();
    }

    @Test
    void theLakesOwnRefusalsNeverGoToSpark() {
        assertThat(EngineRouter.lakeRefused(new RuntimeException("Permission Error: path not allowed"))).isTrue();
        assertThat(EngineRouter.sparkMayAnswer(new RuntimeException("Permission Error: path not allowed"))).isFalse();
        assertThat(EngineRouter.sparkMayAnswer(new RuntimeException("Parser Error: syntax error at or near"))).isTrue();
        assertThat(EngineRouter.sparkMayAnswer(new RuntimeException("Catalog Error: Table with name t does not exist!"))).isFalse();
        assertThat(EngineRouter.kernelCannotWrite(new RuntimeException(
                "Delta Kernel refused the operation on /x: Unsupported Delta writer feature: CHECK constraint c"))).isTrue();
    }

    @Test
    void viewStatementsAreReadFromTheirTokens() {
        ViewStatement v = ViewStatement.recognize("CREATE OR REPLACE TEMP VIEW `My View` (a COMMENT 'x', b) AS SELECT 1, (2) ;").orElseThrow();
        assertThat(v.create()).isTrue();
        assertThat(v.temporary()).isTrue();
        assertThat(v.replace()).isTrue();
        assertThat(v.columnList()).isTrue();
        assertThat(v.name()).containsExactly("My View");
        assertThat(v.query()).isEqualTo("SELECT 1, (2)");

        ViewStatement p = ViewStatement.recognize("CREATE VIEW IF NOT EXISTS c.s.v TBLPROPERTIES ('k' = 'v') AS WITH x AS (SELECT 1) SELECT * FROM x")
                .orElseThrow();
        assertThat(p.temporary()).isFalse();
        assertThat(p.ifExistsOrNot()).isTrue();
        assertThat(p.fullName("main", "default")).isEqualTo("c.s.v");
        assertThat(p.query()).isEqualTo("WITH x AS (SELECT 1) SELECT * FROM x");
        assertThat(ViewStatement.recognize("CREATE VIEW v AS SELECT 1").orElseThrow().fullName("main", "default")).isEqualTo("main.default.v");

        ViewStatement d = ViewStatement.recognize("DROP VIEW IF EXISTS s.v").orElseThrow();
        assertThat(d.create()).isFalse();
        assertThat(d.ifExistsOrNot()).isTrue();
        assertThat(ViewStatement.recognize("CREATE TABLE t AS SELECT 1")).isEmpty();
        assertThat(ViewStatement.recognize("SELECT * FROM v")).isEmpty();
    }

    @Test
    void aStatementMentionsANameAsAnIdentifierOnly() {
        var tokens = dev.minilake.engines.sqltranslate.SqlTokenizer.significant("SELECT 'pairs' FROM `Pairs` p");
        assertThat(ViewStatement.mentions(tokens, Set.of("pairs"))).isTrue();
        var text = dev.minilake.engines.sqltranslate.SqlTokenizer.significant("SELECT 'pairs' FROM other");
        assertThat(ViewStatement.mentions(text, Set.of("pairs"))).isFalse();
    }
}
