package dev.minilake.compute.commands;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.compute.ClusterListener;
import dev.minilake.compute.ClusterState;
import dev.minilake.compute.ClustersService;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.core.auth.ScopedTokens;
import dev.minilake.core.settings.Settings;
import dev.minilake.core.store.DataDir;
import dev.minilake.core.web.ServerAddress;
import dev.minilake.engines.python.TaskPython;
import dev.minilake.engines.spark.WarmSpark;
import dev.minilake.engines.statements.QueryResult;
import dev.minilake.engines.statements.StatementEngine;
import jakarta.annotation.PreDestroy;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Command execution (the SDK's CommandExecutionAPI, /api/1.2) on a RUNNING cluster. A Python
 * context is a real python3 process whose globals persist between commands (with {@code spark}
 * when a warm Spark is available); SQL commands run on the statements engine and answer as a
 * table. Contexts live as long as the cluster's driver: a terminate or restart destroys them, and
 * so does a restart of MiniLake (they are processes, not stored state). Other languages are refused.
 */
@Service
public class CommandsService implements ClusterListener {
    static final int MAX_ROWS = 1000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ClustersService clusters;
    private final StatementEngine statements;
    private final ObjectProvider<WarmSpark> spark;
    private final ServerAddress address;
    private final Settings settings;
    private final ObjectMapper json;
    private final Path pythonDir;
    private final Map<String, ExecutionContext> contexts = new ConcurrentHashMap<>();
    private final ExecutorService starter = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "minilake-context-start");
        t.setDaemon(true);
        return t;
    });

    private final ScopedTokens scopedTokens;
    private final String taskPython;

    public CommandsService(ClustersService clusters, StatementEngine statements, ObjectProvider<WarmSpark> spark,
                           ServerAddress address, Settings settings, ObjectMapper json, DataDir dataDir,
                           ScopedTokens scopedTokens) throws IOException {
        this.scopedTokens = scopedTokens;
        this.clusters = clusters;
        this.statements = statements;
        this.spark = spark;
        this.address = address;
        this.settings = settings;
        this.json = json;
        this.pythonDir = dataDir.area("commands-python");
        // execution contexts run Python as job tasks do, in the task environment with pyspark-client
        this.taskPython = TaskPython.resolve(settings).interpreter();
        install(pythonDir);
        clusters.addListener(this);
    }

    /** A context: its language, its state (Pending → Running | Error), its process and its commands. */
    final class ExecutionContext {
        final String id;
        final String clusterId;
        final String language;
        final ExecutorService commandsThread;
        final Map<String, Command> commands = new ConcurrentHashMap<>();
        volatile String status = "Pending";
        volatile String error;
        volatile PythonProcess python;
        /** The context's own REST identity, revoked with it. */
        volatile ScopedTokens.Token identity;

        ExecutionContext(String id, String clusterId, String language) {
            this.id = id;
            this.clusterId = clusterId;
            this.language = language;
            this.commandsThread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "minilake-context-" + id);
                t.setDaemon(true);
                return t;
            });
        }

        void close() {
            status = "Error";
            error = "The execution context was destroyed";
            commandsThread.shutdownNow();
            commands.values().forEach(c -> c.finish("Cancelled", cancelledResult()));
            if (python != null) python.close();
            if (identity != null) identity.close();
            try { // its %pip environment and %sh files go with it
                Path dir = contextDir(id);
                DataDir.emptyDirectory(dir);
                Files.deleteIfExists(dir);
            } catch (java.io.IOException e) {
                // left for the next reset of the data dir
            }
        }
    }

    /** One command: Queued → Running → Finished | Cancelled | Error, with its results. */
    static final class Command {
        final String id;
        volatile String status = "Queued";
        volatile ObjectNode results;

        Command(String id) {
            this.id = id;
        }

        synchronized boolean start() {
            if (!status.equals("Queued")) return false;
            status = "Running";
            return true;
        }

        synchronized void finish(String s, ObjectNode r) {
            if (status.equals("Finished") || status.equals("Cancelled") || status.equals("Error")) return;
            status = s;
            results = r;
        }
    }

    public String createContext(String clusterId, String language) {
        requireRunning(clusterId);
        String lang = language(language);
        String id = Long.toString(Math.abs(RANDOM.nextLong() % 9_000_000_000_000_000_000L) + 1_000_000_000_000_000_000L);
        ExecutionContext ctx = new ExecutionContext(id, clusterId, lang);
        contexts.put(id, ctx);
        if (lang.equals("sql")) ctx.status = "Running";
        else starter.submit(() -> startPython(ctx));
        return id;
    }

    public ObjectNode contextStatus(String clusterId, String contextId) {
        ExecutionContext ctx = context(clusterId, contextId);
        ObjectNode out = json.createObjectNode().put("id", ctx.id).put("status", ctx.status);
        return out;
    }

    public void destroy(String clusterId, String contextId) {
        ExecutionContext ctx = context(clusterId, contextId);
        contexts.remove(ctx.id);
        ctx.close();
    }

    public String execute(String clusterId, String contextId, String language, String command) {
        ExecutionContext ctx = context(clusterId, contextId);
        requireRunning(clusterId);
        if (command == null) throw ApiException.missingField("command");
        String lang = language == null || language.isBlank() ? ctx.language : language(language);
        if (ctx.status.equals("Error")) {
            throw new ApiException(ErrorCode.INVALID_STATE, "Execution context " + contextId + " is in state Error: " + ctx.error);
        }
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        Command c = new Command(HexFormat.of().formatHex(b));
        ctx.commands.put(c.id, c);
        ctx.commandsThread.submit(() -> run(ctx, c, lang, command));
        return c.id;
    }

    public ObjectNode commandStatus(String clusterId, String contextId, String commandId) {
        Command c = command(clusterId, contextId, commandId);
        ObjectNode out = json.createObjectNode().put("id", c.id).put("status", c.status);
        if (c.results != null) out.set("results", c.results);
        return out;
    }

    public void cancel(String clusterId, String contextId, String commandId) {
        ExecutionContext ctx = context(clusterId, contextId);
        Command c = command(clusterId, contextId, commandId);
        synchronized (c) {
            if (c.status.equals("Queued")) {
                c.finish("Cancelled", cancelledResult());
                return;
            }
            if (!c.status.equals("Running")) return;
            c.status = "Cancelling";
        }
        if (ctx.python != null) ctx.python.interrupt(c.id);
    }

    private void run(ExecutionContext ctx, Command c, String lang, String command) {
        if (!c.start()) return;
        try {
            awaitStarted(ctx);
            String trimmed = command.stripLeading();
            if (lang.equals("sql")) c.finish("Finished", sql(command));
            else if (trimmed.startsWith("%sql")) c.finish("Finished", sql(trimmed.substring(4)));
            else {
                JsonNode r = ctx.python.execute(c.id, command);
                switch (r.path("type").asText()) {
                    case "cancelled" -> c.finish("Cancelled", cancelledResult());
                    case "error" -> c.finish("Finished", error(r.path("summary").asText(), r.path("cause").asText()));
                    default -> c.finish("Finished", json.createObjectNode().put("resultType", "text")
                            .put("data", r.path("data").asText("")));
                }
            }
        } catch (Exception e) {
            if (c.status.equals("Cancelling")) c.finish("Cancelled", cancelledResult());
            else c.finish("Error", error(e.getClass().getSimpleName() + ": " + e.getMessage(), String.valueOf(e)));
        }
    }

    private void awaitStarted(ExecutionContext ctx) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10 * 60_000L;
        while (ctx.status.equals("Pending") && System.currentTimeMillis() < deadline) Thread.sleep(50);
        if (!ctx.status.equals("Running")) throw new IllegalStateException("the context is " + ctx.status + ": " + ctx.error);
    }

    private ObjectNode sql(String text) throws Exception {
        QueryResult r = statements.run(text, List.of(), MAX_ROWS, 10 * 60_000L);
        if (!r.succeeded()) return error(r.errorMessage(), r.errorCode() + ": " + r.errorMessage());
        ObjectNode out = json.createObjectNode().put("resultType", "table");
        ArrayNode schema = out.putArray("schema");
        for (QueryResult.Column col : r.columns()) {
            schema.addObject().put("name", col.name()).put("type", json.writeValueAsString(sparkJsonType(col)))
                    .put("metadata", "{}");
        }
        ArrayNode data = out.putArray("data");
        for (List<String> row : r.rows()) {
            ArrayNode a = data.addArray();
            for (int i = 0; i < row.size(); i++) a.add(value(row.get(i), r.columns().get(i).typeName()));
        }
        out.put("truncated", r.truncated()).put("isJsonSchema", true);
        return out;
    }

    /** Spark's JSON name of a column type ("long", "decimal(10,2)", ...), as the 1.2 schema shows it. */
    static String sparkJsonType(QueryResult.Column c) {
        String t = c.typeName() == null ? "" : c.typeName();
        return switch (t) {
            case "INT" -> "integer";
            case "LONG", "SHORT", "BYTE", "FLOAT", "DOUBLE", "STRING", "BOOLEAN", "DATE", "TIMESTAMP", "BINARY" ->
                    t.toLowerCase(Locale.ROOT);
            default -> c.typeText() == null ? t.toLowerCase(Locale.ROOT) : c.typeText().toLowerCase(Locale.ROOT);
        };
    }

    private JsonNode value(String v, String typeName) {
        var f = json.getNodeFactory();
        if (v == null) return f.nullNode();
        try {
            return switch (typeName == null ? "" : typeName) {
                case "INT", "LONG", "SHORT", "BYTE" -> f.numberNode(Long.parseLong(v));
                case "FLOAT", "DOUBLE" -> f.numberNode(Double.parseDouble(v));
                case "DECIMAL" -> f.numberNode(new BigDecimal(v));
                case "BOOLEAN" -> f.booleanNode(Boolean.parseBoolean(v));
                default -> f.textNode(v);
            };
        } catch (NumberFormatException e) {
            return f.textNode(v);
        }
    }

    private ObjectNode error(String summary, String cause) {
        return json.createObjectNode().put("resultType", "error").put("summary", summary).put("cause", cause);
    }

    private ObjectNode cancelledResult() {
        return error("Command cancelled", "CommandCancelledException: the command was cancelled");
    }

    private void startPython(ExecutionContext ctx) {
        try {
            Map<String, String> env = new HashMap<>();
            env.put("DATABRICKS_HOST", address.baseUrl());
            ctx.identity = scopedTokens.issue("execution context " + ctx.id);
            env.put("DATABRICKS_TOKEN", ctx.identity.value());
            env.put("DATABRICKS_RUNTIME_VERSION", "15.4");
            env.put("MINILAKE_CONTEXT_DIR", contextDir(ctx.id).toString());
            WarmSpark warm = spark.getIfAvailable();
            if (warm != null) {
                warm.ensureStarted();
                long deadline = System.currentTimeMillis() + 5 * 60_000L;
                while (warm.state() == WarmSpark.State.STARTING && System.currentTimeMillis() < deadline) Thread.sleep(100);
                warm.connectUrl().ifPresent(url -> env.put("SPARK_REMOTE", url));
            }
            PythonProcess p = new PythonProcess(taskPython, pythonDir, env, json);
            ctx.python = p;
            if (!contexts.containsKey(ctx.id)) {
                p.close();
                return;
            }
            ctx.status = "Running";
        } catch (Exception e) {
            ctx.error = "Python could not be started (" + taskPython + "): " + e.getMessage();
            ctx.status = "Error";
        }
    }

    private ExecutionContext context(String clusterId, String contextId) {
        if (clusterId == null || clusterId.isBlank()) throw ApiException.missingField("clusterId");
        if (contextId == null || contextId.isBlank()) throw ApiException.missingField("contextId");
        ExecutionContext ctx = contexts.get(contextId);
        if (ctx == null || !ctx.clusterId.equals(clusterId)) {
            throw ApiException.notFound("Execution context " + contextId + " on cluster " + clusterId);
        }
        return ctx;
    }

    private Command command(String clusterId, String contextId, String commandId) {
        if (commandId == null || commandId.isBlank()) throw ApiException.missingField("commandId");
        Command c = context(clusterId, contextId).commands.get(commandId);
        if (c == null) throw ApiException.notFound("Command " + commandId);
        return c;
    }

    private void requireRunning(String clusterId) {
        if (clusterId == null || clusterId.isBlank()) throw ApiException.missingField("clusterId");
        ClusterState state = clusters.get(clusterId).state();
        if (state != ClusterState.RUNNING) {
            throw new ApiException(ErrorCode.INVALID_STATE, "Cluster " + clusterId + " is not running (state "
                    + state.display() + "); start it before creating contexts or running commands");
        }
    }

    private static String language(String language) {
        if (language == null || language.isBlank()) throw ApiException.missingField("language");
        String l = language.toLowerCase(Locale.ROOT);
        if (l.equals("python") || l.equals("sql")) return l;
        throw ApiException.invalid("MiniLake runs python and sql commands; " + language
                + " is not supported (no " + language + " interpreter behind its clusters)");
    }

    /** Every context of the cluster dies with its driver. */
    @Override
    public void driverStopped(String clusterId) {
        contexts.values().stream().filter(c -> c.clusterId.equals(clusterId)).toList().forEach(c -> {
            contexts.remove(c.id);
            starter.submit(c::close);
        });
    }

    @Override
    public void running(String clusterId, boolean restarted) {
    }

    @Override
    public void deleted(String clusterId) {
        driverStopped(clusterId);
    }

    @PreDestroy
    public void closeAll() {
        contexts.values().forEach(ExecutionContext::close);
        contexts.clear();
    }

    /** A context's own directory: the %pip virtualenv and the working directory of %sh. */
    private Path contextDir(String contextId) {
        return pythonDir.resolve("contexts").resolve(contextId);
    }

    private static void install(Path dir) throws IOException {
        copy("/commands/python/minilake_repl.py", dir.resolve("minilake_repl.py"));
        copy("/jobs/python/minilake_dbutils.py", dir.resolve("minilake_dbutils.py"));
        Files.createDirectories(dir.resolve("dbruntime"));
        copy("/jobs/python/dbruntime/__init__.py", dir.resolve("dbruntime/__init__.py"));
    }

    private static void copy(String resource, Path to) throws IOException {
        try (InputStream in = CommandsService.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException("missing resource " + resource);
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

}
