package dev.minilake.core.settings;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SettingsTest {

    @Test
    void defaults() {
        Settings s = Settings.parse(new String[0], Map.of());
        assertThat(s.port()).isEqualTo(8000);
        assertThat(s.host()).isEqualTo("127.0.0.1");
        assertThat(s.dataDir()).isNull();
        assertThat(s.persistent()).isFalse();
        assertThat(s.authMode()).isEqualTo(Settings.AuthMode.OPEN);
    }

    @Test
    void tlsFlags() {
        assertThat(Settings.parse(new String[0], Map.of()).scheme()).isEqualTo("http");
        Settings s = Settings.parse(new String[]{"--tls"}, Map.of());
        assertThat(s.tls()).isTrue();
        assertThat(s.scheme()).isEqualTo("https");
        assertThat(s.tlsCert()).isNull();
        Settings given = Settings.parse(new String[]{"--cert", "/tmp/c.pem", "--key", "/tmp/k.pem"}, Map.of());
        assertThat(given.tls()).isTrue();
        assertThat(given.tlsCert()).isEqualTo(Path.of("/tmp/c.pem"));
        assertThatThrownBy(() -> Settings.parse(new String[]{"--cert", "/tmp/c.pem"}, Map.of()))
                .hasMessageContaining("--cert and --key go together");
        assertThat(Settings.help()).contains("--tls", "--cert PEM", "--key PEM");
    }

    @Test
    void flagsBeatEnvironment() {
        Settings s = Settings.parse(new String[]{"--port", "9001", "--data-dir=/tmp/x"},
                Map.of("MINILAKE_PORT", "7000", "MINILAKE_DATA_DIR", "/tmp/y", "MINILAKE_VERBOSE", "1"));
        assertThat(s.port()).isEqualTo(9001);
        assertThat(s.dataDir()).isEqualTo(Path.of("/tmp/x"));
        assertThat(s.persistent()).isTrue();
        assertThat(s.verbose()).isTrue();
    }

    @Test
    void environmentAlone() {
        Settings s = Settings.parse(new String[0], Map.of("MINILAKE_DATA_DIR", "/tmp/y", "MINILAKE_AUTH", "strict"));
        assertThat(s.dataDir()).isEqualTo(Path.of("/tmp/y"));
        assertThat(s.authMode()).isEqualTo(Settings.AuthMode.STRICT);
    }

    @Test
    void badValuesAreClearErrors() {
        assertThatThrownBy(() -> Settings.parse(new String[]{"--port", "abc"}, Map.of()))
                .hasMessageContaining("--port");
        assertThatThrownBy(() -> Settings.parse(new String[]{"--bogus"}, Map.of()))
                .hasMessageContaining("unknown option --bogus");
        assertThatThrownBy(() -> Settings.parse(new String[]{"--port"}, Map.of()))
                .hasMessageContaining("needs a value");
        assertThatThrownBy(() -> Settings.parse(new String[0], Map.of("MINILAKE_PERSIST", "maybe")))
                .hasMessageContaining("MINILAKE_PERSIST");
    }

    @Test
    void helpDocumentsEveryFlagAndVariable() {
        String help = Settings.help();
        for (Settings.Option o : optionsViaReflection()) {
            if (o.flag() != null) assertThat(help).contains(o.flag());
            if (o.env() != null) assertThat(help).contains(o.env());
        }
        assertThat(help).contains("--port", "--host", "--data-dir", "MINILAKE_PERSIST", "MINILAKE_VERBOSE");
    }

    @SuppressWarnings("unchecked")
    private static java.util.List<Settings.Option> optionsViaReflection() {
        try {
            var f = Settings.class.getDeclaredField("OPTIONS");
            f.setAccessible(true);
            return (java.util.List<Settings.Option>) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
