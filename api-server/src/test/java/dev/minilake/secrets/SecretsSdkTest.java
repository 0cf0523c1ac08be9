package dev.minilake.secrets;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.PermissionDenied;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.workspace.AclItem;
import com.databricks.sdk.service.workspace.AclPermission;
import com.databricks.sdk.service.workspace.CreateScope;
import com.databricks.sdk.service.workspace.DeleteAcl;
import com.databricks.sdk.service.workspace.DeleteSecret;
import com.databricks.sdk.service.workspace.PutAcl;
import com.databricks.sdk.service.workspace.PutSecret;
import com.databricks.sdk.service.workspace.ScopeBackendType;
import com.databricks.sdk.service.workspace.SecretMetadata;
import com.databricks.sdk.service.workspace.SecretScope;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Secrets through the real Java SDK: CRUD and ACLs work, values never come back. */
class SecretsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void scopesCreateListDelete() {
        w.secrets().createScope(new CreateScope().setScope("ci").setScopeBackendType(ScopeBackendType.DATABRICKS));
        List<SecretScope> scopes = list(w.secrets().listScopes());
        assertThat(scopes).extracting(SecretScope::getName).containsExactly("ci");
        assertThat(scopes.get(0).getBackendType()).isEqualTo(ScopeBackendType.DATABRICKS);

        assertThatThrownBy(() -> w.secrets().createScope(new CreateScope().setScope("ci"))).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.secrets().createScope(new CreateScope().setScope("bad name!"))).isInstanceOf(InvalidParameterValue.class);

        w.secrets().deleteScope("ci");
        assertThat(list(w.secrets().listScopes())).isEmpty();
        assertThatThrownBy(() -> w.secrets().deleteScope("ci")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void secretsAreListedAsMetadataAndValuesNeverReturned() {
        w.secrets().createScope(new CreateScope().setScope("ci"));
        w.secrets().putSecret(new PutSecret().setScope("ci").setKey("pw").setStringValue("hunter2-very-secret"));
        w.secrets().putSecret(new PutSecret().setScope("ci").setKey("blob")
                .setBytesValue(Base64.getEncoder().encodeToString(new byte[]{1, 2, 3})));

        List<SecretMetadata> secrets = list(w.secrets().listSecrets("ci"));
        assertThat(secrets).extracting(SecretMetadata::getKey).containsExactly("pw", "blob");
        assertThat(secrets.get(0).getLastUpdatedTimestamp()).isPositive();

        String raw = server.send("GET", "/api/2.0/secrets/list?scope=ci", null).body();
        assertThat(raw).doesNotContain("hunter2");
        assertThatThrownBy(() -> w.secrets().getSecret("ci", "pw"))
                .isInstanceOf(PermissionDenied.class).hasMessageContaining("only available inside a job");

        // jobs (in-process) are the only consumers of values
        SecretsService service = server.bean(SecretsService.class);
        assertThat(service.resolveForJob("ci", "pw", null)).hasValue(utf8("hunter2-very-secret"));
        assertThat(service.resolveForJob("ci", "blob", null)).hasValue(new byte[]{1, 2, 3});
        assertThat(service.resolveForJob("ci", "missing", null)).isEmpty();
        assertThat(service.redact("password=hunter2-very-secret; again hunter2-very-secret"))
                .isEqualTo("password=[REDACTED]; again [REDACTED]");

        w.secrets().deleteSecret(new DeleteSecret().setScope("ci").setKey("pw"));
        assertThat(list(w.secrets().listSecrets("ci"))).extracting(SecretMetadata::getKey).containsExactly("blob");
        assertThatThrownBy(() -> w.secrets().deleteSecret(new DeleteSecret().setScope("ci").setKey("pw")))
                .isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.secrets().listSecrets("nope").iterator().hasNext()).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void putSecretNeedsExactlyOneValueAndAnExistingScope() {
        assertThatThrownBy(() -> w.secrets().putSecret(new PutSecret().setScope("none").setKey("k").setStringValue("v")))
                .isInstanceOf(ResourceDoesNotExist.class);
        w.secrets().createScope(new CreateScope().setScope("ci"));
        assertThatThrownBy(() -> w.secrets().putSecret(new PutSecret().setScope("ci").setKey("k")))
                .isInstanceOf(InvalidParameterValue.class);
        assertThatThrownBy(() -> w.secrets().putSecret(new PutSecret().setScope("ci").setKey("k").setBytesValue("%%%")))
                .isInstanceOf(InvalidParameterValue.class);
    }

    @Test
    void aclsPutGetListDelete() {
        w.secrets().createScope(new CreateScope().setScope("ci"));
        w.secrets().putAcl(new PutAcl().setScope("ci").setPrincipal("data-eng").setPermission(AclPermission.READ));
        AclItem got = w.secrets().getAcl("ci", "data-eng");
        assertThat(got.getPermission()).isEqualTo(AclPermission.READ);

        w.secrets().putAcl(new PutAcl().setScope("ci").setPrincipal("data-eng").setPermission(AclPermission.WRITE));
        List<AclItem> acls = list(w.secrets().listAcls("ci"));
        // the creator manages the scope, as on Databricks
        assertThat(acls).extracting(AclItem::getPrincipal).contains("data-eng");
        assertThat(acls).anyMatch(a -> a.getPermission() == AclPermission.MANAGE);
        assertThat(w.secrets().getAcl("ci", "data-eng").getPermission()).isEqualTo(AclPermission.WRITE);

        w.secrets().deleteAcl(new DeleteAcl().setScope("ci").setPrincipal("data-eng"));
        assertThatThrownBy(() -> w.secrets().getAcl("ci", "data-eng")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.secrets().deleteAcl(new DeleteAcl().setScope("ci").setPrincipal("data-eng")))
                .isInstanceOf(ResourceDoesNotExist.class);
        assertThat(server.send("POST", "/api/2.0/secrets/acls/put",
                "{\"scope\":\"ci\",\"principal\":\"x\",\"permission\":\"OWN\"}").statusCode()).isEqualTo(400);
    }

    private static <T> List<T> list(Iterable<T> it) {
        return StreamSupport.stream(it.spliterator(), false).toList();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
