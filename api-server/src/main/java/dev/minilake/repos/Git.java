package dev.minilake.repos;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The git command line, run as a bounded child process (never on the event loop). Prompts are
 * disabled, so a remote that needs credentials fails at once instead of hanging.
 */
final class Git {
    private static final long TIMEOUT_SECONDS = 120;

    private Git() {
    }

    record Result(int exit, String output) {
        boolean ok() {
            return exit == 0;
        }
    }

    static Result run(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add("git");
        cmd.add("-c");
        cmd.add("protocol.file.allow=always");
        cmd.add("-c");
        cmd.add("advice.detachedHead=false");
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        if (dir != null) pb.directory(dir.toFile());
        pb.environment().put("GIT_TERMINAL_PROMPT", "0");
        pb.environment().put("GIT_ASKPASS", "true");
        pb.environment().put("GIT_SSH_COMMAND", "ssh -o BatchMode=yes -o ConnectTimeout=10");
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "Repos need the git command line on the MiniLake host, "
                    + "and git could not be started: " + e.getMessage());
        }
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "git " + args[0] + " timed out after " + TIMEOUT_SECONDS + " s");
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8).trim());
    }

    static String must(Path dir, String what, String... args) throws IOException, InterruptedException {
        Result r = run(dir, args);
        if (!r.ok()) throw ApiException.invalid(what + ": " + r.output());
        return r.output();
    }
}
