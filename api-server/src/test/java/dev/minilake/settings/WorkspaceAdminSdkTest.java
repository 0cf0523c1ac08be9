package dev.minilake.settings;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceConflict;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.settings.Config;
import com.databricks.sdk.service.settings.CreateIpAccessList;
import com.databricks.sdk.service.settings.CreateNotificationDestinationRequest;
import com.databricks.sdk.service.settings.DefaultNamespaceSetting;
import com.databricks.sdk.service.settings.EmailConfig;
import com.databricks.sdk.service.settings.GetDefaultNamespaceSettingRequest;
import com.databricks.sdk.service.settings.GetIpAccessListRequest;
import com.databricks.sdk.service.settings.GetNotificationDestinationRequest;
import com.databricks.sdk.service.settings.GetStatusRequest;
import com.databricks.sdk.service.settings.ListType;
import com.databricks.sdk.service.settings.NotificationDestination;
import com.databricks.sdk.service.settings.SlackConfig;
import com.databricks.sdk.service.settings.StringMessage;
import com.databricks.sdk.service.settings.UpdateDefaultNamespaceSettingRequest;
import com.databricks.sdk.service.settings.UpdateIpAccessList;
import com.databricks.sdk.service.workspace.CreateCredentialsRequest;
import com.databricks.sdk.service.workspace.GetCredentialsRequest;
import com.databricks.sdk.service.workspace.UpdateCredentialsRequest;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Workspace admin objects through the real Java SDK. */
class WorkspaceAdminSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void workspaceConfRoundTrip() {
        w.workspaceConf().setStatus(Map.of("enableIpAccessLists", "true", "customKey", "x"));
        Map<String, String> got = w.workspaceConf().getStatus(new GetStatusRequest().setKeys("enableIpAccessLists,customKey,enableTokensConfig"));
        assertThat(got).containsEntry("enableIpAccessLists", "true").containsEntry("customKey", "x").containsEntry("enableTokensConfig", "true");
    }

    @Test
    void ipAccessListsCrudAndValidation() {
        String id = w.ipAccessLists().create(new CreateIpAccessList().setLabel("office").setListType(ListType.ALLOW)
                .setIpAddresses(List.of("10.0.0.0/16", "1.2.3.4"))).getIpAccessList().getListId();
        var got = w.ipAccessLists().get(new GetIpAccessListRequest().setIpAccessListId(id)).getIpAccessList();
        assertThat(got.getAddressCount()).isEqualTo(2L);
        assertThat(got.getEnabled()).isTrue();
        w.ipAccessLists().update(new UpdateIpAccessList().setIpAccessListId(id).setEnabled(false));
        assertThat(w.ipAccessLists().get(new GetIpAccessListRequest().setIpAccessListId(id)).getIpAccessList().getEnabled()).isFalse();
        assertThatThrownBy(() -> w.ipAccessLists().create(new CreateIpAccessList().setLabel("bad").setListType(ListType.BLOCK)
                .setIpAddresses(List.of("999.1.1.1")))).isInstanceOf(InvalidParameterValue.class).hasMessageContaining("999.1.1.1");
        assertThat(w.ipAccessLists().list()).hasSize(1);
        w.ipAccessLists().delete(id);
        assertThatThrownBy(() -> w.ipAccessLists().get(new GetIpAccessListRequest().setIpAccessListId(id))).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void gitCredentialSecretIsNeverReturned() throws Exception {
        var created = w.gitCredentials().create(new CreateCredentialsRequest().setGitProvider("gitHub")
                .setGitUsername("ana").setPersonalAccessToken("ghp_secret"));
        w.gitCredentials().update(new UpdateCredentialsRequest().setCredentialId(created.getCredentialId())
                .setGitProvider("gitHub").setGitUsername("ana2"));
        assertThat(w.gitCredentials().get(new GetCredentialsRequest().setCredentialId(created.getCredentialId())).getGitUsername()).isEqualTo("ana2");
        String raw = server.send("GET", "/api/2.0/git-credentials", null).body();
        assertThat(raw).contains("ana2").doesNotContain("ghp_secret");
        assertThatThrownBy(() -> w.gitCredentials().create(new CreateCredentialsRequest().setGitProvider("floppy")))
                .isInstanceOf(InvalidParameterValue.class);
    }

    @Test
    void notificationDestinationsMaskSecrets() {
        NotificationDestination email = w.notificationDestinations().create(new CreateNotificationDestinationRequest()
                .setDisplayName("oncall").setConfig(new Config().setEmail(new EmailConfig().setAddresses(List.of("a@example.com")))));
        assertThat(email.getDestinationType().toString()).isEqualTo("EMAIL");
        NotificationDestination slack = w.notificationDestinations().create(new CreateNotificationDestinationRequest()
                .setDisplayName("chat").setConfig(new Config().setSlack(new SlackConfig().setUrl("https://hooks.example/secret"))));
        NotificationDestination got = w.notificationDestinations().get(new GetNotificationDestinationRequest().setId(slack.getId()));
        assertThat(got.getConfig().getSlack().getUrl()).isNull();
        assertThat(got.getConfig().getSlack().getUrlSet()).isTrue();
        assertThat(w.notificationDestinations().list(new com.databricks.sdk.service.settings.ListNotificationDestinationsRequest())).hasSize(2);
    }

    @Test
    void defaultNamespaceSettingWithEtags() {
        assertThatThrownBy(() -> w.settings().DefaultNamespace().get(new GetDefaultNamespaceSettingRequest()))
                .isInstanceOf(ResourceDoesNotExist.class);
        DefaultNamespaceSetting first = w.settings().DefaultNamespace().update(new UpdateDefaultNamespaceSettingRequest()
                .setAllowMissing(true).setFieldMask("namespace.value")
                .setSetting(new DefaultNamespaceSetting().setNamespace(new StringMessage().setValue("sales"))));
        assertThat(first.getEtag()).isNotBlank();
        DefaultNamespaceSetting got = w.settings().DefaultNamespace().get(new GetDefaultNamespaceSettingRequest());
        assertThat(got.getNamespace().getValue()).isEqualTo("sales");
        w.settings().DefaultNamespace().update(new UpdateDefaultNamespaceSettingRequest().setAllowMissing(true).setFieldMask("namespace.value")
                .setSetting(new DefaultNamespaceSetting().setEtag(first.getEtag()).setNamespace(new StringMessage().setValue("main"))));
        assertThatThrownBy(() -> w.settings().DefaultNamespace().update(new UpdateDefaultNamespaceSettingRequest().setAllowMissing(true)
                .setFieldMask("namespace.value")
                .setSetting(new DefaultNamespaceSetting().setEtag(first.getEtag()).setNamespace(new StringMessage().setValue("x")))))
                .isInstanceOf(ResourceConflict.class);
        assertThat(w.settings().DefaultNamespace().get(new GetDefaultNamespaceSettingRequest()).getNamespace().getValue()).isEqualTo("main");
    }
}
