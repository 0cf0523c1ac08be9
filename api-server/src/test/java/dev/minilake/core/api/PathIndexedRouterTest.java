package dev.minilake.core.api;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which routes a request path is tried against: the key of a declared path and of a request path. */
class PathIndexedRouterTest {
    @Test
    void aDeclaredPathIsFiledUnderItsFirstThreeLiteralSegments() {
        assertThat(PathIndexedRouter.key("/api/2.0/sql/statements/{id}", true)).isEqualTo("api/2.0/sql");
        assertThat(PathIndexedRouter.key("/api/2.0/workspace-files/{*path}", true)).isEqualTo("api/2.0/workspace-files");
        assertThat(PathIndexedRouter.key("/_minilake/health", true)).isEqualTo("_minilake/health");
        assertThat(PathIndexedRouter.key("/api/2.1/unity-catalog", true)).isEqualTo("api/2.1/unity-catalog");
    }

    @Test
    void aPatternAmongThoseSegmentsIsTriedForEveryRequest() {
        assertThat(PathIndexedRouter.key("/_minilake/results/{id}/{chunk}", true)).isNull();
        assertThat(PathIndexedRouter.key("/ui/**", true)).isNull();
        assertThat(PathIndexedRouter.key("/{x}/y", true)).isNull();
        assertThat(PathIndexedRouter.key(null, true)).isNull();
    }

    @Test
    void aRequestIsLookedUpUnderTheSameKey() {
        assertThat(PathIndexedRouter.key("/api/2.0/sql/statements/abc/result/chunks/0", false)).isEqualTo("api/2.0/sql");
        assertThat(PathIndexedRouter.key("/api/2.0/sql", false)).isEqualTo("api/2.0/sql");
        assertThat(PathIndexedRouter.key("/_minilake/health", false)).isEqualTo("_minilake/health");
        assertThat(PathIndexedRouter.key("/", false)).isEqualTo("");
    }
}
