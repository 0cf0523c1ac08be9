package dev.minilake.ui;

import dev.minilake.support.MiniLakeServer;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The /ui group over HTTP (redirects, headers, gzip negotiation, refused paths) and its helpers. */
class WorkspaceUiTest {
    final MiniLakeServer server = MiniLakeServer.shared();

    @Test
    void rootAndBareUiRedirectToTheWorkspace() {
        for (String path : new String[]{"/", "/ui"}) {
            HttpResponse<String> r = server.send("GET", path, null);
            assertThat(r.statusCode()).isEqualTo(302);
            assertThat(r.headers().firstValue("Location")).contains("/ui/");
        }
    }

    @Test
    void indexIsRevalidatedAndHashedAssetsAreImmutableAndGzipped() {
        assumeTrue(new UiAssets(getClass().getClassLoader()).present(), "the UI build was skipped (-Dminilake.ui.skip)");
        HttpResponse<String> index = server.send("GET", "/ui/", null);
        assertThat(index.statusCode()).isEqualTo(200);
        assertThat(index.headers().firstValue("Cache-Control")).contains("no-cache");
        String asset = index.body().replaceAll("(?s).*src=\"/ui/(assets/[^\"]+\\.js)\".*", "$1");
        HttpResponse<String> gz = server.send("GET", "/ui/" + asset, null, Map.of("Accept-Encoding", "gzip"));
        assertThat(gz.headers().firstValue("Content-Encoding")).contains("gzip");
        assertThat(gz.headers().firstValue("Cache-Control")).contains(WorkspaceUiGroup.IMMUTABLE);
        HttpResponse<String> plain = server.send("GET", "/ui/" + asset, null, Map.of("Accept-Encoding", "identity"));
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(plain.body()).isNotEmpty();
    }

    @Test
    void unknownAndEscapingPathsAreDatabricksShaped404s() {
        for (String path : new String[]{"/ui/nope.js", "/ui/assets/..%2F..%2FMETA-INF%2FMANIFEST.MF", "/ui/.%2e/x"}) {
            HttpResponse<String> r = server.send("GET", path, null);
            assertThat(r.statusCode()).as(path).isEqualTo(404);
            assertThat(r.body()).as(path).contains("ENDPOINT_NOT_FOUND");
        }
    }

    @Test
    void gzipIsNegotiatedFromAcceptEncoding() {
        assertThat(WorkspaceUiGroup.acceptsGzip("gzip, deflate, br")).isTrue();
        assertThat(WorkspaceUiGroup.acceptsGzip("br;q=1.0, gzip;q=0.8")).isTrue();
        assertThat(WorkspaceUiGroup.acceptsGzip("*")).isTrue();
        assertThat(WorkspaceUiGroup.acceptsGzip("gzip;q=0")).isFalse();
        assertThat(WorkspaceUiGroup.acceptsGzip("identity")).isFalse();
        assertThat(WorkspaceUiGroup.acceptsGzip(null)).isFalse();
    }

    @Test
    void onlyPlainRelativeNamesAreLookedUp() {
        UiAssets assets = new UiAssets(getClass().getClassLoader());
        assertThat(assets.find("../application.properties")).isEmpty();
        assertThat(assets.find("assets//x.js")).isEmpty();
        assertThat(assets.find("/etc/passwd")).isEmpty();
        assertThat(UiAssets.contentType("assets/a.css")).startsWith("text/css");
        assertThat(UiAssets.contentType("assets/codicon.ttf")).isEqualTo("font/ttf");
    }
}
