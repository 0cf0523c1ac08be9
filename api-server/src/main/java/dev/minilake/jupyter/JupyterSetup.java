package dev.minilake.jupyter;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The files MiniLake gives JupyterLab, copied from the jar at each start: the kernels' IPython
 * startup file (a ready {@code w}, {@code spark} and {@code %%sql}) and the server configuration
 * whose save hook imports every saved notebook into the MiniLake workspace.
 */
final class JupyterSetup {
    private JupyterSetup() {
    }

    /** IPYTHONDIR for the kernels, with profile_default/startup/00-minilake.py. */
    static Path ipythonDir(Path root) {
        Path dir = root.resolve("ipython");
        copy("jupyter/00-minilake.py", dir.resolve("profile_default/startup/00-minilake.py"));
        return dir;
    }

    /** The jupyter_server_config.py passed with --config. */
    static Path serverConfig(Path root) {
        Path file = root.resolve("config/jupyter_server_config.py");
        copy("jupyter/jupyter_server_config.py", file);
        return file;
    }

    private static void copy(String resource, Path target) {
        try (InputStream in = JupyterSetup.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException(resource + " is missing from the jar");
            Files.createDirectories(target.getParent());
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target, e);
        }
    }
}
