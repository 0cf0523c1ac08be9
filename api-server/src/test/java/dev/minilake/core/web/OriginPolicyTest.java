package dev.minilake.core.web;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OriginPolicyTest {
    private final OriginPolicy local = new OriginPolicy("127.0.0.1", List.of(), List.of());

    @Test
    void loopbackNamesAndAddressesAreServed() {
        assertThat(local.hostAllowed("localhost:8000")).isTrue();
        assertThat(local.hostAllowed("LOCALHOST.")).isTrue();
        assertThat(local.hostAllowed("127.0.0.1:8000")).isTrue();
        assertThat(local.hostAllowed("[::1]:8000")).isTrue();
        assertThat(local.hostAllowed(null)).isTrue(); // HTTP/1.0 tools; browsers always send a Host
    }

    @Test
    void aRebindingNameIsRefused() {
        assertThat(local.hostAllowed("evil.example")).isFalse();
        assertThat(local.hostAllowed("evil.example:8000")).isFalse();
        assertThat(local.hostAllowed("localhost.evil.example")).isFalse();
        assertThat(local.hostAllowed("127.0.0.1.nip.io")).isFalse();
        assertThat(local.hostAllowed("localhost:80:80")).isFalse();
        assertThat(local.hostAllowed("local host")).isFalse();
    }

    @Test
    void ipLiteralsAreServedBecauseRebindingNeedsAName() {
        assertThat(local.hostAllowed("10.1.2.3:8000")).isTrue();
        assertThat(local.hostAllowed("[fe80::1]")).isTrue();
        assertThat(local.hostAllowed("300.1.2.3")).isFalse();
    }

    @Test
    void configuredNamesAndSuffixesAreServed() {
        OriginPolicy chart = new OriginPolicy("0.0.0.0", List.of("minilake", "minilake.pr-17.svc", "*.svc.cluster.local"), List.of());
        assertThat(chart.hostAllowed("minilake:8000")).isTrue();
        assertThat(chart.hostAllowed("MiniLake.PR-17.svc")).isTrue();
        assertThat(chart.hostAllowed("minilake.pr-17.svc.cluster.local")).isTrue();
        assertThat(chart.hostAllowed("svc.cluster.local")).isFalse();
        assertThat(chart.hostAllowed("minilake.evil")).isFalse();
        assertThat(new OriginPolicy("0.0.0.0", List.of("*"), List.of()).hostAllowed("anything.example")).isTrue();
        assertThat(new OriginPolicy("devbox.lan", List.of(), List.of()).hostAllowed("devbox.lan:8000")).isTrue();
    }

    @Test
    void onlyTheSameOriginOrAConfiguredOneMayCall() {
        assertThat(local.originAllowed("http://localhost:8000", "localhost:8000", "http")).isTrue();
        assertThat(local.originAllowed("http://LOCALHOST:8000", "localhost:8000", "http")).isTrue();
        assertThat(local.originAllowed("http://localhost", "localhost:80", "http")).isTrue();
        assertThat(local.originAllowed("http://localhost:8001", "localhost:8000", "http")).isFalse(); // another local app
        assertThat(local.originAllowed("http://127.0.0.1:8000", "localhost:8000", "http")).isFalse();
        assertThat(local.originAllowed("https://localhost:8000", "localhost:8000", "http")).isFalse();
        assertThat(local.originAllowed("null", "localhost:8000", "http")).isFalse(); // file:// pages, sandboxed frames
        assertThat(local.originAllowed("http://localhost:8000/path", "localhost:8000", "http")).isFalse();
        assertThat(local.originAllowed("http://localhost:8000", null, "http")).isFalse();

        OriginPolicy withApp = new OriginPolicy("127.0.0.1", List.of(), List.of("http://app.example:3000"));
        assertThat(withApp.originAllowed("http://app.example:3000", "localhost:8000", "http")).isTrue();
        assertThat(withApp.isCorsOrigin("http://APP.example:3000")).isTrue();
        assertThat(withApp.isCorsOrigin("http://localhost:8000")).isFalse(); // its own origin needs no CORS
    }

    @Test
    void aConfiguredOriginMustBeAnOrigin() {
        assertThatThrownBy(() -> new OriginPolicy("127.0.0.1", List.of(), List.of("app.example")))
                .hasMessageContaining("MINILAKE_ALLOWED_ORIGINS");
        assertThatThrownBy(() -> new OriginPolicy("127.0.0.1", List.of(), List.of("*")))
                .hasMessageContaining("MINILAKE_ALLOWED_ORIGINS");
    }
}
