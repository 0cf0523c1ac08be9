package dev.minilake.core.error;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ServerPathsTest {
    final ServerPaths paths = new ServerPaths(Path.of("/srv/minilake/data"));

    @Test
    void serverDirectoriesBecomePlaceholdersAndOtherPathsStay() {
        assertThat(paths.scrub("Cannot read /srv/minilake/data/volumes/main/x.csv: denied"))
                .isEqualTo("Cannot read <data dir>/volumes/main/x.csv: denied");
        assertThat(paths.scrub("class file in " + System.getProperty("java.home") + "/lib/modules")).isEqualTo("class file in <java home>/lib/modules");
        assertThat(paths.scrub("Location /Volumes/main/default/v is taken")).isEqualTo("Location /Volumes/main/default/v is taken");
        assertThat(paths.scrub(null)).isNull();
    }
}
