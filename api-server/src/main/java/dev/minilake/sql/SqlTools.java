package dev.minilake.sql;

import dev.minilake.engines.statements.QueryResult;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.engines.sqltranslate.SqlTranslator;
import dev.minilake.engines.sqltranslate.Translation;
import dev.minilake.engines.sqltranslate.UnsupportedConstructException;

import java.util.List;
import java.util.Map;

/** What the SQL MCP tools answer: typed rows from a {@link QueryResult}, caps, parameters, and explain_sql. */
final class SqlTools {
    private SqlTools() {
    }

    static final long SQL_TIMEOUT_MS = 120_000;
    static final int MAX_ROWS = 1000;

    /** A run_sql answer: rows and typed columns, or the statement's failure as a tool error. */
    static Map<String, Object> answer(QueryResult r) {
        if (!r.succeeded()) {
            ErrorCode code = java.util.Arrays.stream(ErrorCode.values()).filter(c -> c.name().equals(r.errorCode()))
                    .findFirst().orElse(ErrorCode.BAD_REQUEST);
            throw new ApiException(code, (code.name().equals(r.errorCode()) || r.errorCode() == null ? "" : "[" + r.errorCode() + "] ")
                    + r.errorMessage());
        }
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("statement_id", r.statementId());
        m.put("state", r.state());
        m.put("columns", r.columns().stream().map(c -> Map.of("name", c.name(), "type", c.typeText(), "type_name", c.typeName())).toList());
        m.put("rows", r.rows());
        m.put("row_count", r.rows().size());
        m.put("truncated", r.truncated());
        m.put("engine", r.engine()); // the engine that answered: duckdb, or spark when DuckDB could not give Spark's answer
        return m;
    }

    static int cap(Integer maxRows) {
        if (maxRows == null) return 100;
        if (maxRows < 1 || maxRows > MAX_ROWS) throw ApiException.invalid("max_rows must be between 1 and " + MAX_ROWS + ", got " + maxRows);
        return maxRows;
    }

    static List<StatementDtos.Parameter> parameters(List<SqlToolArgs.Param> params) {
        if (params == null) return null;
        return params.stream().map(p -> {
            if (p == null || p.name() == null) throw ApiException.missingField("parameters[].name");
            return new StatementDtos.Parameter(p.name(), p.value(), p.type());
        }).toList();
    }

    /** A table's name as the bound parameter {@code :table}, for {@code IDENTIFIER(:table)}. */
    static List<StatementDtos.Parameter> tableParameter(String fullName) {
        return List.of(new StatementDtos.Parameter("table", dev.minilake.catalog.Names.objectFullName("table", fullName).quoted(), null));
    }

    /** A table version as SQL text: a number, since VERSION AS OF takes a literal and no parameter. */
    static long version(Long version) {
        if (version == null || version < 0) throw dev.minilake.core.error.ApiException.invalid("version: a table version is a number >= 0");
        return version;
    }

    static Map<String, Object> explain(String sql) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        try {
            Translation t = SqlTranslator.translate(sql);
            m.put("kind", t.kind().name());
            m.put("runs_here", true);
            var sparkFirst = dev.minilake.engines.routing.EngineRouter.sparkFirst(sql);
            m.put("engine", t.command() != null ? "MiniLake command (" + t.command().getClass().getSimpleName() + ")"
                    : sparkFirst.isPresent() ? "spark" : "duckdb");
            sparkFirst.ifPresent(why -> m.put("why", "DuckDB answers it differently from Spark: the statement " + why));
            m.put("returns_rows", t.returnsRows());
            m.put("duckdb_sql", t.statements().stream().map(Translation.DuckSql::sql).toList());
        } catch (UnsupportedConstructException e) {
            // in auto mode the router sends a query DuckDB cannot translate to the warm Spark
            boolean spark = dev.minilake.engines.routing.EngineRouter.readOnly(sql);
            m.put("runs_here", spark);
            if (spark) {
                m.put("engine", "spark");
                m.put("why", "DuckDB cannot run it: " + e.getMessage());
            }
            m.put("reason", e.getMessage());
        }
        return m;
    }
}
