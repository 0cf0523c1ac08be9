package dev.minilake.core.api;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SdkOperationsTest {
    final SdkOperations ops = SdkOperations.load();

    @Test
    void loadsTheGeneratedOperationList() {
        assertThat(ops.all()).hasSizeGreaterThan(1000);
        assertThat(ops.all()).anyMatch(o -> o.apiClass().equals("TokensAPI") && o.method().equals("create"));
    }

    @Test
    void matchesTemplatesWithPlaceholders() {
        assertThat(ops.match("GET", "/api/2.0/pipelines/abc-123")).get()
                .satisfies(o -> assertThat(o.apiClass()).isEqualTo("PipelinesAPI"));
        assertThat(ops.match("POST", "/api/2.0/pipelines")).get()
                .satisfies(o -> assertThat(o.method()).isEqualTo("create"));
    }

    @Test
    void placeholdersMayHoldFilePaths() {
        assertThat(ops.match("GET", "/api/2.0/fs/files/Volumes/a/b/c/d.csv")).get()
                .satisfies(o -> assertThat(o.apiClass()).isEqualTo("FilesAPI"));
    }

    @Test
    void verbMustMatchAndUnknownPathsDoNot() {
        assertThat(ops.match("GET", "/api/2.0/no-such-thing")).isEmpty();
        assertThat(ops.match("PUT", "/api/2.0/token/create")).isEmpty();
    }
}
