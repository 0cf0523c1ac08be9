package dev.minilake.catalog;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.InvalidState;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.ColumnTypeName;
import com.databricks.sdk.service.catalog.CreateFunction;
import com.databricks.sdk.service.catalog.CreateFunctionParameterStyle;
import com.databricks.sdk.service.catalog.CreateFunctionRequest;
import com.databricks.sdk.service.catalog.CreateFunctionRoutineBody;
import com.databricks.sdk.service.catalog.CreateFunctionSecurityType;
import com.databricks.sdk.service.catalog.CreateFunctionSqlDataAccess;
import com.databricks.sdk.service.catalog.CreateVolumeRequestContent;
import com.databricks.sdk.service.catalog.FunctionInfo;
import com.databricks.sdk.service.catalog.FunctionParameterInfo;
import com.databricks.sdk.service.catalog.FunctionParameterInfos;
import com.databricks.sdk.service.catalog.UpdateVolumeRequestContent;
import com.databricks.sdk.service.catalog.VolumeInfo;
import com.databricks.sdk.service.catalog.VolumeType;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Volumes and functions through the real Java SDK. A managed volume is a real directory; a function
 * is a DuckDB macro (its use in SQL is tested by the SQL engine's tests).
 */
class VolumesFunctionsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void managedVolumeOwnsADirectory() {
        VolumeInfo v = w.volumes().create(new CreateVolumeRequestContent().setCatalogName("main").setSchemaName("default")
                .setName("Landing").setVolumeType(VolumeType.MANAGED).setComment("files"));
        Path dir = server.dataDir().resolve("volumes/main/default/landing");
        assertThat(v.getFullName()).isEqualTo("main.default.landing");
        assertThat(v.getVolumeType()).isEqualTo(VolumeType.MANAGED);
        assertThat(Path.of(v.getStorageLocation())).isEqualTo(dir.toAbsolutePath());
        assertThat(dir).isDirectory();

        assertThat(w.volumes().read("main.default.landing").getVolumeId()).isEqualTo(v.getVolumeId());
        assertThat(StreamSupport.stream(w.volumes().list("main", "default").spliterator(), false))
                .extracting(VolumeInfo::getName).containsExactly("landing");
        assertThat(w.volumes().update(new UpdateVolumeRequestContent().setName("main.default.landing").setComment("raw"))
                .getComment()).isEqualTo("raw");

        // a schema holding a volume is not empty
        assertThatThrownBy(() -> w.schemas().delete("main.default")).isInstanceOf(InvalidState.class);

        w.volumes().delete("main.default.landing");
        assertThat(dir).doesNotExist();
        assertThatThrownBy(() -> w.volumes().read("main.default.landing")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void externalVolumeNeedsAnAbsolutePathAndKeepsItsFiles() throws Exception {
        // EXTERNAL volumes live in the storage roots; with none configured, the data dir's external/ area
        Path ext = Files.createDirectories(server.dataDir().resolve("external/ext-vol-" + System.nanoTime()));
        Files.writeString(ext.resolve("keep.txt"), "x");
        assertThatThrownBy(() -> w.volumes().create(new CreateVolumeRequestContent().setCatalogName("main").setSchemaName("default")
                .setName("e").setVolumeType(VolumeType.EXTERNAL))).isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("storage_location");
        assertThatThrownBy(() -> w.volumes().create(new CreateVolumeRequestContent().setCatalogName("main").setSchemaName("default")
                .setName("e").setVolumeType(VolumeType.EXTERNAL).setStorageLocation("relative/path")))
                .isInstanceOf(InvalidParameterValue.class);
        VolumeInfo v = w.volumes().create(new CreateVolumeRequestContent().setCatalogName("main").setSchemaName("default")
                .setName("e").setVolumeType(VolumeType.EXTERNAL).setStorageLocation(ext.toString()));
        assertThat(v.getStorageLocation()).isEqualTo(ext.toString());
        assertThatThrownBy(() -> w.volumes().create(new CreateVolumeRequestContent().setCatalogName("main").setSchemaName("default")
                .setName("E").setVolumeType(VolumeType.MANAGED))).isInstanceOf(ResourceAlreadyExists.class);
        w.volumes().delete("main.default.e");
        assertThat(ext.resolve("keep.txt")).exists();
    }

    @Test
    void sqlFunctionBecomesAMacroListedFromDuckDb() {
        FunctionInfo f = w.functions().create(new CreateFunctionRequest().setFunctionInfo(function("add_one", "x + 1")));
        assertThat(f.getFullName()).isEqualTo("main.default.add_one");
        assertThat(f.getFunctionId()).isNotBlank();

        FunctionInfo got = w.functions().get("main.default.add_one");
        assertThat(got.getRoutineDefinition()).isEqualTo("x + 1");
        assertThat(got.getDataType()).isEqualTo(ColumnTypeName.INT);
        assertThat(got.getFullDataType()).isEqualTo("int");
        assertThat(got.getInputParams().getParameters()).extracting(FunctionParameterInfo::getName).containsExactly("x");
        assertThat(got.getFunctionId()).isEqualTo(f.getFunctionId());
        assertThat(StreamSupport.stream(w.functions().list("main", "default").spliterator(), false))
                .extracting(FunctionInfo::getName).containsExactly("add_one");

        assertThatThrownBy(() -> w.functions().create(new CreateFunctionRequest().setFunctionInfo(function("add_one", "x + 2"))))
                .isInstanceOf(ResourceAlreadyExists.class);
        // DuckDB refuses a broken definition; nothing is created
        assertThatThrownBy(() -> w.functions().create(new CreateFunctionRequest().setFunctionInfo(function("broken", "x +"))))
                .isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.functions().get("main.default.broken")).isInstanceOf(ResourceDoesNotExist.class);
        // a body that tries to end the macro and run a statement of its own is refused, and runs nothing
        w.tables().create(new com.databricks.sdk.service.catalog.CreateTableRequest().setName("keep").setCatalogName("main").setSchemaName("default")
                .setTableType(com.databricks.sdk.service.catalog.TableType.MANAGED)
                .setDataSourceFormat(com.databricks.sdk.service.catalog.DataSourceFormat.DELTA)
                .setColumns(List.of(new com.databricks.sdk.service.catalog.ColumnInfo().setName("id").setTypeText("int")
                        .setTypeName(ColumnTypeName.INT).setPosition(0L))));
        assertThatThrownBy(() -> w.functions().create(new CreateFunctionRequest().setFunctionInfo(
                function("sneaky", "x); DROP VIEW \"main$uc\".\"default\".\"keep\"; SELECT (1"))))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("routine_definition");
        assertThatThrownBy(() -> w.functions().get("main.default.sneaky")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.tables().exists("main.default.keep").getTableExists()).isTrue();
        assertThat(w.statementExecution().executeStatement(new com.databricks.sdk.service.sql.ExecuteStatementRequest()
                .setWarehouseId("dev").setStatement("SELECT count(*) FROM main.default.keep")).getStatus().getState())
                .isEqualTo(com.databricks.sdk.service.sql.StatementState.SUCCEEDED);

        w.functions().delete("main.default.add_one");
        assertThatThrownBy(() -> w.functions().get("main.default.add_one")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(StreamSupport.stream(w.functions().list("main", "default").spliterator(), false)).isEmpty();
    }

    private static CreateFunction function(String name, String body) {
        return new CreateFunction().setName(name).setCatalogName("main").setSchemaName("default")
                .setInputParams(new FunctionParameterInfos().setParameters(List.of(new FunctionParameterInfo()
                        .setName("x").setTypeText("int").setTypeName(ColumnTypeName.INT).setPosition(0L))))
                .setDataType(ColumnTypeName.INT).setFullDataType("int")
                .setRoutineBody(CreateFunctionRoutineBody.SQL).setRoutineDefinition(body)
                .setParameterStyle(CreateFunctionParameterStyle.S).setIsDeterministic(true)
                .setSqlDataAccess(CreateFunctionSqlDataAccess.CONTAINS_SQL).setIsNullCall(false)
                .setSecurityType(CreateFunctionSecurityType.DEFINER).setSpecificName(name);
    }
}
