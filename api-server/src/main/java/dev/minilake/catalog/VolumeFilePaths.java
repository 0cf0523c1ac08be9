package dev.minilake.catalog;

import dev.minilake.core.error.ApiException;
import dev.minilake.engines.sqltranslate.VolumePaths;
import dev.minilake.files.ConfinedPath;

import java.nio.file.Path;
import java.util.List;

/**
 * SQL's view of volume files: {@code read_csv('/Volumes/c/s/v/x.csv')} reads the file in the
 * volume's directory, the same bytes the Files API and the CLI wrote. The rest of the path stays
 * confined to the volume (no "..", no symlink out).
 */
@org.springframework.stereotype.Component
class VolumeFilePaths implements VolumePaths {
    private final VolumesService volumes;

    VolumeFilePaths(VolumesService volumes) {
        this.volumes = volumes;
    }

    @Override
    public String resolve(String volumePath) {
        List<String> segs = ConfinedPath.segments(volumePath);
        if (segs.size() < 4) {
            throw ApiException.invalid("A volume path is /Volumes/<catalog>/<schema>/<volume>/...: '" + volumePath + "'");
        }
        Path root = volumes.resolveVolumeRoot(segs.get(1), segs.get(2), segs.get(3));
        String rest = "/" + String.join("/", segs.subList(4, segs.size()));
        return new ConfinedPath(root).resolve(rest).toString();
    }
}
