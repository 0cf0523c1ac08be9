package dev.minilake.jupyter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Whether MINILAKE_PYTHON can import jupyterlab, asked once (a process start), then remembered. */
final class JupyterDetector {
    private final String python;
    private volatile Optional<String> version; // null until asked; empty when not importable

    JupyterDetector(String python) {
        this.python = python;
    }

    /** jupyterlab's version, or empty; blocking on first call. */
    Optional<String> version() {
        Optional<String> v = version;
        if (v == null) {
            v = ask();
            version = v;
        }
        return v;
    }

    String python() {
        return python;
    }

    private Optional<String> ask() {
        try {
            Process p = new ProcessBuilder(python, "-c", "import jupyterlab; print(jupyterlab.__version__)")
                    .redirectErrorStream(true).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return p.exitValue() == 0 && !out.isEmpty() ? Optional.of(out.lines().reduce((a, b) -> b).orElse(out)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // no such interpreter: as good as not installed, and the page says which one
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
