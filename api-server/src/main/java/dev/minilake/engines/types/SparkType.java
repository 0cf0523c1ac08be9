package dev.minilake.engines.types;

/**
 * A result column's type as Databricks reports it in a statement's manifest: the SDK's
 * ColumnInfoTypeName (e.g. LONG), the Spark DDL text (e.g. {@code bigint}), and precision/scale for
 * a decimal. {@link TypeMapping#resultType} derives it from a {@link DataType}.
 */
public record SparkType(String typeName, String typeText, Integer precision, Integer scale) {
    public static final SparkType STRING = TypeMapping.resultType(DataType.of(DataType.Kind.STRING));
    public static final SparkType INT = TypeMapping.resultType(DataType.of(DataType.Kind.INT));
    public static final SparkType BIGINT = TypeMapping.resultType(DataType.of(DataType.Kind.LONG));
    public static final SparkType BOOLEAN = TypeMapping.resultType(DataType.of(DataType.Kind.BOOLEAN));
    public static final SparkType TIMESTAMP = TypeMapping.resultType(DataType.of(DataType.Kind.TIMESTAMP));
}
