package dev.minilake.sql;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.sql.ColumnInfo;
import com.databricks.sdk.service.sql.ExecuteStatementRequest;
import com.databricks.sdk.service.sql.StatementResponse;
import com.databricks.sdk.service.sql.StatementState;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Databricks' surface, not DuckDB's (issue 18): session functions answer as on Databricks, result
 * columns are named as Spark names them, and errors carry Spark's error classes with no DuckDB
 * internal names (no "$uc" aliases, no hints about DuckDB's own system views).
 */
class SparkSurfaceSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    StatementResponse run(String sql) {
        // up to 50 s: a query DuckDB cannot answer may wait for the warm Spark to start
        return w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setStatement(sql).setWaitTimeout("50s"));
    }

    String error(String sql) {
        StatementResponse r = run(sql);
        assertThat(r.getStatus().getState()).as(sql).isEqualTo(StatementState.FAILED);
        String m = r.getStatus().getError().getMessage();
        assertThat(m).as(sql).doesNotContain("$uc").doesNotContain("Did you mean \"")
                .doesNotContain("Binder Error").doesNotContain("Catalog Error").doesNotContain("pg_");
        return m;
    }

    @Test
    void sessionFunctionsAnswerAsOnDatabricks() {
        StatementResponse r = run("SELECT current_catalog(), current_database(), current_schema(), current_user()");
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("main", "default", "default", "dev@minilake.local"));
        w.catalogs().create(new com.databricks.sdk.service.catalog.CreateCatalog().setName("sales"));
        r = w.statementExecution().executeStatement(new ExecuteStatementRequest().setWarehouseId("dev").setCatalog("sales")
                .setStatement("SELECT current_catalog()"));
        assertThat(r.getResult().getDataArray()).containsExactly(List.of("sales"));
    }

    @Test
    void resultColumnsAreNamedAsSparkNamesThem() {
        StatementResponse r = run("SELECT count(*), upper('a'), 1 + 1, sum(id), CAST(id AS STRING), id, max(id) AS top, "
                + "current_catalog() FROM range(3) GROUP BY id");
        assertThat(r.getManifest().getSchema().getColumns()).extracting(ColumnInfo::getName)
                .containsExactly("count(1)", "upper(a)", "(1 + 1)", "sum(id)", "CAST(id AS STRING)", "id", "top", "current_catalog()");
        assertThat(run("SELECT * FROM range(2)").getManifest().getSchema().getColumns()).extracting(ColumnInfo::getName)
                .containsExactly("id");
    }

    @Test
    void errorsUseSparkErrorClassesWithoutDuckDbInternals() {
        assertThat(error("SELECT * FROM no_such_table")).startsWith("[TABLE_OR_VIEW_NOT_FOUND]").contains("`no_such_table`");
        assertThat(error("SELECT * FROM main.default.nope")).startsWith("[TABLE_OR_VIEW_NOT_FOUND]");
        assertThat(error("SELECT * FROM nowhere.default.t")).startsWith("[TABLE_OR_VIEW_NOT_FOUND]").contains("`nowhere`");
        assertThat(error("SELECT no_such_function(1)")).startsWith("[UNRESOLVED_ROUTINE]").contains("`no_such_function`");
        assertThat(error("SELECT x FROM range(3)")).startsWith("[UNRESOLVED_COLUMN.WITH_SUGGESTION]").contains("`x`").contains("`id`");
        // DuckDB has no upper(INTEGER); Spark, the exact engine, casts as Databricks does and answers
        assertThat(run("SELECT upper(1)").getResult().getDataArray()).containsExactly(List.of("1"));
        assertThat(error("SELEC 1")).startsWith("[PARSE_SYNTAX_ERROR]").contains("LINE 1: SELEC 1"); // the user's own text, located
        assertThat(error("SELECT * FROM no_such_table")).doesNotContain("LINE 1");
        assertThat(error("SELECT id, count(*) FROM (SELECT 1 AS id, 2 AS v) GROUP BY v")).startsWith("[MISSING_AGGREGATION]");
        assertThat(error("USE CATALOG nowhere")).startsWith("[SCHEMA_NOT_FOUND]");
    }
}
