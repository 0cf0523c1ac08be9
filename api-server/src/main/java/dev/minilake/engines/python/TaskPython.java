package dev.minilake.engines.python;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.settings.Settings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The Python that job tasks run with (spark_python_task, notebooks, wheels, *.py init hooks).
 * In order: MINILAKE_TASK_PYTHON; the task environment that the build prepares beside the jar
 * ({@code task-python/}, from {@code api-server/task-python/requirements.txt}, with the pinned
 * pyspark-client); MINILAKE_PYTHON (python3). The interpreter is probed once, off the start-up path,
 * so a machine without Python or without pyspark is named in one log line at start, and a task that
 * then fails on {@code import pyspark} gets a message that says how to fix it.
 */
public final class TaskPython {
    /** Written by task-python/prepare.py after a complete install; an environment without it is not used. */
    public static final String STAMP = ".minilake-task-env";

    private static final Logger log = LoggerFactory.getLogger("minilake.python");
    private static final String PROBE = "import importlib.util, json, site, sys; print(json.dumps({"
            + "'version': sys.version.split()[0], 'pyspark': importlib.util.find_spec('pyspark') is not None,"
            + " 'site': site.getsitepackages()}))";
    private static final String FIX = "Build the task environment with `mvn -q package -DskipTests` (it prepares "
            + "api-server/target/task-python with the pinned pyspark-client), or set MINILAKE_TASK_PYTHON to a Python "
            + "that has pyspark-client (pip install -r api-server/task-python/requirements.txt)";

    /**
     * What the probe found: a problem (null when tasks can use Spark), whether pyspark imports (true
     * when unknown) and the interpreter's site-packages.
     */
    public record Probe(String problem, boolean pyspark, List<String> sitePackages) {
    }

    private final String interpreter;
    private final String origin;
    private final CompletableFuture<Probe> probe = new CompletableFuture<>();

    TaskPython(String interpreter, String origin) {
        this.interpreter = interpreter;
        this.origin = origin;
    }

    public static TaskPython resolve(Settings settings) {
        if (settings.taskPython() != null) return new TaskPython(settings.taskPython(), "MINILAKE_TASK_PYTHON");
        Optional<Path> env = besideTheServer();
        if (env.isPresent()) return new TaskPython(env.get().resolve("bin/python").toString(), "the task environment");
        return new TaskPython(settings.python(), "MINILAKE_PYTHON, as no task environment was built beside the jar");
    }

    /** {@code task-python/} beside the jar (or beside target/classes when run from the build), if complete. */
    static Optional<Path> besideTheServer() {
        try {
            Path here = Path.of(TaskPython.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path env = here.toAbsolutePath().getParent().resolve("task-python");
            return Files.isRegularFile(env.resolve(STAMP)) && Files.exists(env.resolve("bin/python"))
                    ? Optional.of(env) : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    public String interpreter() {
        return interpreter;
    }

    /** Probes the interpreter on a daemon thread and logs one line if tasks cannot use it fully. */
    public void probeInBackground(ObjectMapper json) {
        Thread t = new Thread(() -> {
            Probe p = runProbe(json);
            probe.complete(p);
            if (p.problem() != null) log.warn(p.problem());
        }, "minilake-task-python-probe");
        t.setDaemon(true);
        t.start();
    }

    /** The probe's result, waiting for it (a few hundred ms at most after start). */
    public Probe probe() {
        try {
            return probe.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            return new Probe(null, true, List.of());
        }
    }

    private Probe runProbe(ObjectMapper json) {
        String where = interpreter + " (" + origin + ")";
        try {
            ProcessBuilder pb = new ProcessBuilder(interpreter, "-c", PROBE).redirectErrorStream(true);
            pb.environment().remove("PYTHONPATH"); // tasks get their own PYTHONPATH
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return new Probe("job tasks' Python " + where + " does not run (" + lastLine(out) + "): Python tasks will fail. " + FIX, false, List.of());
            }
            JsonNode r = json.readTree(lastLine(out));
            List<String> site = new ArrayList<>();
            r.path("site").forEach(s -> site.add(s.asText()));
            boolean pyspark = r.path("pyspark").asBoolean();
            String problem = pyspark ? null : "job tasks' Python " + where + ", Python "
                    + r.path("version").asText() + ", has no pyspark: tasks that use Spark will fail. " + FIX;
            return new Probe(problem, pyspark, site);
        } catch (IOException e) {
            return new Probe("job tasks have no Python: " + where + " cannot be started (" + e.getMessage()
                    + "): Python tasks will fail. Install Python 3.9+ and " + Character.toLowerCase(FIX.charAt(0)) + FIX.substring(1), false, List.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Probe(null, true, List.of());
        }
    }

    private static String lastLine(String out) {
        int nl = out.lastIndexOf('\n');
        return nl < 0 ? out : out.substring(nl + 1);
    }

    /**
     * The fix for a task that failed because pyspark is missing, to add to its error message; empty
     * for any other failure.
     */
    public Optional<String> hintFor(String error) {
        if (error == null || !error.contains("No module named 'pyspark")) return Optional.empty();
        return Optional.of("MiniLake runs job tasks with " + interpreter + " (" + origin + "), which has no pyspark. " + FIX + ".");
    }
}
