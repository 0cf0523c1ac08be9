package dev.minilake.files;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** ConfinedPath never yields a path outside its root. */
class ConfinedPathTest {
    @TempDir
    Path tmp;

    @Test
    void resolvesNormalPathsUnderTheRoot() throws Exception {
        ConfinedPath c = new ConfinedPath(tmp.resolve("root"));
        assertThat(c.resolve("/a/b.txt")).isEqualTo(c.root().resolve("a").resolve("b.txt"));
        assertThat(c.resolve("//a///b/")).isEqualTo(c.root().resolve("a").resolve("b"));
        assertThat(c.resolve("/")).isEqualTo(c.root());
        assertThat(ConfinedPath.normalize("/a//b/")).isEqualTo("/a/b");
        assertThat(c.userPath(c.root().resolve("x").resolve("y"))).isEqualTo("/x/y");
        assertThat(c.resolve("/100%/x")).isEqualTo(c.root().resolve("100%").resolve("x")); // a literal % is a name
    }

    @Test
    void refusesTraversalInEveryEncoding() {
        ConfinedPath c = new ConfinedPath(tmp.resolve("root"));
        for (String bad : new String[]{"/../etc/passwd", "/a/../../x", "/a/./b", "/%2e%2e/x", "/%2E%2E/x",
                "/a/%252e%252e/x", "/a%2f..%2fb", "relative/path", "/a\0b"}) {
            assertThatThrownBy(() -> c.resolve(bad)).as(bad)
                    .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAMETER_VALUE));
        }
    }

    @Test
    void absolutePathsStayUnderTheRoot() {
        ConfinedPath c = new ConfinedPath(tmp.resolve("root"));
        assertThat(c.resolve("/etc/passwd")).startsWithRaw(c.root());
        assertThat(c.resolve(tmp.toAbsolutePath() + "/outside")).startsWithRaw(c.root());
    }

    @Test
    void refusesSymlinksLeadingOutside() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "s");
        ConfinedPath c = new ConfinedPath(tmp.resolve("root"));
        Files.createSymbolicLink(c.root().resolve("link"), outside);
        Files.createSymbolicLink(c.root().resolve("dangling"), outside.resolve("nope.txt"));
        Files.createDirectories(c.root().resolve("inside"));
        Files.createSymbolicLink(c.root().resolve("ok"), c.root().resolve("inside"));

        assertThatThrownBy(() -> c.resolve("/link/secret.txt")).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> c.resolve("/link/new/file")).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> c.resolve("/link")).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> c.resolve("/dangling")).isInstanceOf(ApiException.class);
        assertThat(c.resolve("/ok/x")).isEqualTo(c.root().resolve("ok").resolve("x")); // links inside the root are fine
    }
}
