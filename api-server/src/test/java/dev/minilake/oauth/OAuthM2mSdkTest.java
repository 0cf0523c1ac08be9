package dev.minilake.oauth;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.DatabricksConfig;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.core.error.platform.Unauthenticated;
import com.databricks.sdk.service.iam.MeRequest;
import com.databricks.sdk.service.iam.ServicePrincipal;
import com.databricks.sdk.service.oauth2.CreateServicePrincipalSecretRequest;
import com.databricks.sdk.service.oauth2.CreateServicePrincipalSecretResponse;
import com.databricks.sdk.service.oauth2.SecretInfo;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * OAuth M2M against a strict-mode server through the real Java SDK: a service principal's secret
 * (ServicePrincipalSecretsProxyAPI), the SDK's own oauth-m2m flow (host metadata, OIDC discovery,
 * the token endpoint), and the issued token checked as a PAT is.
 */
class OAuthM2mSdkTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static MiniLakeServer server;
    static WorkspaceClient admin;

    @BeforeAll
    static void start() throws Exception {
        server = MiniLakeServer.startWith(Map.of("MINILAKE_AUTH", "strict", "MINILAKE_TOKEN", "admin-secret"));
        admin = server.workspace("admin-secret");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    WorkspaceClient m2m(String clientId, String clientSecret) {
        return new WorkspaceClient(new DatabricksConfig().setHost(server.url()).setAuthType("oauth-m2m")
                .setClientId(clientId).setClientSecret(clientSecret));
    }

    @Test
    void hostMetadataNamesTheAccountAndTheWorkspaceAndItsOidcEndpointIsServed() throws Exception {
        JsonNode meta = JSON.readTree(server.send("GET", "/.well-known/databricks-config", null).body());
        assertThat(meta.get("workspace_id").asText()).isEqualTo("6051921418418893");
        assertThat(java.util.UUID.fromString(meta.get("account_id").asText())).isNotNull();
        // what the metadata advertises answers, without a token, in strict mode
        var discovery = server.send("GET", java.net.URI.create(meta.get("oidc_endpoint").asText()).getPath()
                + "/.well-known/oauth-authorization-server", null);
        assertThat(discovery.statusCode()).isEqualTo(200);
        JsonNode oidc = JSON.readTree(discovery.body());
        assertThat(oidc.get("issuer").asText()).isEqualTo(server.url() + "/oidc");
        assertThat(oidc.get("token_endpoint").asText()).isEqualTo(server.url() + "/oidc/v1/token");
        assertThat(oidc.get("authorization_endpoint").asText()).isEqualTo(server.url() + "/oidc/v1/authorize");
        var authorize = server.send("GET", "/oidc/v1/authorize?response_type=code&client_id=x", null);
        assertThat(authorize.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(authorize.body()).get("error").asText()).isEqualTo("unsupported_response_type");
    }

    @Test
    void aServicePrincipalSecretGetsATokenThatStrictModeAccepts() throws Exception {
        ServicePrincipal sp = admin.servicePrincipals().create(new ServicePrincipal().setDisplayName("ci-m2m"));
        CreateServicePrincipalSecretResponse secret = admin.servicePrincipalSecretsProxy().create(
                new CreateServicePrincipalSecretRequest().setServicePrincipalId(sp.getId()).setLifetime("3600s"));
        assertThat(secret.getSecret()).startsWith("dose");
        assertThat(secret.getStatus()).isEqualTo("ACTIVE");
        List<SecretInfo> listed = StreamSupport.stream(admin.servicePrincipalSecretsProxy().list(sp.getId()).spliterator(), false).toList();
        assertThat(listed).extracting(SecretInfo::getId).containsExactly(secret.getId());

        // the SDK's own oauth-m2m: discovery, client_credentials with HTTP Basic, then the bearer token
        WorkspaceClient bot = m2m(sp.getApplicationId(), secret.getSecret());
        assertThat(bot.currentUser().me(new MeRequest()).getUserName()).isNotBlank();
        assertThat(bot.config().getAuthType()).isEqualTo("oauth-m2m");

        // the token endpoint as an OAuth server answers it
        var ok = tokenRequest(sp.getApplicationId(), secret.getSecret(), "client_credentials");
        assertThat(ok.statusCode()).isEqualTo(200);
        JsonNode t = JSON.readTree(ok.body());
        assertThat(t.get("token_type").asText()).isEqualTo("Bearer");
        assertThat(t.get("expires_in").asLong()).isEqualTo(3600);
        String access = t.get("access_token").asText();
        assertThat(server.workspace(access).currentUser().me(new MeRequest()).getUserName()).isNotBlank();

        var wrong = tokenRequest(sp.getApplicationId(), secret.getSecret() + "x", "client_credentials");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(wrong.body()).get("error").asText()).isEqualTo("invalid_client");
        assertThat(wrong.headers().firstValue("WWW-Authenticate")).isPresent();
        var grant = tokenRequest(sp.getApplicationId(), secret.getSecret(), "password");
        assertThat(grant.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(grant.body()).get("error").asText()).isEqualTo("unsupported_grant_type");
        assertThatThrownBy(() -> m2m(sp.getApplicationId(), "dose-wrong").currentUser().me(new MeRequest()))
                .hasStackTraceContaining("invalid_client");

        // a deleted secret gets no more tokens; a deleted service principal's tokens stop working
        admin.servicePrincipalSecretsProxy().delete(sp.getId(), secret.getId());
        assertThat(tokenRequest(sp.getApplicationId(), secret.getSecret(), "client_credentials").statusCode()).isEqualTo(401);
        assertThat(server.workspace(access).currentUser().me(new MeRequest()).getUserName()).isNotBlank();
        admin.servicePrincipals().delete(sp.getId());
        assertThatThrownBy(() -> server.workspace(access).currentUser().me(new MeRequest())).isInstanceOf(Unauthenticated.class);
        assertThatThrownBy(() -> admin.servicePrincipalSecretsProxy().list(sp.getId()).iterator().hasNext())
                .isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void aTokenIsNotATokenWithoutItsPrefixAndSecretsNeedARealPrincipal() {
        assertThatThrownBy(() -> server.workspace("mloa0000").currentUser().me(new MeRequest())).isInstanceOf(Unauthenticated.class);
        assertThatThrownBy(() -> admin.servicePrincipalSecretsProxy().create(
                new CreateServicePrincipalSecretRequest().setServicePrincipalId("999")))
                .isInstanceOf(ResourceDoesNotExist.class);
        ServicePrincipal sp = admin.servicePrincipals().create(new ServicePrincipal().setDisplayName("bad-lifetime"));
        assertThatThrownBy(() -> admin.servicePrincipalSecretsProxy().create(
                new CreateServicePrincipalSecretRequest().setServicePrincipalId(sp.getId()).setLifetime("forever")))
                .isInstanceOf(com.databricks.sdk.core.error.platform.InvalidParameterValue.class);
    }

    private java.net.http.HttpResponse<String> tokenRequest(String clientId, String secret, String grant) {
        String basic = Base64.getEncoder().encodeToString((URLEncoder.encode(clientId, StandardCharsets.UTF_8) + ":"
                + URLEncoder.encode(secret, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
        return server.send("POST", "/oidc/v1/token", "grant_type=" + grant + "&scope=all-apis",
                Map.of("Content-Type", "application/x-www-form-urlencoded", "Authorization", "Basic " + basic));
    }
}
