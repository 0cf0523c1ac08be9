package dev.minilake.catalog;

import dev.minilake.catalog.FunctionDtos.FunctionInfo;
import dev.minilake.catalog.FunctionDtos.FunctionParameterInfo;
import dev.minilake.catalog.FunctionDtos.FunctionParameterInfos;
import dev.minilake.catalog.Names.ObjectName;
import dev.minilake.core.error.ApiException;
import dev.minilake.engines.duckdb.DuckDbSql;
import dev.minilake.engines.sqltranslate.SqlToken;
import dev.minilake.engines.sqltranslate.SqlTokenizer;
import org.springframework.stereotype.Service;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;

/**
 * Functions, named like the SDK's FunctionsAPI. A SQL function becomes a DuckDB macro in its
 * schema, so {@code SELECT cat.sch.f(1)} works in SQL; a TABLE_TYPE function becomes a table macro.
 * DuckDB's macros are the list of functions; the store keeps the declared signature and ids. The
 * routine_definition reaches DuckDB as written (it is SQL by definition), so it must be valid DuckDB SQL.
 */
@Service
public class FunctionsService {
    private final PhysicalCatalog physical;
    private final UcStore uc;
    private final MetastoreService metastore;

    public FunctionsService(PhysicalCatalog physical, UcStore uc, MetastoreService metastore) {
        this.physical = physical;
        this.uc = uc;
        this.metastore = metastore;
    }

    public FunctionInfo create(FunctionInfo req) {
        ObjectName n = Names.object("function", req.catalog_name(), req.schema_name(), req.name());
        if (req.routine_body() != null && !req.routine_body().equalsIgnoreCase("SQL")) {
            throw ApiException.invalid("Only SQL functions (routine_body SQL) are supported; got routine_body "
                    + req.routine_body() + ". DuckDB runs SQL macros, not external code.");
        }
        boolean table = "TABLE_TYPE".equalsIgnoreCase(req.data_type());
        List<FunctionParameterInfo> params = req.input_params() == null || req.input_params().parameters() == null ? List.of()
                : req.input_params().parameters().stream()
                .sorted(Comparator.comparing(p -> p.position() == null ? Integer.MAX_VALUE : p.position())).toList();
        String ddl = DuckDbSql.createMacro(DuckDbSql.catalogObject(n.catalog(), n.schema(), n.name()),
                params.stream().map(FunctionsService::parameterDdl).toList(), oneStatement(req.routine_definition(), "routine_definition"), table);
        return uc.exclusive(() -> {
            physical.requireSchema(n.catalog(), n.schema());
            if (physical.macro(n.catalog(), n.schema(), n.name()).isPresent()) {
                throw ApiException.alreadyExists("Function '" + n.fullName() + "'");
            }
            physical.execute(ddl);
            try {
                FunctionInfo info = complete(n, req, params);
                uc.functions.put(n.fullName(), n.schemaName().fullName(), info);
                return info;
            } catch (RuntimeException e) {
                try {
                    physical.execute(DuckDbSql.drop(table ? "MACRO TABLE" : "MACRO", DuckDbSql.catalogObject(n.catalog(), n.schema(), n.name()), true));
                } catch (RuntimeException undo) {
                    e.addSuppressed(undo);
                }
                throw e;
            }
        });
    }

    public FunctionInfo get(String fullName) {
        ObjectName n = Names.objectFullName("function", fullName);
        return info(n, find(n));
    }

    public boolean exists(String fullName) {
        ObjectName n = Names.objectFullName("function", fullName);
        return physical.macro(n.catalog(), n.schema(), n.name()).isPresent();
    }

    /** The functions of a schema, sorted by name. */
    public List<FunctionInfo> list(String catalogName, String schemaName) {
        Names.SchemaName s = Names.schema(Names.required(catalogName, "catalog_name"), Names.required(schemaName, "schema_name"));
        physical.requireSchema(s.catalog(), s.schema());
        return physical.macros(s.catalog(), s.schema()).stream()
                .map(m -> info(new ObjectName(s.catalog(), s.schema(), m.name()), m)).toList();
    }

    public FunctionInfo updateOwner(String fullName, String owner) {
        ObjectName n = Names.objectFullName("function", fullName);
        return uc.exclusive(() -> {
            FunctionInfo f = info(n, find(n));
            if (owner == null) return f;
            FunctionInfo u = withOwner(f, owner);
            uc.functions.put(n.fullName(), n.schemaName().fullName(), u);
            return u;
        });
    }

    public void delete(String fullName) {
        ObjectName n = Names.objectFullName("function", fullName);
        uc.exclusive(() -> {
            PhysicalCatalog.Macro m = find(n);
            physical.execute(DuckDbSql.drop(m.tableMacro() ? "MACRO TABLE" : "MACRO", DuckDbSql.catalogObject(n.catalog(), n.schema(), m.physicalName()), false));
            uc.functions.delete(n.fullName());
            uc.forgetGrant(n.fullName());
        });
    }

    private PhysicalCatalog.Macro find(ObjectName n) {
        Optional<PhysicalCatalog.Macro> m = physical.macro(n.catalog(), n.schema(), n.name());
        return m.orElseThrow(() -> ApiException.notFound("Function '" + n.fullName() + "'"));
    }

    /** The stored info, or for a macro made through SQL an info built from DuckDB's own description. */
    private FunctionInfo info(ObjectName n, PhysicalCatalog.Macro m) {
        return UcStore.getOrCreate(uc.functions, n.fullName(), n.schemaName().fullName(), () -> {
            List<FunctionParameterInfo> params = IntStream.range(0, m.parameters().size())
                    .mapToObj(i -> new FunctionParameterInfo(m.parameters().get(i), null, null, null, null, null, i,
                            null, "IN", "PARAM", null)).toList();
            FunctionInfo declared = new FunctionInfo(n.name(), n.catalog(), n.schema(), n.fullName(),
                    new FunctionParameterInfos(params), m.tableMacro() ? "TABLE_TYPE" : null, null, null, "SQL",
                    m.definition(), null, null, null, null, null, null, null, null, null, null,
                    null, null, null, null, null, null, null, null);
            return complete(n, declared, params);
        });
    }

    private FunctionInfo complete(ObjectName n, FunctionInfo r, List<FunctionParameterInfo> params) {
        long now = System.currentTimeMillis();
        return new FunctionInfo(n.name(), n.catalog(), n.schema(), n.fullName(), new FunctionParameterInfos(params),
                r.data_type() == null ? null : r.data_type().toUpperCase(Locale.ROOT), r.full_data_type(), r.return_params(),
                "SQL", r.routine_definition(), r.parameter_style() == null ? "S" : r.parameter_style(),
                r.is_deterministic() == null ? Boolean.TRUE : r.is_deterministic(),
                r.sql_data_access() == null ? "CONTAINS_SQL" : r.sql_data_access(),
                r.is_null_call() == null ? Boolean.FALSE : r.is_null_call(),
                r.security_type() == null ? "DEFINER" : r.security_type(),
                r.specific_name() == null ? n.name() : r.specific_name(), r.external_language(), r.comment(),
                r.properties(), r.sql_path(), uc.owner(), UUID.randomUUID().toString(), metastore.metastoreId(), false,
                now, uc.owner(), now, uc.owner());
    }

    private static FunctionInfo withOwner(FunctionInfo f, String owner) {
        return new FunctionInfo(f.name(), f.catalog_name(), f.schema_name(), f.full_name(), f.input_params(), f.data_type(),
                f.full_data_type(), f.return_params(), f.routine_body(), f.routine_definition(), f.parameter_style(),
                f.is_deterministic(), f.sql_data_access(), f.is_null_call(), f.security_type(), f.specific_name(),
                f.external_language(), f.comment(), f.properties(), f.sql_path(), owner, f.function_id(),
                f.metastore_id(), f.browse_only(), f.created_at(), f.created_by(), System.currentTimeMillis(), f.updated_by());
    }

    private static String parameterDdl(FunctionParameterInfo p) {
        if (p.name() == null || p.name().isBlank()) throw ApiException.missingField("input_params.parameters.name");
        String name = DuckDbSql.ident(p.name());
        return p.parameter_default() == null ? name : name + " := " + oneStatement(p.parameter_default(), "input_params.parameters.parameter_default");
    }

    /**
     * SQL text a function carries (its body, a default) goes into the macro's DDL as written, so it
     * must stay inside it: a ';' outside a string would start a statement of its own, past the guard
     * every statement passes through.
     */
    private static String oneStatement(String sql, String field) {
        if (sql == null || sql.isBlank()) throw ApiException.missingField(field);
        for (SqlToken t : SqlTokenizer.tokenize(sql)) {
            if (t.isSymbol(";")) throw ApiException.invalid(field + ": must be one SQL expression or query, without ';'");
        }
        return sql;
    }
}
