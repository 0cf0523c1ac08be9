package dev.minilake.security;

import com.databricks.sdk.WorkspaceClient;
import com.databricks.sdk.service.workspace.CreateScope;
import com.databricks.sdk.service.workspace.PutSecret;
import dev.minilake.core.crypto.SecretSeal;
import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Secret values are encrypted at rest (issue 17, finding 1): the store's files never hold them in plaintext. */
class SecretsAtRestTest {

    @Test
    void theControlStoreHoldsNoSecretValueInPlaintext() throws Exception {
        MiniLakeServer server = MiniLakeServer.shared();
        server.reset();
        WorkspaceClient w = server.workspace();
        String value = "plaintext-canary-" + System.nanoTime();
        w.secrets().createScope(new CreateScope().setScope("at-rest"));
        w.secrets().putSecret(new PutSecret().setScope("at-rest").setKey("k").setStringValue(value));
        server.send("POST", "/api/2.1/unity-catalog/secrets",
                "{\"catalog_name\":\"main\",\"schema_name\":\"default\",\"name\":\"uc\",\"value\":\"" + value + "-uc\"}");

        byte[] needle = value.getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(server.dataDir().resolve("control"))) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(indexOf(Files.readAllBytes(f), needle)).as(f.toString()).isEqualTo(-1);
            }
        }
        // the value still resolves where it should: UC's include_value
        assertThat(server.send("GET", "/api/2.1/unity-catalog/secrets/main.default.uc?include_value=true", null).body())
                .contains(value + "-uc");
    }

    @Test
    void aSealedValueOpensOnlyWithItsKey(@TempDir Path dir) {
        SecretSeal seal = new SecretSeal(dir.resolve("a/secrets.key"));
        String sealed = seal.seal("hunter2".getBytes(StandardCharsets.UTF_8));
        assertThat(sealed).doesNotContain("hunter2");
        assertThat(seal.seal("hunter2".getBytes(StandardCharsets.UTF_8))).isNotEqualTo(sealed); // fresh nonce each time
        assertThat(new String(seal.open(sealed), StandardCharsets.UTF_8)).isEqualTo("hunter2");
        assertThat(new String(new SecretSeal(dir.resolve("a/secrets.key")).open(sealed), StandardCharsets.UTF_8)).isEqualTo("hunter2");
        assertThatThrownBy(() -> new SecretSeal(dir.resolve("b/secrets.key")).open(sealed)).isInstanceOf(IllegalStateException.class);
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) if (hay[i + j] != needle[j]) continue outer;
            return i;
        }
        return -1;
    }
}
