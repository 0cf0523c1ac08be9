package dev.minilake.spark.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.execution.datasources.FileFormat;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Unity Catalog tables of Spark's file formats (PARQUET, CSV, JSON, ORC, TEXT): Spark's own file
 * sources over the table's directory, with the schema Unity Catalog records (an empty directory has
 * none to infer). Table options ({@code OPTIONS (header 'true')}) are kept as {@code option.*}
 * properties, as Spark's catalog keeps them.
 */
final class FileTables {
    static final Set<String> FORMATS = Set.of("parquet", "csv", "json", "orc", "text");
    static final String OPTION = "option.";

    private FileTables() {
    }

    static boolean isFileFormat(String provider) {
        return provider != null && FORMATS.contains(provider.toLowerCase(Locale.ROOT));
    }

    /** Spark's file table for a UC table record. */
    static Table load(String name, JsonNode t) {
        StructField[] fields = new StructField[t.path("columns").size()];
        int i = 0;
        for (JsonNode c : t.path("columns")) {
            fields[i++] = new StructField(c.path("name").asText(), DataType.fromDDL(c.path("type_text").asText()), c.path("nullable").asBoolean(true),
                    Metadata.empty());
        }
        Map<String, String> options = new HashMap<>();
        t.path("properties").fields().forEachRemaining(e -> {
            if (e.getKey().startsWith(OPTION)) options.put(e.getKey().substring(OPTION.length()), e.getValue().asText());
        });
        // Spark's file writes through a catalog table do not carry the table's options, so a MANAGED table's
        // files (Spark's own) have no header line: reading them with one would drop the first row
        if ("MANAGED".equalsIgnoreCase(t.path("table_type").asText())) options.remove("header");
        return table(name, t.path("data_source_format").asText(), MiniLakeCatalog.localPath(t.path("storage_location").asText()),
                new StructType(fields), options);
    }

    static Table table(String name, String format, String location, StructType schema, Map<String, String> options) {
        SparkSession spark = SparkSession.active();
        CaseInsensitiveStringMap opts = new CaseInsensitiveStringMap(options);
        scala.collection.immutable.Seq<String> paths = CollectionConverters.asScala(List.of(location)).toSeq();
        Option<StructType> userSchema = Option.apply(schema);
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "parquet" -> new org.apache.spark.sql.execution.datasources.v2.parquet.ParquetTable(name, spark, opts, paths, userSchema,
                    fileFormat(org.apache.spark.sql.execution.datasources.parquet.ParquetFileFormat.class));
            case "csv" -> new org.apache.spark.sql.execution.datasources.v2.csv.CSVTable(name, spark, opts, paths, userSchema,
                    fileFormat(org.apache.spark.sql.execution.datasources.csv.CSVFileFormat.class));
            case "json" -> new org.apache.spark.sql.execution.datasources.v2.json.JsonTable(name, spark, opts, paths, userSchema,
                    fileFormat(org.apache.spark.sql.execution.datasources.json.JsonFileFormat.class));
            case "orc" -> new org.apache.spark.sql.execution.datasources.v2.orc.OrcTable(name, spark, opts, paths, userSchema,
                    fileFormat(org.apache.spark.sql.execution.datasources.orc.OrcFileFormat.class));
            case "text" -> new org.apache.spark.sql.execution.datasources.v2.text.TextTable(name, spark, opts, paths, userSchema,
                    fileFormat(org.apache.spark.sql.execution.datasources.text.TextFileFormat.class));
            default -> throw new IllegalArgumentException("not a file format: " + format);
        };
    }

    private static Class<? extends FileFormat> fileFormat(Class<? extends FileFormat> c) {
        return c;
    }
}
