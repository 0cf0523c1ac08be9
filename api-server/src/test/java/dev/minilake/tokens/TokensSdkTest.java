package dev.minilake.tokens;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.core.error.platform.InvalidParameterValue;
import com.databricks.sdk.core.error.platform.ResourceDoesNotExist;
import com.databricks.sdk.service.settings.CreateTokenRequest;
import com.databricks.sdk.service.settings.CreateTokenResponse;
import com.databricks.sdk.service.settings.PublicTokenInfo;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Tokens API through the real Java SDK: the wire shapes decode into the SDK's own classes. */
class TokensSdkTest {
    final MiniLakeServer server = MiniLakeServer.shared();
    final WorkspaceClient w = server.workspace();

    @BeforeEach
    void reset() {
        server.reset();
    }

    @Test
    void createListDelete() {
        CreateTokenResponse created = w.tokens().create(new CreateTokenRequest().setComment("ci").setLifetimeSeconds(3600L));
        assertThat(created.getTokenValue()).startsWith("dapi");
        PublicTokenInfo info = created.getTokenInfo();
        assertThat(info.getComment()).isEqualTo("ci");
        assertThat(info.getExpiryTime() - info.getCreationTime()).isEqualTo(3_600_000L);

        List<PublicTokenInfo> listed = list();
        assertThat(listed).extracting(PublicTokenInfo::getTokenId).containsExactly(info.getTokenId());
        assertThat(listed.get(0).getComment()).isEqualTo("ci");

        w.tokens().delete(info.getTokenId());
        assertThat(list()).isEmpty();
    }

    @Test
    void tokenWithoutLifetimeNeverExpires() {
        CreateTokenResponse created = w.tokens().create(new CreateTokenRequest());
        assertThat(created.getTokenInfo().getExpiryTime()).isEqualTo(-1L);
    }

    @Test
    void deletingAnUnknownTokenIsResourceDoesNotExist() {
        assertThatThrownBy(() -> w.tokens().delete("no-such-token")).isInstanceOf(ResourceDoesNotExist.class);
    }

    @Test
    void negativeLifetimeIsRefusedAndNothingIsCreated() {
        assertThatThrownBy(() -> w.tokens().create(new CreateTokenRequest().setLifetimeSeconds(-5L)))
                .isInstanceOf(InvalidParameterValue.class)
                .hasMessageContaining("lifetime_seconds");
        assertThat(list()).isEmpty();
    }

    @Test
    void resetEmptiesTheStore() {
        w.tokens().create(new CreateTokenRequest().setComment("a"));
        w.tokens().create(new CreateTokenRequest().setComment("b"));
        assertThat(list()).hasSize(2);
        server.reset();
        assertThat(list()).isEmpty();
    }

    private List<PublicTokenInfo> list() {
        return StreamSupport.stream(w.tokens().list().spliterator(), false).toList();
    }
}
