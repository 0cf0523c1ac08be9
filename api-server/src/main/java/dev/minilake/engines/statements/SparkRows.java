package dev.minilake.engines.statements;

import dev.minilake.engines.spark.SparkResult;
import dev.minilake.engines.types.SparkType;

import java.util.List;

/** A Spark result as a {@link RowSource}: Spark's own column names and types, rows as they stream in. */
final class SparkRows implements RowSource {
    private final SparkResult result;
    private final List<ResultColumn> columns;

    SparkRows(SparkResult result) {
        this.result = result;
        this.columns = result.columns().stream()
                .map(c -> new ResultColumn(c.name(), new SparkType(c.typeName(), c.typeText(), c.precision(), c.scale()))).toList();
    }

    @Override
    public List<ResultColumn> columns() {
        return columns;
    }

    @Override
    public String[] next() throws Exception {
        return result.next();
    }
}
