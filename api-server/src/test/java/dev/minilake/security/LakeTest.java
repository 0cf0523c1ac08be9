package dev.minilake.security;

import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;
import dev.minilake.engines.Lake;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The lake's directories never include the control store, and a storage root may not overlap the data dir. */
class LakeTest {

    @Test
    void theLakeIsTheTableAndVolumeAreasAndTheStorageRoots(@TempDir Path tmp) {
        Path data = tmp.resolve("data");
        Path roots = tmp.resolve("roots");
        Lake lake = new Lake(Settings.parse(new String[]{}, Map.of("MINILAKE_STORAGE_ROOTS", roots.toString())), DataDir.persistent(data));
        Path real = Lake.realPath(data);
        assertThat(lake.sqlDirectories()).contains(real.resolve("duckdb"), real.resolve("volumes"), real.resolve("external"),
                Lake.realPath(roots));
        assertThat(lake.sqlDirectories()).noneMatch(d -> real.resolve("control").startsWith(d) || real.resolve("keys").startsWith(d));
    }

    @Test
    void aStorageRootOverlappingTheDataDirFailsTheStart(@TempDir Path tmp) {
        Path data = tmp.resolve("data");
        assertThatThrownBy(() -> new Lake(Settings.parse(new String[]{}, Map.of("MINILAKE_STORAGE_ROOTS", tmp.toString())), DataDir.persistent(data)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overlaps the data dir");
        assertThatThrownBy(() -> new Lake(Settings.parse(new String[]{}, Map.of("MINILAKE_STORAGE_ROOTS", data.resolve("x").toString())),
                DataDir.persistent(data))).isInstanceOf(IllegalArgumentException.class);
    }
}
