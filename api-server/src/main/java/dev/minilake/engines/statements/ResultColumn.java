package dev.minilake.engines.statements;

import dev.minilake.engines.types.SparkType;
import dev.minilake.engines.types.TypeMapping;

/** One result column: its name and its type as Databricks reports it. */
public record ResultColumn(String name, SparkType type) {
    static ResultColumn ofDuckDb(String name, String duckType) {
        return new ResultColumn(name, TypeMapping.resultTypeOfDuckDb(duckType));
    }

    static ResultColumn string(String name) {
        return new ResultColumn(name, SparkType.STRING);
    }
}
