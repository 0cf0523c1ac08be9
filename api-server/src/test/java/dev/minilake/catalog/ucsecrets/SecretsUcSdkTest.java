package dev.minilake.catalog.ucsecrets;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.CreateSchema;
import com.databricks.sdk.service.catalog.CreateSecretRequest;
import com.databricks.sdk.service.catalog.DeleteSchemaRequest;
import com.databricks.sdk.service.catalog.ListSecretsRequest;
import com.databricks.sdk.service.catalog.Secret;
import com.databricks.sdk.service.catalog.UpdateSecretRequest;
import com.google.protobuf.FieldMask;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Unity Catalog secrets through the real Java SDK: the value is write-only unless include_value is asked for. */
class SecretsUcSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("s"));
    }

    Secret create(String name, String value) {
        return w.secretsUc().createSecret(new CreateSecretRequest().setSecret(new Secret().setCatalogName("main").setSchemaName("s")
                .setName(name).setValue(value).setComment("db password")));
    }

    /** The 0.141 Java SDK has no include_value: the Python SDK's query parameter, sent through the SDK's own client. */
    Secret withValue(String fullName) throws Exception {
        return w.apiClient().execute(new com.databricks.sdk.core.http.Request("GET", "/api/2.1/unity-catalog/secrets/" + fullName)
                .withQueryParam("include_value", "true"), Secret.class);
    }

    @Test
    void secretLifecycle() throws Exception {
        Secret created = create("db_pw", "hunter2");
        assertThat(created.getFullName()).isEqualTo("main.s.db_pw");
        assertThat(created.getValue()).isNull();
        assertThat(created.getEffectiveValue()).isNull();
        assertThat(created.getCreateTime()).isNotNull();
        Secret got = w.secretsUc().getSecret("main.s.db_pw");
        assertThat(got.getComment()).isEqualTo("db password");
        assertThat(got.getValue()).isNull();
        assertThat(got.getEffectiveValue()).isNull();
        assertThat(withValue("main.s.db_pw").getEffectiveValue())
                .isEqualTo("hunter2");
        create("api_key", "k");
        assertThat(w.secretsUc().listSecrets(new ListSecretsRequest().setCatalogName("main").setSchemaName("s")))
                .extracting(Secret::getName).containsExactly("api_key", "db_pw");
        assertThat(w.secretsUc().listSecrets(new ListSecretsRequest().setPageSize(1L))).hasSize(2);
        String raw = server.send("GET", "/api/2.1/unity-catalog/secrets?catalog_name=main", null).body();
        assertThat(raw).contains("db_pw").doesNotContain("hunter2");

        Secret u = w.secretsUc().updateSecret(new UpdateSecretRequest().setFullName("main.s.db_pw")
                .setUpdateMask(FieldMask.newBuilder().addPaths("value").addPaths("comment").build())
                .setSecret(new Secret().setValue("correct horse").setComment("rotated")));
        assertThat(u.getComment()).isEqualTo("rotated");
        assertThat(u.getEffectiveValue()).isNull();
        assertThat(withValue("main.s.db_pw").getEffectiveValue())
                .isEqualTo("correct horse");

        w.secretsUc().deleteSecret("main.s.db_pw");
        assertThatThrownBy(() -> w.secretsUc().getSecret("main.s.db_pw")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void duplicateMissingAndUnknown() throws Exception {
        create("x", "1");
        assertThatThrownBy(() -> create("X", "2")).isInstanceOf(ResourceAlreadyExists.class);
        assertThat(withValue("main.s.x").getEffectiveValue()).isEqualTo("1");
        assertThatThrownBy(() -> create("y", null)).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("value");
        assertThatThrownBy(() -> w.secretsUc().createSecret(new CreateSecretRequest().setSecret(new Secret().setCatalogName("main")
                .setSchemaName("s").setValue("v")))).isInstanceOf(InvalidParameterValue.class);
        assertThat(w.secretsUc().listSecrets(new ListSecretsRequest())).hasSize(1);
        assertThatThrownBy(() -> w.secretsUc().createSecret(new CreateSecretRequest().setSecret(new Secret().setCatalogName("main")
                .setSchemaName("nope").setName("z").setValue("v")))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.secretsUc().getSecret("main.s.nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.secretsUc().deleteSecret("main.s.nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.secretsUc().updateSecret(new UpdateSecretRequest().setFullName("main.s.x")
                .setUpdateMask(FieldMask.newBuilder().addPaths("name").build()).setSecret(new Secret().setName("other"))))
                .isInstanceOf(InvalidParameterValue.class);
    }

    @Test
    void secretsGoWithTheirSchema() {
        create("x", "1");
        w.schemas().delete(new DeleteSchemaRequest().setFullName("main.s").setForce(true));
        w.schemas().create(new CreateSchema().setCatalogName("main").setName("s"));
        assertThatThrownBy(() -> w.secretsUc().getSecret("main.s.x")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.secretsUc().listSecrets(new ListSecretsRequest())).isEmpty();
        create("x", "2");
    }
}
