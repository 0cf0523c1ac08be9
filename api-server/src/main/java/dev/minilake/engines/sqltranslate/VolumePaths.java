package dev.minilake.engines.sqltranslate;

/**
 * Maps a Unity Catalog volume path ("/Volumes/cat/schema/vol/dir/file.csv") in a file-reading
 * function to the local file DuckDB should open. The translator stays free of catalog state: the
 * statements service passes the mapping in.
 */
@FunctionalInterface
public interface VolumePaths {
    /** Leaves every path as written. */
    VolumePaths NONE = path -> path;

    /** The local path for {@code volumePath}; throws a clear error for an unknown volume or an escape. */
    String resolve(String volumePath);
}
