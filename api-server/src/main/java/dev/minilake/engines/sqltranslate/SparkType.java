package dev.minilake.engines.sqltranslate;

/**
 * A column type as Databricks reports it: the SDK's ColumnInfoTypeName (e.g. LONG), the Spark DDL
 * text (e.g. {@code bigint}), and precision/scale for decimals.
 */
public record SparkType(String typeName, String typeText, Integer precision, Integer scale) {
    public static SparkType of(String typeName, String typeText) {
        return new SparkType(typeName, typeText, null, null);
    }
}
