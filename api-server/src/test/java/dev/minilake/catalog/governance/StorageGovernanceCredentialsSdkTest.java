package dev.minilake.catalog.governance;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceAlreadyExists;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.catalog.AwsIamRole;
import com.databricks.sdk.service.catalog.AwsIamRoleRequest;
import com.databricks.sdk.service.catalog.CreateCredentialRequest;
import com.databricks.sdk.service.catalog.CreateStorageCredential;
import com.databricks.sdk.service.catalog.CredentialInfo;
import com.databricks.sdk.service.catalog.CredentialPurpose;
import com.databricks.sdk.service.catalog.GenerateTemporaryServiceCredentialRequest;
import com.databricks.sdk.service.catalog.ListCredentialsRequest;
import com.databricks.sdk.service.catalog.ListStorageCredentialsRequest;
import com.databricks.sdk.service.catalog.StorageCredentialInfo;
import com.databricks.sdk.service.catalog.UpdateCredentialRequest;
import com.databricks.sdk.service.catalog.UpdateStorageCredential;
import com.databricks.sdk.service.catalog.ValidateCredentialRequest;
import com.databricks.sdk.service.catalog.ValidateCredentialResult;
import com.databricks.sdk.service.catalog.ValidateStorageCredential;
import com.databricks.sdk.service.catalog.ValidationResult;
import com.databricks.sdk.service.catalog.ValidationResultOperation;
import com.databricks.sdk.service.catalog.ValidationResultResult;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Storage and service credentials through the real Java SDK: stored, one namespace, validate checks the local filesystem. */
class StorageGovernanceCredentialsSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void storageCredentialCrud() {
        StorageCredentialInfo c = w.storageCredentials().create(new CreateStorageCredential().setName("Lake_Cred").setComment("c1")
                .setAwsIamRole(new AwsIamRoleRequest().setRoleArn("arn:aws:iam::1:role/r")));
        assertThat(c.getId()).isNotBlank();
        assertThat(c.getFullName()).isEqualTo("Lake_Cred");
        assertThat(c.getAwsIamRole().getRoleArn()).isEqualTo("arn:aws:iam::1:role/r");
        assertThat(c.getMetastoreId()).isEqualTo(w.metastores().summary().getMetastoreId());

        assertThat(w.storageCredentials().get("lake_cred").getComment()).isEqualTo("c1"); // names are case-insensitive
        w.storageCredentials().create(new CreateStorageCredential().setName("other"));
        assertThat(StreamSupport.stream(w.storageCredentials().list(new ListStorageCredentialsRequest()).spliterator(), false))
                .extracting(StorageCredentialInfo::getName).containsExactly("Lake_Cred", "other");
        var firstPage = server.send("GET", "/api/2.1/unity-catalog/storage-credentials?max_results=1", null).body();
        assertThat(firstPage).contains("\"next_page_token\":\"lake_cred\"").doesNotContain("\"other\"");

        StorageCredentialInfo u = w.storageCredentials().update(new UpdateStorageCredential().setName("Lake_Cred").setComment("c2")
                .setReadOnly(true).setNewName("lake2"));
        assertThat(u.getName()).isEqualTo("lake2");
        assertThat(u.getReadOnly()).isTrue();
        assertThat(u.getAwsIamRole().getRoleArn()).isEqualTo("arn:aws:iam::1:role/r");
        assertThat(u.getId()).isEqualTo(c.getId());
        assertThatThrownBy(() -> w.storageCredentials().get("Lake_Cred")).isInstanceOf(ResourceDoesNotExist.class);

        w.storageCredentials().delete("lake2");
        assertThatThrownBy(() -> w.storageCredentials().get("lake2")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.storageCredentials().delete("lake2")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void duplicatesMissingFieldsAndUnknownNames() {
        w.storageCredentials().create(new CreateStorageCredential().setName("dup"));
        assertThatThrownBy(() -> w.storageCredentials().create(new CreateStorageCredential().setName("DUP")))
                .isInstanceOf(ResourceAlreadyExists.class);
        // storage and service credentials share one namespace
        assertThatThrownBy(() -> w.credentials().createCredential(new CreateCredentialRequest().setName("dup")
                .setPurpose(CredentialPurpose.SERVICE))).isInstanceOf(ResourceAlreadyExists.class);
        assertThatThrownBy(() -> w.storageCredentials().create(new CreateStorageCredential().setComment("no name")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("name");
        assertThatThrownBy(() -> w.credentials().createCredential(new CreateCredentialRequest().setName("nopurpose")))
                .isInstanceOf(InvalidParameterValue.class).hasMessageContaining("purpose");
        assertThatThrownBy(() -> w.storageCredentials().create(new CreateStorageCredential().setName("two")
                .setAwsIamRole(new AwsIamRoleRequest().setRoleArn("a"))
                .setCloudflareApiToken(new com.databricks.sdk.service.catalog.CloudflareApiToken().setAccountId("x"))))
                .isInstanceOf(InvalidParameterValue.class);
        assertThat(StreamSupport.stream(w.credentials().listCredentials(new ListCredentialsRequest()).spliterator(), false))
                .extracting(CredentialInfo::getName).containsExactly("dup");
        assertThatThrownBy(() -> w.storageCredentials().get("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.storageCredentials().update(new UpdateStorageCredential().setName("nope").setComment("x")))
                .isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.credentials().getCredential("nope")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void serviceCredentialsAndTheirTemporaryToken() {
        CredentialInfo s = w.credentials().createCredential(new CreateCredentialRequest().setName("svc").setPurpose(CredentialPurpose.SERVICE)
                .setAwsIamRole(new AwsIamRole().setRoleArn("arn:aws:iam::1:role/svc")));
        assertThat(s.getPurpose()).isEqualTo(CredentialPurpose.SERVICE);
        w.credentials().createCredential(new CreateCredentialRequest().setName("sto").setPurpose(CredentialPurpose.STORAGE));
        // the storage API sees only STORAGE credentials
        assertThatThrownBy(() -> w.storageCredentials().get("svc")).isInstanceOf(ResourceDoesNotExist.class);
        assertThat(w.storageCredentials().get("sto").getName()).isEqualTo("sto");
        assertThat(StreamSupport.stream(w.credentials().listCredentials(new ListCredentialsRequest().setPurpose(CredentialPurpose.SERVICE))
                .spliterator(), false)).extracting(CredentialInfo::getName).containsExactly("svc");

        CredentialInfo u = w.credentials().updateCredential(new UpdateCredentialRequest().setNameArg("svc").setComment("updated"));
        assertThat(u.getComment()).isEqualTo("updated");
        assertThat(u.getAwsIamRole().getRoleArn()).isEqualTo("arn:aws:iam::1:role/svc");

        long before = System.currentTimeMillis();
        var tmp = w.credentials().generateTemporaryServiceCredential(new GenerateTemporaryServiceCredentialRequest().setCredentialName("svc"));
        assertThat(tmp.getExpirationTime()).isGreaterThan(before);
        assertThat(tmp.getAwsTempCredentials()).isNull();
        assertThatThrownBy(() -> w.credentials().generateTemporaryServiceCredential(
                new GenerateTemporaryServiceCredentialRequest().setCredentialName("ghost"))).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.credentials().generateTemporaryServiceCredential(
                new GenerateTemporaryServiceCredentialRequest().setCredentialName("sto"))).isInstanceOf(InvalidParameterValue.class);

        var v = w.credentials().validateCredential(new ValidateCredentialRequest().setCredentialName("svc"));
        assertThat(v.getResults()).singleElement().satisfies(r -> assertThat(r.getResult()).isEqualTo(ValidateCredentialResult.SKIP));

        w.credentials().deleteCredential("svc");
        assertThatThrownBy(() -> w.credentials().getCredential("svc")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void validateChecksTheLocalPath() throws Exception {
        w.storageCredentials().create(new CreateStorageCredential().setName("cred"));
        Path dir = server.dataDir().resolve("external/validate-" + UUID.randomUUID());
        Files.createDirectories(dir);
        var ok = w.storageCredentials().validate(new ValidateStorageCredential().setStorageCredentialName("cred").setUrl("file://" + dir));
        assertThat(ok.getIsDir()).as(ok.toString()).isTrue();
        Map<ValidationResultOperation, ValidationResultResult> byOp = new java.util.HashMap<>();
        for (ValidationResult r : ok.getResults()) byOp.put(r.getOperation(), r.getResult());
        assertThat(byOp).containsEntry(ValidationResultOperation.PATH_EXISTS, ValidationResultResult.PASS)
                .containsEntry(ValidationResultOperation.LIST, ValidationResultResult.PASS)
                .containsEntry(ValidationResultOperation.WRITE, ValidationResultResult.PASS);

        var missing = w.storageCredentials().validate(new ValidateStorageCredential().setStorageCredentialName("cred")
                .setUrl(dir.resolve("not-there").toString()).setReadOnly(true));
        assertThat(missing.getIsDir()).isFalse();
        List<ValidationResult> rs = List.copyOf(missing.getResults());
        assertThat(rs.get(0).getResult()).isEqualTo(ValidationResultResult.FAIL);
        assertThat(rs).filteredOn(r -> r.getOperation() == ValidationResultOperation.WRITE)
                .singleElement().satisfies(r -> assertThat(r.getResult()).isEqualTo(ValidationResultResult.SKIP));

        var outside = w.storageCredentials().validate(new ValidateStorageCredential().setStorageCredentialName("cred").setUrl("/etc"));
        assertThat(outside.getResults()).singleElement().satisfies(r -> {
            assertThat(r.getResult()).isEqualTo(ValidationResultResult.FAIL);
            assertThat(r.getMessage()).contains("outside the allowed storage roots");
        });
        assertThatThrownBy(() -> w.storageCredentials().validate(new ValidateStorageCredential().setStorageCredentialName("ghost")
                .setUrl(dir.toString()))).isInstanceOf(ResourceDoesNotExist.class);
    }
}
