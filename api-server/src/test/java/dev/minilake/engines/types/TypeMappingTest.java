package dev.minilake.engines.types;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The type table: Databricks DDL in, DuckDB DDL out, and back from what DuckDB reports. */
class TypeMappingTest {

    @ParameterizedTest(name = "{0} -> {1} / {2} / {3}")
    @CsvSource(delimiter = '|', textBlock = """
            STRING                         | string                           | STRING        | VARCHAR
            varchar(20)                    | string                           | STRING        | VARCHAR
            BIGINT                         | bigint                           | LONG          | BIGINT
            long                           | bigint                           | LONG          | BIGINT
            INT                            | int                              | INT           | INTEGER
            integer                        | int                              | INT           | INTEGER
            smallint                       | smallint                         | SHORT         | SMALLINT
            tinyint                        | tinyint                          | BYTE          | TINYINT
            double                         | double                           | DOUBLE        | DOUBLE
            float                          | float                            | FLOAT         | FLOAT
            boolean                        | boolean                          | BOOLEAN       | BOOLEAN
            binary                         | binary                           | BINARY        | BLOB
            DECIMAL(10,2)                  | decimal(10,2)                    | DECIMAL       | DECIMAL(10,2)
            decimal                        | decimal(10,0)                    | DECIMAL       | DECIMAL(10,0)
            date                           | date                             | DATE          | DATE
            timestamp                      | timestamp                        | TIMESTAMP     | TIMESTAMP WITH TIME ZONE
            timestamp_ntz                  | timestamp_ntz                    | TIMESTAMP_NTZ | TIMESTAMP
            variant                        | variant                          | VARIANT       | JSON
            ARRAY<STRING>                  | array<string>                    | ARRAY         | VARCHAR[]
            array<array<int>>              | array<array<int>>                | ARRAY         | INTEGER[][]
            MAP<STRING, INT>               | map<string,int>                  | MAP           | MAP(VARCHAR, INTEGER)
            struct<a:int,b:string>         | struct<a:int,b:string>           | STRUCT        | STRUCT("a" INTEGER, "b" VARCHAR)
            STRUCT<a INT NOT NULL, b STRING COMMENT 'x'> | struct<a:int,b:string> | STRUCT  | STRUCT("a" INTEGER, "b" VARCHAR)
            struct<`a b`:map<string,array<decimal(5,1)>>> | struct<`a b`:map<string,array<decimal(5,1)>>> | STRUCT | STRUCT("a b" MAP(VARCHAR, DECIMAL(5,1)[]))
            """)
    void databricksToDuckDbAndBack(String databricks, String typeText, String typeName, String duckDb) {
        DataType t = TypeMapping.parseSpark(databricks);
        assertThat(TypeMapping.toSparkDdl(t)).isEqualTo(typeText);
        assertThat(TypeMapping.typeName(t)).isEqualTo(typeName);
        assertThat(TypeMapping.toDuckDb(t)).isEqualTo(duckDb);
        // what DuckDB reports for the column comes back as the same type
        assertThat(TypeMapping.parseDuckDb(duckDb)).isEqualTo(t);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            VARCHAR                                   | string
            STRUCT("a b" INTEGER, c VARCHAR)[]        | array<struct<`a b`:int,c:string>>
            INTEGER[3]                                | array<int>
            HUGEINT                                   | decimal(38,0)
            UBIGINT                                   | decimal(20,0)
            UUID                                      | string
            TIMESTAMP_NS                              | timestamp_ntz
            TIMESTAMPTZ                               | timestamp
            REAL                                      | float
            ENUM('a', 'b')                            | string
            DOUBLE PRECISION                          | double
            """)
    void duckDbOnlyTypesMapToTheClosestSparkType(String duckDb, String typeText) {
        assertThat(TypeMapping.toSparkDdl(TypeMapping.parseDuckDb(duckDb))).isEqualTo(typeText);
    }

    @Test
    void typeJsonIsSparksStructField() {
        DataType t = TypeMapping.parseSpark("map<string,array<int>>");
        assertThat(TypeMapping.typeJson("m", t, true)).isEqualTo(
                "{\"name\":\"m\",\"type\":{\"type\":\"map\",\"keyType\":\"string\",\"valueType\":"
                        + "{\"type\":\"array\",\"elementType\":\"integer\",\"containsNull\":true},"
                        + "\"valueContainsNull\":true},\"nullable\":true,\"metadata\":{}}");
        assertThat(TypeMapping.typeJson("d", TypeMapping.parseSpark("decimal(10,2)"), false))
                .isEqualTo("{\"name\":\"d\",\"type\":\"decimal(10,2)\",\"nullable\":false,\"metadata\":{}}");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            strin               | unknown type 'strin'
            array<string        | expected '>'
            map<string>         | expected ','
            decimal(40,2)       | precision must be 1..38
            decimal(5,6)        | scale must be
            struct<a:int,>      | expected a field name
            int int             | unexpected 'int'
            """)
    void invalidDatabricksTypesSayWhy(String text, String message) {
        assertThatThrownBy(() -> TypeMapping.parseSpark(text))
                .isInstanceOf(TypeParseException.class)
                .hasMessageContaining(message);
    }
}
