package dev.minilake.engines.sqltranslate;

import dev.minilake.engines.duckdb.DuckDbEngine;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JdbcNamedParameter;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeKeyExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.operators.arithmetic.BitwiseXor;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.statement.create.table.ColDataType;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.util.deparser.ExpressionDeParser;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Deparses expressions as DuckDB: Spark functions are renamed or rewritten where DuckDB differs,
 * and named parameters become {@code ?}, recording their names in deparse (= text) order.
 */
final class SparkFunctionDeParser extends ExpressionDeParser {
    static final Map<String, String> RENAMES = Map.ofEntries(
            Map.entry("nvl", "coalesce"), Map.entry("collect_list", "list"), Map.entry("size", "len"),
            Map.entry("cardinality", "len"), Map.entry("explode", "unnest"), Map.entry("array", "list_value"),
            Map.entry("array_contains", "list_contains"), Map.entry("sort_array", "list_sort"),
            Map.entry("array_distinct", "list_distinct"), Map.entry("rand", "random"),
            Map.entry("current_timestamp", "now"), Map.entry("ucase", "upper"), Map.entry("lcase", "lower"));
    static final Set<String> UNSUPPORTED = Set.of("from_json", "schema_of_json", "input_file_name",
            "from_avro", "to_avro", "from_protobuf", "to_protobuf", "posexplode", "inline", "stack");

    /** DuckDB's file-reading functions, whose first argument is a path (or glob). */
    static final Set<String> FILE_FUNCTIONS = Set.of("read_csv", "read_csv_auto", "read_parquet",
            "parquet_scan", "read_json", "read_json_auto", "read_ndjson", "read_ndjson_auto", "read_text",
            "read_blob", "glob", "parquet_schema", "parquet_metadata");

    final List<String> parameterNames = new ArrayList<>();
    private final VolumePaths volumes;

    SparkFunctionDeParser(VolumePaths volumes) {
        this.volumes = volumes;
    }

    @Override
    public <S> StringBuilder visit(JdbcNamedParameter p, S context) {
        parameterNames.add(p.getName());
        return builder.append('?');
    }

    /** A positional {@code ?} (or {@code ?n}): bound by its source ordinal, which the parser numbered. */
    @Override
    public <S> StringBuilder visit(JdbcParameter p, S context) {
        parameterNames.add(ParameterMarker.positional(p.getIndex()));
        return builder.append('?');
    }

    /** {@code current_timestamp()} parses as a time keyword; DuckDB has no such function with parentheses. */
    @Override
    public <S> StringBuilder visit(TimeKeyExpression t, S context) {
        String key = t.getStringValue().toLowerCase(Locale.ROOT).replace(" ", "");
        if (key.equals("current_timestamp()")) return builder.append("now()");
        if (key.equals("current_date()")) return builder.append("current_date");
        return super.visit(t, context);
    }

    /** Spark's {@code a ^ b} is bitwise XOR; DuckDB's is power. */
    @Override
    public <S> StringBuilder visit(BitwiseXor x, S context) {
        builder.append("xor(");
        x.getLeftExpression().accept(this, context);
        builder.append(", ");
        x.getRightExpression().accept(this, context);
        return builder.append(')');
    }

    /** Spark (ANSI, as Databricks SQL) fails a division by zero; DuckDB answers Infinity or NaN. */
    @Override
    public <S> StringBuilder visit(Division d, S context) {
        d.getLeftExpression().accept(this, context);
        builder.append(" / CASE WHEN ");
        d.getRightExpression().accept(this, context);
        builder.append(" = 0 THEN error(").append(new StringValue(DIVIDE_BY_ZERO)).append(") ELSE ");
        d.getRightExpression().accept(this, context);
        return builder.append(" END");
    }

    static final String DIVIDE_BY_ZERO = "[DIVIDE_BY_ZERO] Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL instead.";

    /** Spark's names for scalar types DuckDB lacks; a bare DECIMAL is decimal(10,0) in Spark, (18,3) in DuckDB. */
    @Override
    public <S> StringBuilder visit(CastExpression cast, S context) {
        ColDataType t = cast.getColDataType();
        if (t != null && t.getDataType() != null && (t.getArgumentsStringList() == null || t.getArgumentsStringList().isEmpty())) {
            String name = t.getDataType().toUpperCase(Locale.ROOT);
            if (name.equals("DECIMAL") || name.equals("DEC") || name.equals("NUMERIC")) {
                t.setDataType("DECIMAL");
                t.setArgumentsStringList(List.of("10", "0"));
            } else if (SCALAR_TYPES.containsKey(name)) {
                t.setDataType(SCALAR_TYPES.get(name));
            }
        }
        return super.visit(cast, context);
    }

    private static final Map<String, String> SCALAR_TYPES = Map.of("TIMESTAMP_NTZ", "TIMESTAMP", "TIMESTAMP_LTZ", "TIMESTAMP",
            "LONG", "BIGINT", "SHORT", "SMALLINT", "BYTE", "TINYINT", "BINARY", "BLOB");

    /** Spark's day of week counts Sunday as 1, DuckDB's as 0. */
    @Override
    public <S> StringBuilder visit(ExtractExpression e, S context) {
        String field = e.getName() == null ? "" : e.getName().toUpperCase(Locale.ROOT);
        if (!field.equals("DOW") && !field.equals("DAYOFWEEK")) return super.visit(e, context);
        builder.append("(dayofweek(");
        e.getExpression().accept(this, context);
        return builder.append(") + 1)");
    }

    /** Spark's LIKE and ILIKE escape with a backslash unless told otherwise; DuckDB's have no escape. */
    @Override
    public <S> StringBuilder visit(LikeExpression like, S context) {
        LikeExpression.KeyWord k = like.getLikeKeyWord();
        if (like.getEscape() == null && (k == LikeExpression.KeyWord.LIKE || k == LikeExpression.KeyWord.ILIKE)) {
            like.setEscape(new StringValue("\\"));
        }
        return super.visit(like, context);
    }

    @Override
    public <S> StringBuilder visit(Function f, S context) {
        String name = f.getName() == null ? "" : f.getName().toLowerCase(Locale.ROOT);
        List<Expression> args = f.getParameters() == null ? List.of() : new ArrayList<>(f.getParameters());
        if (UNSUPPORTED.contains(name)) throw new UnsupportedConstructException("function " + name + "()");
        if (FILE_FUNCTIONS.contains(name) && !args.isEmpty() && args.get(0) instanceof StringValue path
                && path.getValue().startsWith("/Volumes/")) {
            path.setValue(volumes.resolve(path.getValue().replace("''", "'")).replace("'", "''"));
        }
        switch (name) {
            case "current_catalog", "current_user", "user", "session_user" -> {
                if (!args.isEmpty()) return super.visit(f, context);
                // the session's own facts, bound by the runner: DuckDB would name its attached database and "duckdb"
                parameterNames.add(name.equals("current_catalog") ? SessionFacts.CURRENT_CATALOG : SessionFacts.CURRENT_USER);
                return builder.append('?');
            }
            case "current_database", "current_schema" -> {
                return args.isEmpty() ? builder.append("current_schema()") : super.visit(f, context);
            }
            case "named_struct" -> {
                if (args.size() % 2 != 0) throw new UnsupportedConstructException("named_struct() with an odd number of arguments");
                builder.append("struct_pack(");
                for (int i = 0; i < args.size(); i += 2) {
                    if (!(args.get(i) instanceof StringValue key)) throw new UnsupportedConstructException("named_struct() with a non-literal field name");
                    if (i > 0) builder.append(", ");
                    builder.append(DuckDbEngine.quoteIdent(key.getValue())).append(" := ");
                    args.get(i + 1).accept(this, context);
                }
                return builder.append(')');
            }
            case "map" -> {
                if (args.size() % 2 != 0) throw new UnsupportedConstructException("map() with an odd number of arguments");
                builder.append("map(list_value(");
                list(args, 0, context);
                builder.append("), list_value(");
                list(args, 1, context);
                return builder.append("))");
            }
            case "date_format" -> {
                if (args.size() != 2 || !(args.get(1) instanceof StringValue fmt)) {
                    throw new UnsupportedConstructException("date_format() without a literal pattern");
                }
                builder.append("strftime(");
                args.get(0).accept(this, context);
                return builder.append(", ").append(new StringValue(DateFormats.toStrftime(fmt.getValue()))).append(')');
            }
            case "datediff" -> {
                // datediff(unit, start, end) counts whole units as Spark's timestampdiff does; DuckDB counts boundaries
                if (args.size() == 3) throw new UnsupportedConstructException("datediff() with a unit");
                if (args.size() != 2) return super.visit(f, context);
                builder.append("datediff('day', ");
                args.get(1).accept(this, context);
                builder.append(", ");
                args.get(0).accept(this, context);
                return builder.append(')');
            }
            case "concat" -> {
                // Spark's concat is NULL when any argument is; DuckDB's skips NULLs, its || does not
                if (args.size() < 2) return super.visit(f, context);
                builder.append('(');
                for (int i = 0; i < args.size(); i++) {
                    if (i > 0) builder.append(" || ");
                    args.get(i).accept(this, context);
                }
                return builder.append(')');
            }
            case "dayofweek" -> {
                // Spark counts Sunday = 1 .. Saturday = 7; DuckDB Sunday = 0
                if (args.size() != 1) return super.visit(f, context);
                builder.append("(dayofweek(");
                args.get(0).accept(this, context);
                return builder.append(") + 1)");
            }
            case "weekday" -> {
                // Spark counts Monday = 0 .. Sunday = 6
                if (args.size() != 1) return super.visit(f, context);
                builder.append("(isodow(");
                args.get(0).accept(this, context);
                return builder.append(") - 1)");
            }
            case "substr", "substring" -> {
                // Spark reads position 0 as 1; DuckDB counts it as the place before the first character
                if (args.size() < 2 || args.size() > 3 || f.getParameters().size() != args.size()) return super.visit(f, context);
                builder.append("substr(");
                args.get(0).accept(this, context);
                builder.append(", CASE WHEN ");
                args.get(1).accept(this, context);
                builder.append(" = 0 THEN 1 ELSE ");
                args.get(1).accept(this, context);
                builder.append(" END");
                if (args.size() == 3) {
                    builder.append(", ");
                    args.get(2).accept(this, context);
                }
                return builder.append(')');
            }
            case "log" -> {
                // Spark's one-argument log is the natural logarithm; DuckDB's is base 10
                if (args.size() == 1) f.setName("ln");
                return super.visit(f, context);
            }
            case "date_trunc" -> {
                // Spark's date_trunc always answers a TIMESTAMP; DuckDB's answers a DATE for day units and up
                builder.append("CAST(");
                super.visit(f, context);
                return builder.append(" AS TIMESTAMP)");
            }
            case "floor", "ceil", "ceiling" -> {
                // Spark's one-argument floor/ceil answer a BIGINT (a DOUBLE in DuckDB)
                if (args.size() != 1) return super.visit(f, context);
                builder.append("CAST(");
                super.visit(f, context);
                return builder.append(" AS BIGINT)");
            }
            case "collect_set" -> {
                f.setName("list");
                f.setDistinct(true);
                return super.visit(f, context);
            }
            default -> {
                String renamed = RENAMES.get(name);
                if (renamed != null) f.setName(renamed);
                return super.visit(f, context);
            }
        }
    }

    private <S> void list(List<Expression> args, int from, S context) {
        for (int i = from; i < args.size(); i += 2) {
            if (i > from) builder.append(", ");
            args.get(i).accept(this, context);
        }
    }
}
