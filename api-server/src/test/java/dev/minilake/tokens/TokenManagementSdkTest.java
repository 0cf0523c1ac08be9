package dev.minilake.tokens;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.iam.ServicePrincipal;
import com.databricks.sdk.service.settings.CreateOboTokenRequest;
import com.databricks.sdk.service.settings.CreateOboTokenResponse;
import com.databricks.sdk.service.settings.CreateTokenRequest;
import com.databricks.sdk.service.settings.ListTokenManagementRequest;
import com.databricks.sdk.service.settings.TokenInfo;
import com.databricks.sdk.service.settings.UpdateTokenManagementRequest;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Token management (the admin view of every token, and on-behalf-of tokens) through the real Java SDK. */
class TokenManagementSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    List<TokenInfo> all(ListTokenManagementRequest req) {
        return StreamSupport.stream(w.tokenManagement().list(req).spliterator(), false).toList();
    }

    @Test
    void listGetDeleteEveryToken() {
        String mine = w.tokens().create(new CreateTokenRequest().setComment("mine")).getTokenInfo().getTokenId();
        ServicePrincipal sp = w.servicePrincipals().create(new ServicePrincipal().setDisplayName("ci-bot"));
        CreateOboTokenResponse obo = w.tokenManagement().createOboToken(new CreateOboTokenRequest()
                .setApplicationId(sp.getApplicationId()).setComment("for ci").setLifetimeSeconds(600L));
        assertThat(obo.getTokenValue()).startsWith("dapi");
        assertThat(obo.getTokenInfo().getOwnerId()).isEqualTo(Long.parseLong(sp.getId()));
        assertThat(obo.getTokenInfo().getCreatedByUsername()).isEqualTo("dev@minilake.local");

        assertThat(all(new ListTokenManagementRequest())).extracting(TokenInfo::getComment).containsExactly("mine", "for ci");
        assertThat(all(new ListTokenManagementRequest().setCreatedByUsername("someone@else"))).isEmpty();
        // the personal Tokens API lists only the caller's own tokens
        assertThat(w.tokens().list()).extracting(t -> t.getComment()).containsExactly("mine");

        TokenInfo got = w.tokenManagement().get(obo.getTokenInfo().getTokenId()).getTokenInfo();
        assertThat(got.getComment()).isEqualTo("for ci");
        assertThat(got.getExpiryTime() - got.getCreationTime()).isEqualTo(600_000L);
        assertThat(got.getWorkspaceId()).isNotNull();

        TokenInfo renamed = w.tokenManagement().updateTokenManagement(new UpdateTokenManagementRequest()
                .setTokenId(mine).setToken(new TokenInfo().setComment("renamed"))
                .setUpdateMask(com.google.protobuf.FieldMask.newBuilder().addPaths("comment").build()));
        assertThat(renamed.getComment()).isEqualTo("renamed");
        w.tokens().update(new com.databricks.sdk.service.settings.UpdateTokenRequest().setTokenId(mine)
                .setToken(new com.databricks.sdk.service.settings.PublicTokenInfo().setComment("mine again"))
                .setUpdateMask(com.google.protobuf.FieldMask.newBuilder().addPaths("comment").build()));
        assertThat(w.tokens().list()).extracting(t -> t.getComment()).containsExactly("mine again");

        w.tokenManagement().delete(obo.getTokenInfo().getTokenId());
        assertThat(all(new ListTokenManagementRequest())).extracting(TokenInfo::getTokenId).containsExactly(mine);
        assertThatThrownBy(() -> w.tokenManagement().get("nope")).isInstanceOf(ResourceDoesNotExist.class);
        assertThatThrownBy(() -> w.tokenManagement().createOboToken(new CreateOboTokenRequest().setApplicationId("no-such-app")))
                .isInstanceOf(ResourceDoesNotExist.class);
    }
}
