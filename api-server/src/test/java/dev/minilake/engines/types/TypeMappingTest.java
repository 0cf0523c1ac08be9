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
        assertThat(TypeMapping.toDuckDbStorage(t)).isEqualTo(duckDb);
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

    /**
     * The result manifest's view of the type DuckDB's JDBC metadata reports for a column: every
     * type DuckDB 1.4 reports (and a few spellings it does not), pinned from the translator's
     * token-level mapping before the two type models merged. Unknown types read as string.
     */
    @ParameterizedTest(name = "{0} -> {1} / {2}")
    @CsvSource(delimiter = '|', textBlock = """
            BOOLEAN                                          | BOOLEAN   | boolean                                     |    |
            TINYINT                                          | BYTE      | tinyint                                     |    |
            SMALLINT                                         | SHORT     | smallint                                    |    |
            INTEGER                                          | INT       | int                                         |    |
            BIGINT                                           | LONG      | bigint                                      |    |
            HUGEINT                                          | DECIMAL   | decimal(38,0)                               | 38 | 0
            UHUGEINT                                         | DECIMAL   | decimal(38,0)                               | 38 | 0
            UTINYINT                                         | SHORT     | smallint                                    |    |
            USMALLINT                                        | INT       | int                                         |    |
            UINTEGER                                         | LONG      | bigint                                      |    |
            UBIGINT                                          | DECIMAL   | decimal(20,0)                               | 20 | 0
            FLOAT                                            | FLOAT     | float                                       |    |
            DOUBLE                                           | DOUBLE    | double                                      |    |
            DECIMAL                                          | DECIMAL   | decimal(18,3)                               | 18 | 3
            DECIMAL(18,3)                                    | DECIMAL   | decimal(18,3)                               | 18 | 3
            DECIMAL(10,2)                                    | DECIMAL   | decimal(10,2)                               | 10 | 2
            DECIMAL(10,0)                                    | DECIMAL   | decimal(10,0)                               | 10 | 0
            DECIMAL(38,10)                                   | DECIMAL   | decimal(38,10)                              | 38 | 10
            DECIMAL(2,1)                                     | DECIMAL   | decimal(2,1)                                | 2  | 1
            VARCHAR                                          | STRING    | string                                      |    |
            BLOB                                             | BINARY    | binary                                      |    |
            DATE                                             | DATE      | date                                        |    |
            TIME                                             | STRING    | string                                      |    |
            TIME WITH TIME ZONE                              | STRING    | string                                      |    |
            TIMESTAMP                                        | TIMESTAMP | timestamp                                   |    |
            TIMESTAMP WITH TIME ZONE                         | TIMESTAMP | timestamp                                   |    |
            TIMESTAMPTZ                                      | TIMESTAMP | timestamp                                   |    |
            TIMESTAMP_S                                      | TIMESTAMP | timestamp                                   |    |
            TIMESTAMP_MS                                     | TIMESTAMP | timestamp                                   |    |
            TIMESTAMP_NS                                     | TIMESTAMP | timestamp                                   |    |
            INTERVAL                                         | INTERVAL  | interval                                    |    |
            UUID                                             | STRING    | string                                      |    |
            JSON                                             | STRING    | string                                      |    |
            BIT                                              | STRING    | string                                      |    |
            BIGNUM                                           | STRING    | string                                      |    |
            VARINT                                           | STRING    | string                                      |    |
            ENUM                                             | STRING    | string                                      |    |
            ENUM('a', 'b')                                   | STRING    | string                                      |    |
            UNION(k INTEGER, v VARCHAR)                      | STRING    | string                                      |    |
            NULL                                             | NULL      | void                                        |    |
            "NULL"                                           | NULL      | void                                        |    |
            "NULL"[]                                         | ARRAY     | array<void>                                 |    |
            INTEGER[]                                        | ARRAY     | array<int>                                  |    |
            INTEGER[3]                                       | ARRAY     | array<int>                                  |    |
            INTEGER[][]                                      | ARRAY     | array<array<int>>                           |    |
            VARCHAR[]                                        | ARRAY     | array<string>                               |    |
            TIMESTAMP[]                                      | ARRAY     | array<timestamp>                            |    |
            DECIMAL(2,1)[]                                   | ARRAY     | array<decimal(2,1)>                         |    |
            HUGEINT[]                                        | ARRAY     | array<decimal(38,0)>                        |    |
            "NULL"[][]                                       | ARRAY     | array<array<void>>                          |    |
            MAP(VARCHAR, INTEGER)                            | MAP       | map<string,int>                             |    |
            MAP(INTEGER, INTEGER)                            | MAP       | map<int,int>                                |    |
            MAP("NULL", "NULL")                              | MAP       | map<void,void>                              |    |
            MAP(VARCHAR, STRUCT(x DECIMAL(2,1)))             | MAP       | map<string,struct<x:decimal(2,1)>>          |    |
            MAP(VARCHAR, VARCHAR)                            | MAP       | map<string,string>                          |    |
            STRUCT(x INTEGER, "my y" VARCHAR)                | STRUCT    | struct<x:int,`my y`:string>                 |    |
            STRUCT("a b" INTEGER[])                          | STRUCT    | struct<`a b`:array<int>>                    |    |
            STRUCT(n "NULL")                                 | STRUCT    | struct<n:void>                              |    |
            STRUCT(a JSON)                                   | STRUCT    | struct<a:string>                            |    |
            STRUCT("x y" JSON)                               | STRUCT    | struct<`x y`:string>                        |    |
            STRUCT(a TIMESTAMP, b TIMESTAMP WITH TIME ZONE)  | STRUCT    | struct<a:timestamp,b:timestamp>             |    |
            STRUCT(a INTERVAL)                               | STRUCT    | struct<a:interval>                          |    |
            STRUCT(a UUID, b TIME)                           | STRUCT    | struct<a:string,b:string>                   |    |
            STRUCT(a STRUCT(b MAP(VARCHAR, INTEGER[])))      | STRUCT    | struct<a:struct<b:map<string,array<int>>>>  |    |
            STRUCT("a`b" INTEGER)                            | STRUCT    | struct<`a``b`:int>                          |    |
            STRUCT(_x1 BIGINT)                               | STRUCT    | struct<_x1:bigint>                          |    |
            STRUCT(a UBIGINT)                                | STRUCT    | struct<a:decimal(20,0)>                     |    |
            STRUCT(a ENUM('x', 'y'))                         | STRUCT    | struct<a:string>                            |    |
            STRUCT(a GEOMETRY)                               | STRUCT    | struct<a:string>                            |    |
            GEOMETRY                                         | STRING    | string                                      |    |
            boolean                                          | BOOLEAN   | boolean                                     |    |
            varchar                                          | STRING    | string                                      |    |
            decimal(5,2)                                     | DECIMAL   | decimal(5,2)                                | 5  | 2
            struct(x integer)                                | STRUCT    | struct<x:int>                               |    |
            integer[]                                        | ARRAY     | array<int>                                  |    |
            """)
    void resultViewOfDuckDbTypes(String duckDb, String typeName, String typeText, Integer precision, Integer scale) {
        assertThat(TypeMapping.resultTypeOfDuckDb(duckDb)).isEqualTo(new SparkType(typeName, typeText, precision, scale));
    }

    /**
     * A Spark type written in a SQL statement, as the translator's lexical pass writes it for DuckDB
     * (pinned from the translator's own mapping; DECIMAL and VARCHAR arguments are now spelled out,
     * the DuckDB types are the same).
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            ARRAY<INT>                                                   | INTEGER[]
            ARRAY<STRING>                                                | VARCHAR[]
            array<string>                                                | VARCHAR[]
            ARRAY<ARRAY<INT>>                                            | INTEGER[][]
            MAP<STRING, INT>                                             | MAP(VARCHAR, INTEGER)
            MAP<STRING, BIGINT>                                          | MAP(VARCHAR, BIGINT)
            STRUCT<a: STRING>                                            | STRUCT("a" VARCHAR)
            STRUCT<x: INT, y: STRING>                                    | STRUCT("x" INTEGER, "y" VARCHAR)
            struct<a:int>                                                | STRUCT("a" INTEGER)
            STRUCT<a INT NOT NULL, b STRING COMMENT 'x'>                 | STRUCT("a" INTEGER, "b" VARCHAR)
            STRUCT<`my y`: INT>                                          | STRUCT("my y" INTEGER)
            STRUCT<"q": INT>                                             | STRUCT("q" INTEGER)
            array<struct<a:int>>                                         | STRUCT("a" INTEGER)[]
            ARRAY<TIMESTAMP>                                             | TIMESTAMP[]
            ARRAY<TIMESTAMP_LTZ>                                         | TIMESTAMP[]
            ARRAY<TIMESTAMP_NTZ>                                         | TIMESTAMP[]
            ARRAY<DATE>                                                  | DATE[]
            ARRAY<DECIMAL>                                               | DECIMAL(10,0)[]
            ARRAY<DECIMAL(10,2)>                                         | DECIMAL(10,2)[]
            ARRAY<DECIMAL(10)>                                           | DECIMAL(10,0)[]
            ARRAY<DEC(5, 2)>                                             | DECIMAL(5,2)[]
            ARRAY<NUMERIC(5,2)>                                          | DECIMAL(5,2)[]
            ARRAY<VARCHAR(10)>                                           | VARCHAR[]
            ARRAY<CHAR(3)>                                               | VARCHAR[]
            ARRAY<VARCHAR>                                               | VARCHAR[]
            ARRAY<VOID>                                                  | "NULL"[]
            ARRAY<INTERVAL>                                              | INTERVAL[]
            ARRAY<BINARY>                                                | BLOB[]
            ARRAY<BOOLEAN>                                               | BOOLEAN[]
            ARRAY<LONG>                                                  | BIGINT[]
            ARRAY<SHORT>                                                 | SMALLINT[]
            ARRAY<BYTE>                                                  | TINYINT[]
            ARRAY<TINYINT>                                               | TINYINT[]
            ARRAY<SMALLINT>                                              | SMALLINT[]
            ARRAY<INTEGER>                                               | INTEGER[]
            ARRAY<REAL>                                                  | FLOAT[]
            ARRAY<FLOAT>                                                 | FLOAT[]
            ARRAY<DOUBLE>                                                | DOUBLE[]
            MAP<STRING, ARRAY<STRUCT<a: DOUBLE, b: MAP<INT, BOOLEAN>>>>  | MAP(VARCHAR, STRUCT("a" DOUBLE, "b" MAP(INTEGER, BOOLEAN))[])
            """)
    void sparkTypesInStatementsBecomeDuckDbTypes(String spark, String duckDb) {
        assertThat(TypeMapping.toDuckDbInStatement(TypeMapping.parseSparkInStatement(spark))).isEqualTo(duckDb);
    }

    @Test
    void storageAndStatementsSpellTimestampDifferently() {
        DataType ts = TypeMapping.parseSpark("struct<t:timestamp,n:timestamp_ntz>");
        assertThat(TypeMapping.toDuckDbStorage(ts)).isEqualTo("STRUCT(\"t\" TIMESTAMP WITH TIME ZONE, \"n\" TIMESTAMP)");
        assertThat(TypeMapping.toDuckDbInStatement(ts)).isEqualTo("STRUCT(\"t\" TIMESTAMP, \"n\" TIMESTAMP)");
    }

    @ParameterizedTest(name = "{0} -> {1} / {2}")
    @CsvSource(delimiter = '|', textBlock = """
            timestamp_ntz               | TIMESTAMP | timestamp
            variant                     | STRING    | string
            array<timestamp_ntz>        | ARRAY     | array<timestamp>
            map<string,variant>         | MAP       | map<string,string>
            struct<`a b`:void>          | STRUCT    | struct<`a b`:void>
            void                        | NULL      | void
            interval                    | INTERVAL  | interval
            """)
    void resultViewOfSparkTypes(String spark, String typeName, String typeText) {
        SparkType t = TypeMapping.resultType(TypeMapping.parseSparkInStatement(spark));
        assertThat(t.typeName()).isEqualTo(typeName);
        assertThat(t.typeText()).isEqualTo(typeText);
    }

    @Test
    void resultConstantsAreTheModelsView() {
        assertThat(SparkType.BIGINT).isEqualTo(new SparkType("LONG", "bigint", null, null));
        assertThat(SparkType.STRING).isEqualTo(new SparkType("STRING", "string", null, null));
        assertThat(SparkType.BOOLEAN).isEqualTo(new SparkType("BOOLEAN", "boolean", null, null));
        assertThat(SparkType.TIMESTAMP).isEqualTo(new SparkType("TIMESTAMP", "timestamp", null, null));
        assertThat(TypeMapping.resultType(TypeMapping.parseSpark("decimal(5,2)"))).isEqualTo(new SparkType("DECIMAL", "decimal(5,2)", 5, 2));
    }

    /** What a column may not be, though a statement or a result may. */
    @Test
    void columnsRejectWhatOnlyStatementsAndResultsHold() {
        assertThatThrownBy(() -> TypeMapping.parseSpark("void")).isInstanceOf(TypeParseException.class).hasMessageContaining("unknown type 'void'");
        assertThatThrownBy(() -> TypeMapping.parseSpark("array<interval>")).isInstanceOf(TypeParseException.class);
        assertThatThrownBy(() -> TypeMapping.parseSpark("varchar")).isInstanceOf(TypeParseException.class);
        assertThat(TypeMapping.parseSpark("decimal")).isEqualTo(new DataType.Decimal(10, 0));
        assertThat(TypeMapping.parseSparkInStatement("decimal")).isEqualTo(new DataType.Decimal(10, 0));
        assertThat(TypeMapping.parseSparkInStatement("varchar")).isEqualTo(DataType.of(DataType.Kind.STRING));
        // a DuckDB table's INTERVAL column is listed as string; NULL and unknown types are no column type
        assertThat(TypeMapping.parseDuckDb("INTERVAL")).isEqualTo(DataType.of(DataType.Kind.STRING));
        assertThat(TypeMapping.parseDuckDb("BIT")).isEqualTo(DataType.of(DataType.Kind.BINARY));
        assertThatThrownBy(() -> TypeMapping.parseDuckDb("\"NULL\"")).isInstanceOf(TypeParseException.class);
        assertThatThrownBy(() -> TypeMapping.parseDuckDb("NULL")).isInstanceOf(TypeParseException.class);
        assertThatThrownBy(() -> TypeMapping.parseDuckDb("STRUCT(a GEOMETRY)")).isInstanceOf(TypeParseException.class);
        assertThat(TypeMapping.resultTypeOfDuckDb("DECIMAL(")).isEqualTo(SparkType.STRING);
    }

    @Test
    void everyStatementScalarNameParsesAndRenders() {
        assertThat(TypeMapping.statementScalarNames()).contains("STRING", "VOID", "INTERVAL", "DECIMAL", "VARCHAR", "TIMESTAMP_LTZ");
        for (String name : TypeMapping.statementScalarNames()) {
            assertThat(TypeMapping.toDuckDbInStatement(TypeMapping.parseSparkInStatement(name))).isNotBlank();
        }
    }
}
