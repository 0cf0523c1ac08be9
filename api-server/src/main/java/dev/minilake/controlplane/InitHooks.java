package dev.minilake.controlplane;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.auth.ScopedTokens;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.web.ServerAddress;
import dev.minilake.engines.sqltranslate.SqlTokenizer;
import dev.minilake.jobs.RunRecords.StoredRun;
import dev.minilake.jobs.RunsService;
import dev.minilake.engines.statements.QueryResult;
import dev.minilake.engines.statements.SqlContext;
import dev.minilake.engines.statements.StatementEngine;
import dev.minilake.engines.statements.StatementRequest;
import dev.minilake.workspace.WorkspaceService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Init hooks, as LocalStack has them: the files of {@code MINILAKE_INIT_DIR} run in name order at
 * start and again after every reset, so every test starts from the same seeded workspace.
 * {@code *.sql} runs statement by statement through the SQL engine, {@code *.json} holds one REST
 * call per line ({@code {"method","path","body"}}) sent to this server over HTTP, and {@code *.py}
 * runs as a real job task. The server is not ready until they finish; a failure names the file.
 */
@Component
public class InitHooks {
    private static final Logger log = LoggerFactory.getLogger("minilake.init");
    private static final Set<String> KINDS = Set.of("sql", "json", "py");
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    /** Where Python hooks are staged in the workspace, to run as tasks. */
    static final String WORKSPACE_DIR = "/Shared/.minilake-init";

    private final Settings settings;
    private final StatementEngine statements;
    private final RunsService runs;
    private final WorkspaceService workspace;
    private final ServerAddress address;
    private final ScopedTokens tokens;
    private final ObjectMapper json;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private volatile boolean running;

    public InitHooks(Settings settings, StatementEngine statements, RunsService runs, WorkspaceService workspace,
                     ServerAddress address, ScopedTokens tokens, ObjectMapper json) {
        this.settings = settings;
        this.statements = statements;
        this.runs = runs;
        this.workspace = workspace;
        this.address = address;
        this.tokens = tokens;
        this.json = json;
    }

    /** True while hooks run: /_minilake/ready answers 503 meanwhile. */
    public boolean running() {
        return running;
    }

    /** Runs every hook file in name order; throws {@link HookFailure} naming the first file that failed. */
    public synchronized int runAll() {
        Path dir = settings.initDir();
        if (dir == null) return 0;
        running = true;
        try {
            List<Path> files = files(dir);
            for (Path f : files) {
                long t0 = System.nanoTime();
                try {
                    run(f);
                } catch (HookFailure e) {
                    throw e;
                } catch (Exception e) {
                    throw new HookFailure(f, e.getMessage() == null ? e.toString() : e.getMessage());
                }
                log.info("init hook {} done in {} ms", f.getFileName(), (System.nanoTime() - t0) / 1_000_000);
            }
            return files.size();
        } finally {
            running = false;
        }
    }

    private static List<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) throw new HookFailure(dir, "MINILAKE_INIT_DIR is not a directory");
        try (Stream<Path> all = Files.list(dir)) {
            return all.filter(Files::isRegularFile).filter(f -> KINDS.contains(extension(f))).sorted().toList();
        } catch (IOException e) {
            throw new HookFailure(dir, "cannot list it: " + e.getMessage());
        }
    }

    private void run(Path f) throws Exception {
        switch (extension(f)) {
            case "sql" -> sql(f);
            case "json" -> rest(f);
            default -> python(f);
        }
    }

    private void sql(Path f) throws Exception {
        for (String statement : SqlTokenizer.statements(Files.readString(f))) {
            QueryResult r = statements.run(new StatementRequest(statement, "minilake-init", null, List.of(), null, null, null, null, null),
                    SqlContext.DEFAULT, 1, TIMEOUT.toMillis());
            if (!r.succeeded()) throw new HookFailure(f, r.errorMessage() + " (in: " + abbreviate(statement) + ")");
        }
    }

    private void rest(Path f) throws Exception {
        int n = 0;
        try (ScopedTokens.Token identity = tokens.issueOperator("init hook " + f.getFileName())) {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                n++;
                if (line.isBlank()) continue;
                JsonNode call = json.readTree(line);
                String method = call.path("method").asText("POST");
                String path = call.path("path").asText();
                if (!path.startsWith("/")) throw new HookFailure(f, "line " + n + ": \"path\" must be an absolute API path");
                String body = call.has("body") ? json.writeValueAsString(call.get("body")) : "";
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(address.baseUrl() + path)).timeout(TIMEOUT)
                        .header("Authorization", "Bearer " + identity.value()).header("Content-Type", "application/json")
                        .method(method, body.isEmpty() ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                        .build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() / 100 != 2) {
                    throw new HookFailure(f, "line " + n + ": " + method + " " + path + " answered " + r.statusCode() + " " + abbreviate(r.body()));
                }
            }
        }
    }

    private void python(Path f) throws Exception {
        String target = WORKSPACE_DIR + "/" + f.getFileName();
        workspace.mkdirs(WORKSPACE_DIR);
        workspace.importBytes(new WorkspaceService.ImportSpec(target, "AUTO", null, true), Files.readAllBytes(f));
        ObjectNode submit = json.createObjectNode().put("run_name", "init hook " + f.getFileName());
        submit.putArray("tasks").addObject().put("task_key", "init")
                .putObject("spark_python_task").put("python_file", "/Workspace" + target);
        long runId = runs.submit(submit).run_id;
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        StoredRun run = runs.getRun(runId);
        while (!Set.of("TERMINATED", "SKIPPED", "INTERNAL_ERROR").contains(run.life_cycle_state)) {
            if (System.nanoTime() > deadline) throw new HookFailure(f, "the task did not finish within " + TIMEOUT.toMinutes() + " minutes");
            Thread.sleep(100);
            run = runs.getRun(runId);
        }
        if (!"SUCCESS".equals(run.result_state)) {
            throw new HookFailure(f, "the task ended " + run.result_state + ": " + run.state_message + " (run " + runId + ")");
        }
    }

    private static String extension(Path f) {
        String name = f.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1);
    }

    private static String abbreviate(String s) {
        String one = s.strip().replaceAll("\\s+", " ");
        return one.length() > 120 ? one.substring(0, 120) + "..." : one;
    }

    /** A hook that failed: its message names the file, so a failed start is one clear line. */
    public static final class HookFailure extends RuntimeException {
        HookFailure(Path file, String reason) {
            super("init hook " + file.getFileName() + " failed: " + reason);
        }
    }
}
