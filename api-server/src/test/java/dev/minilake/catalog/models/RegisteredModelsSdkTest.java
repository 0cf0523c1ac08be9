package dev.minilake.catalog.models;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CreateRegisteredModelRequest;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.GetByAliasRequest;
import com.databricks.sdk.service.catalog.GetRegisteredModelRequest;
import com.databricks.sdk.service.catalog.ListRegisteredModelsRequest;
import com.databricks.sdk.service.catalog.ModelVersionInfo;
import com.databricks.sdk.service.catalog.ModelVersionInfoStatus;
import com.databricks.sdk.service.catalog.RegisteredModelInfo;
import com.databricks.sdk.service.catalog.SetRegisteredModelAliasRequest;
import com.databricks.sdk.service.catalog.UpdateModelVersionRequest;
import com.databricks.sdk.service.catalog.UpdateRegisteredModelRequest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** UC registered models and model versions through the real Java SDK (versions created the way MLflow does). */
class RegisteredModelsSdkTest {
    static final ObjectMapper JSON = new ObjectMapper();
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("ml"));
    }

    RegisteredModelInfo createModel(String name) {
        return w.registeredModels().create(new CreateRegisteredModelRequest().setCatalogName("main").setSchemaName("ml")
                .setName(name).setComment("first"));
    }

    JsonNode createVersion(String model, String source) throws Exception {
        HttpResponse<String> r = server.send("POST", "/api/2.0/mlflow/unity-catalog/model-versions/create",
                "{\"name\": \"" + model + "\", \"source\": \"" + source + "\", \"run_id\": \"r1\"}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body()).get("model_version");
    }

    @Test
    void modelLifecycle() {
        RegisteredModelInfo created = createModel("Churn");
        assertThat(created.getFullName()).isEqualTo("main.ml.churn");
        assertThat(created.getStorageLocation()).startsWith("file:");
        RegisteredModelInfo got = w.registeredModels().get("main.ml.churn");
        assertThat(got.getComment()).isEqualTo("first");
        assertThat(got.getCatalogName()).isEqualTo("main");
        assertThat(got.getSchemaName()).isEqualTo("ml");
        createModel("other");
        assertThat(StreamSupport.stream(w.registeredModels().list(new ListRegisteredModelsRequest().setCatalogName("main")
                .setSchemaName("ml")).spliterator(), false).map(RegisteredModelInfo::getName)).containsExactly("churn", "other");
        assertThat(w.registeredModels().list(new ListRegisteredModelsRequest().setMaxResults(1L))).hasSize(2); // paged
        RegisteredModelInfo updated = w.registeredModels().update(new UpdateRegisteredModelRequest().setFullName("main.ml.churn")
                .setComment("second").setOwner("ana@example.com"));
        assertThat(updated.getComment()).isEqualTo("second");
        assertThat(w.registeredModels().get("main.ml.churn").getOwner()).isEqualTo("ana@example.com");
        w.registeredModels().delete("main.ml.churn");
        assertThatThrownBy(() -> w.registeredModels().get("main.ml.churn")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void duplicateMissingAndUnknown() {
        createModel("m");
        assertThatThrownBy(() -> createModel("M")).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.registeredModels().create(new CreateRegisteredModelRequest().setCatalogName("main")
                .setSchemaName("ml"))).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("name");
        assertThat(w.registeredModels().list(new ListRegisteredModelsRequest())).hasSize(1);
        assertThatThrownBy(() -> w.registeredModels().create(new CreateRegisteredModelRequest().setCatalogName("main")
                .setSchemaName("nope").setName("x"))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.registeredModels().create(new CreateRegisteredModelRequest().setCatalogName("nocat")
                .setSchemaName("ml").setName("x"))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.registeredModels().get("main.ml.nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.modelVersions().get("main.ml.m", 1)).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.registeredModels().delete("main.ml.nope")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void versionsAreNumberedPerModelWithRealDirectories() throws Exception {
        createModel("m");
        createModel("n");
        JsonNode v1 = createVersion("main.ml.m", "runs:/r1/model");
        JsonNode v2 = createVersion("main.ml.m", "runs:/r2/model");
        JsonNode n1 = createVersion("main.ml.n", "runs:/r3/model");
        assertThat(v1.get("version").asText()).isEqualTo("1");
        assertThat(v2.get("version").asText()).isEqualTo("2");
        assertThat(n1.get("version").asText()).isEqualTo("1");
        assertThat(v2.get("status").asText()).isEqualTo("READY");

        ModelVersionInfo got = w.modelVersions().get("main.ml.m", 2);
        assertThat(got.getVersion()).isEqualTo(2L);
        assertThat(got.getStatus()).isEqualTo(ModelVersionInfoStatus.READY);
        assertThat(got.getSource()).isEqualTo("runs:/r2/model");
        assertThat(got.getModelName()).isEqualTo("m");
        Path dir = Path.of(URI.create(got.getStorageLocation()));
        assertThat(dir).isDirectory().startsWith(server.dataDir());
        assertThat(w.modelVersions().list("main.ml.m")).extracting(ModelVersionInfo::getVersion).containsExactly(1L, 2L);

        ModelVersionInfo upd = w.modelVersions().update(new UpdateModelVersionRequest().setFullName("main.ml.m").setVersion(1L)
                .setComment("baseline"));
        assertThat(upd.getComment()).isEqualTo("baseline");
        assertThat(w.modelVersions().get("main.ml.m", 1).getComment()).isEqualTo("baseline");

        w.modelVersions().delete("main.ml.m", 2);
        assertThat(dir).doesNotExist();
        assertThatThrownBy(() -> w.modelVersions().get("main.ml.m", 2)).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(createVersion("main.ml.m", "runs:/r4/model").get("version").asText()).isEqualTo("3");

        Path modelDir = Path.of(URI.create(w.registeredModels().get("main.ml.m").getStorageLocation()));
        assertThat(modelDir).isDirectory();
        w.registeredModels().delete("main.ml.m");
        assertThat(modelDir).doesNotExist();
        createModel("m");
        assertThatThrownBy(() -> w.modelVersions().get("main.ml.m", 1)).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(createVersion("main.ml.m", "runs:/r5/model").get("version").asText()).isEqualTo("1");
        HttpResponse<String> bad = server.send("POST", "/api/2.0/mlflow/unity-catalog/model-versions/create", "{\"name\": \"main.ml.zz\", \"source\": \"x\"}");
        assertThat(bad.statusCode()).isEqualTo(404);
    }

    @Test
    void aliases() throws Exception {
        createModel("m");
        createVersion("main.ml.m", "s1");
        createVersion("main.ml.m", "s2");
        var a = w.registeredModels().setAlias(new SetRegisteredModelAliasRequest().setFullName("main.ml.m").setAlias("champion").setVersionNum(2L));
        assertThat(a.getAliasName()).isEqualTo("champion");
        assertThat(a.getVersionNum()).isEqualTo(2L);
        w.registeredModels().setAlias(new SetRegisteredModelAliasRequest().setFullName("main.ml.m").setAlias("old").setVersionNum(1L));
        assertThat(w.modelVersions().getByAlias("main.ml.m", "champion").getSource()).isEqualTo("s2");
        assertThat(w.modelVersions().getByAlias(new GetByAliasRequest().setFullName("main.ml.m").setAlias("champion").setIncludeAliases(true))
                .getAliases()).extracting(x -> x.getAliasName()).containsExactly("champion");
        assertThat(w.registeredModels().get(new GetRegisteredModelRequest().setFullName("main.ml.m").setIncludeAliases(true)).getAliases())
                .extracting(x -> x.getAliasName() + "=" + x.getVersionNum()).containsExactlyInAnyOrder("champion=2", "old=1");
        assertThatThrownBy(() -> w.registeredModels().setAlias(new SetRegisteredModelAliasRequest().setFullName("main.ml.m")
                .setAlias("x").setVersionNum(9L))).isInstanceOf(ResourceDoesNotExist.class);
        w.registeredModels().deleteAlias("main.ml.m", "champion");
        assertThatThrownBy(() -> w.modelVersions().getByAlias("main.ml.m", "champion")).isInstanceOf(ResourceDoesNotExist.class);
        w.modelVersions().delete("main.ml.m", 1);   // takes its alias along
        assertThatThrownBy(() -> w.modelVersions().getByAlias("main.ml.m", "old")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void droppingTheSchemaDropsItsModels() throws Exception {
        createModel("m");
        createVersion("main.ml.m", "s1");
        Path old = Path.of(URI.create(w.modelVersions().get("main.ml.m", 1).getStorageLocation()));
        w.schemas().delete(new com.databricks.sdk.service.catalog.DeleteSchemaRequest().setFullName("main.ml").setForce(true));
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("ml"));
        assertThatThrownBy(() -> w.registeredModels().get("main.ml.m")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.registeredModels().list(new ListRegisteredModelsRequest())).isEmpty();
        createModel("m");
        assertThat(w.modelVersions().list("main.ml.m")).isEmpty();
        assertThat(old).doesNotExist();
    }
}
