package dev.minilake.jobs.exec;

import dev.minilake.core.auth.ScopedTokens;
import dev.minilake.core.redact.RedactingOutputStream;

import java.io.BufferedOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a task as a process on this machine (laptop, CI, {@code docker run}). Output goes to files in
 * the task's work dir, so a chatty task never fills memory; cancel and timeout stop the whole
 * process tree, politely first.
 */
public final class LocalTaskExecutor implements TaskExecutor {
    /** Output kept per stream; Databricks also truncates run output. */
    static final int MAX_CAPTURE = 5 * 1024 * 1024;
    private static final long PUMP_WAIT_MILLIS = 5_000;
    /** Where a finished task waits for its output to be written (blocking, so not the process reaper's thread). */
    private static final java.util.concurrent.Executor OUTPUT_WAITERS = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "task-output-wait");
        t.setDaemon(true);
        return t;
    });

    @Override
    public String name() {
        return "local";
    }

    @Override
    public TaskHandle launch(TaskLaunch launch) {
        try {
            Files.createDirectories(launch.workDir());
            Path out = launch.workDir().resolve("stdout.txt");
            Path err = launch.workDir().resolve("stderr.txt");
            // piped, not redirected: the output reaches disk only through the redacting filter
            ProcessBuilder pb = new ProcessBuilder(launch.command()).directory(launch.workDir().toFile());
            Map<String, String> env = pb.environment();
            ScopedTokens.removeServerCredentials(env);
            env.putAll(launch.env());
            env.putAll(launch.secretEnv());
            Process p = pb.start();
            Thread outPump = pump(p.getInputStream(), out, launch, "stdout");
            Thread errPump = pump(p.getErrorStream(), err, launch, "stderr");
            return new LocalHandle(p, launch, out, err, List.of(outPump, errPump));
        } catch (IOException e) {
            CompletableFuture<TaskOutcome> failed = CompletableFuture.completedFuture(
                    TaskOutcome.failedToStart("Could not start " + launch.command().get(0) + ": " + e.getMessage()));
            return new TaskHandle() {
                @Override
                public CompletableFuture<TaskOutcome> completion() {
                    return failed;
                }

                @Override
                public void cancel() {
                }
            };
        }
    }

    /** Copies one output stream of the task to its file through a {@link RedactingOutputStream}. */
    private static Thread pump(InputStream from, Path to, TaskLaunch launch, String name) throws IOException {
        OutputStream file = new RedactingOutputStream(new BufferedOutputStream(Files.newOutputStream(to)), launch.secrets());
        Thread t = new Thread(() -> {
            try (from; file) {
                from.transferTo(file);
            } catch (IOException e) {
                // the process closed its end, or the file cannot be written: what was copied stays
            }
        }, "task-" + launch.taskRunId() + "-" + name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static final class LocalHandle implements TaskHandle {
        private final Process process;
        private final CompletableFuture<TaskOutcome> completion;
        private final AtomicBoolean cancelled = new AtomicBoolean();
        private final AtomicBoolean timedOut = new AtomicBoolean();

        LocalHandle(Process process, TaskLaunch launch, Path out, Path err, List<Thread> pumps) {
            this.process = process;
            CompletableFuture<Process> exit = process.onExit();
            if (!launch.timeout().isZero()) {
                CompletableFuture.delayedExecutor(launch.timeout().toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
                    if (process.isAlive()) {
                        timedOut.set(true);
                        stopTree();
                    }
                });
            }
            this.completion = exit.handleAsync((p, e) -> {
                int code = e == null ? p.exitValue() : -1;
                awaitPumps(pumps);
                String message = timedOut.get() ? "Task timed out after " + launch.timeout().toSeconds() + " seconds"
                        : cancelled.get() ? "Task was cancelled"
                        : code == 0 ? "" : "Process exited with code " + code;
                return new TaskOutcome(code, tail(out), tail(err), timedOut.get(), cancelled.get(), message);
            }, OUTPUT_WAITERS);
        }

        @Override
        public CompletableFuture<TaskOutcome> completion() {
            return completion;
        }

        /** The output files are complete once the pipes close; a child left running may hold them open, so not forever. */
        private static void awaitPumps(List<Thread> pumps) {
            for (Thread t : pumps) {
                try {
                    t.join(PUMP_WAIT_MILLIS);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }

        @Override
        public void cancel() {
            if (process.isAlive() && cancelled.compareAndSet(false, true)) stopTree();
        }

        /** SIGTERM to the tree, SIGKILL to what is left two seconds later. */
        private void stopTree() {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            CompletableFuture.delayedExecutor(2, TimeUnit.SECONDS).execute(() -> {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            });
        }
    }

    /** The last MAX_CAPTURE bytes of an output file. */
    static String tail(Path file) {
        try {
            if (!Files.exists(file)) return "";
            long size = Files.size(file);
            if (size <= MAX_CAPTURE) return Files.readString(file, StandardCharsets.UTF_8);
            try (var ch = Files.newByteChannel(file)) {
                ch.position(size - MAX_CAPTURE);
                var buf = java.nio.ByteBuffer.allocate(MAX_CAPTURE);
                while (buf.hasRemaining() && ch.read(buf) > 0) {
                    // fill
                }
                return new String(buf.array(), 0, buf.position(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            return "";
        }
    }

}
