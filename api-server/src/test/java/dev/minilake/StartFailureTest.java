package dev.minilake;

import org.junit.jupiter.api.Test;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.context.ApplicationContextException;

import static org.assertj.core.api.Assertions.assertThat;

/** The one line main() prints when the start fails. */
class StartFailureTest {
    @Test
    void aPortInUseIsNamedEvenUnderWrappersAndAboveItsOwnCause() {
        Exception e = new ApplicationContextException("Failed to start bean 'webServerStartStop'",
                new PortInUseException(8000, new java.net.BindException("Address already in use")));
        assertThat(MiniLakeApplication.startFailure(e)).isEqualTo("Port 8000 is already in use");
    }

    @Test
    void otherwiseTheInnermostCauseSpeaks() {
        Exception e = new IllegalStateException("wrapper", new IllegalArgumentException("--data-dir /x is not writable"));
        assertThat(MiniLakeApplication.startFailure(e)).isEqualTo("--data-dir /x is not writable");
        assertThat(MiniLakeApplication.startFailure(new NullPointerException())).isEqualTo("java.lang.NullPointerException");
    }
}
