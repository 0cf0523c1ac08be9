package dev.minilake.core.settings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Every MiniLake setting, in one place: command-line flags and MINILAKE_* environment variables.
 * A flag beats its environment variable, which beats the default. {@link #help()} is generated
 * from the same table, so the documentation cannot drift from the parser.
 */
public final class Settings {

    /** One setting: its flag (or null), its environment variable (or null), default and help text. */
    record Option(String flag, String env, String metavar, String defaultValue, String help,
                  BiConsumer<Settings, String> apply) {
        boolean isSwitch() {
            return metavar == null;
        }
    }

    private static final List<Option> OPTIONS = List.of(
            new Option("--port", "MINILAKE_PORT", "PORT", "8000", "TCP port to serve on (0 picks a free one)",
                    (s, v) -> s.port = parseInt("--port", v)),
            new Option("--host", "MINILAKE_HOST", "HOST", "127.0.0.1", "address to bind; 0.0.0.0 exposes MiniLake beyond this machine",
                    (s, v) -> s.host = v),
            new Option(null, "MINILAKE_ALLOWED_HOSTS", "NAME[,NAME...]", null,
                    "Host names this server answers to besides localhost, 127.0.0.1, [::1] and the bind address (the chart"
                            + " sets its Service names); any other Host header is refused with 403, so DNS rebinding cannot reach it",
                    (s, v) -> s.allowedHosts = parseList(v)),
            new Option(null, "MINILAKE_ALLOWED_ORIGINS", "ORIGIN[,ORIGIN...]", null,
                    "web origins (scheme://host[:port]) other than MiniLake's own that may call it from a browser; CORS is"
                            + " answered for these only. Requests from any other Origin are refused with 403",
                    (s, v) -> s.allowedOrigins = parseList(v)),
            new Option("--data-dir", "MINILAKE_DATA_DIR", "PATH", null,
                    "where all state lives; setting it keeps the workspace across restarts",
                    (s, v) -> s.dataDir = Path.of(v).toAbsolutePath().normalize()),
            new Option(null, "MINILAKE_PERSIST", "0|1", "0",
                    "1 keeps the workspace across restarts (in ~/.minilake/data unless a data dir is given)",
                    (s, v) -> s.persist = parseBool("MINILAKE_PERSIST", v)),
            new Option("--verbose", "MINILAKE_VERBOSE", null, "0", "log every request (method, path, status, time)",
                    (s, v) -> s.verbose = parseBool("MINILAKE_VERBOSE", v)),
            new Option(null, "MINILAKE_AUTH", "open|strict", "open",
                    "open accepts any bearer token or none; strict requires MINILAKE_TOKEN or a token made by the Tokens API",
                    (s, v) -> s.authMode = parseAuth(v)),
            new Option(null, "MINILAKE_TOKEN", "TOKEN", null, "the admin token accepted in strict auth mode",
                    (s, v) -> s.adminToken = v),
            new Option(null, "MINILAKE_WORKSPACE_ID", "ID", "6051921418418893",
                    "numeric workspace id served in host metadata and the X-Databricks-Org-Id header",
                    (s, v) -> s.workspaceId = parseLong("MINILAKE_WORKSPACE_ID", v)),
            new Option(null, "MINILAKE_ACCOUNT_ID", "UUID", "7a1e5c0d-6051-4921-8418-418893000001",
                    "the account id (a UUID) the workspace belongs to, served in host metadata",
                    (s, v) -> s.accountId = parseUuid("MINILAKE_ACCOUNT_ID", v)),
            new Option(null, "MINILAKE_USER", "EMAIL", "dev@minilake.local", "userName of the current (admin) user",
                    (s, v) -> s.userName = v),
            new Option(null, "MINILAKE_PYTHON", "PATH", "python3",
                    "Python interpreter for JupyterLab, and for job tasks when there is no task environment",
                    (s, v) -> s.python = v),
            new Option(null, "MINILAKE_TASK_PYTHON", "PATH", null,
                    "Python interpreter for job tasks (spark_python_task, notebooks, wheels); default: the task environment"
                            + " the build prepares beside the jar (task-python/), else MINILAKE_PYTHON",
                    (s, v) -> s.taskPython = v),
            new Option(null, "MINILAKE_EXECUTOR", "local|kubernetes", "local",
                    "where job tasks run: local processes on this machine, or MiniLakeJob pods via the operator",
                    (s, v) -> s.executor = parseExecutor(v)),
            new Option(null, "MINILAKE_STORAGE_ROOTS", "DIR[:DIR...]", null,
                    "directories where EXTERNAL tables and volumes may live, besides the data dir's external/ area (':' or ','"
                            + " separated); SQL can reach them, so none may overlap the data dir",
                    (s, v) -> s.storageRoots = parseRoots(v)),
            new Option("--init-dir", "MINILAKE_INIT_DIR", "DIR", null,
                    "files run in name order at start and after every reset: *.sql through the SQL API, *.json as REST calls"
                            + " ({\"method\",\"path\",\"body\"} per line), *.py as a job task; ready waits for them",
                    (s, v) -> s.initDir = Path.of(v).toAbsolutePath().normalize()),
            new Option(null, "MINILAKE_ALERT_INTERVAL_SECONDS", "SECONDS", "60",
                    "how often every active SQL alert is evaluated against its query (0 turns the schedule off)",
                    (s, v) -> s.alertIntervalSeconds = parseLong("MINILAKE_ALERT_INTERVAL_SECONDS", v)),
            new Option(null, "MINILAKE_COMPUTE_MINUTE_MS", "MILLIS", "60000",
                    "milliseconds per minute of cluster autotermination_minutes (tests shrink it)",
                    (s, v) -> s.computeMinuteMillis = parseLong("MINILAKE_COMPUTE_MINUTE_MS", v)),
            new Option(null, "MINILAKE_SPARK_MEMORY", "SIZE", "1g",
                    "heap of the warm Spark JVM (spark-runner), e.g. 512m or 2g",
                    (s, v) -> s.sparkMemory = parseMemory(v)),
            new Option(null, "MINILAKE_SPARK_MASTER", "URL", "local[*]",
                    "the warm Spark's master: local[N], or spark://... / k8s://... for an existing cluster",
                    (s, v) -> s.sparkMaster = v),
            new Option(null, "MINILAKE_SPARK_RUNNER", "PATH", null,
                    "spark-runner.jar (with lib/ beside it); found beside the build when unset",
                    (s, v) -> s.sparkRunner = Path.of(v).toAbsolutePath().normalize()),
            new Option(null, "MINILAKE_K8S_NAMESPACE", "NS", "",
                    "kubernetes executor: namespace of MiniLakeJobs and their Secrets (default: the client's, i.e. the pod's own)",
                    (s, v) -> s.k8sNamespace = v),
            new Option(null, "MINILAKE_K8S_IMAGE", "IMAGE", "",
                    "kubernetes executor: driver image of MiniLakeJobs (default: the operator's)",
                    (s, v) -> s.k8sImage = v),
            new Option(null, "MINILAKE_K8S_DATA_CLAIM", "PVC", "",
                    "kubernetes executor: PersistentVolumeClaim of the data dir, mounted into driver pods at the same path",
                    (s, v) -> s.k8sDataClaim = v),
            new Option(null, "MINILAKE_K8S_TTL_SECONDS", "SECONDS", "3600",
                    "kubernetes executor: ttlSecondsAfterFinished of MiniLakeJobs (0 keeps them)",
                    (s, v) -> s.k8sTtlSeconds = parseLong("MINILAKE_K8S_TTL_SECONDS", v)),
            new Option(null, "MINILAKE_K8S_SERVICE_URL", "URL", "",
                    "kubernetes executor: DATABRICKS_HOST that job pods use to reach this server (the chart sets the Service URL)",
                    (s, v) -> s.k8sServiceUrl = v),
            new Option(null, "MINILAKE_K8S_MASTER", "URL", "",
                    "kubernetes executor: API server URL (default: in-cluster config or ~/.kube/config)",
                    (s, v) -> s.k8sMaster = v),
            new Option(null, "MINILAKE_MCP", "0|1", "1",
                    "serve MCP (Streamable HTTP) at /mcp for agents; 0 turns it off (the chart's mcp.enabled sets it)",
                    (s, v) -> s.mcp = parseBool("MINILAKE_MCP", v)),
            new Option("--tls", "MINILAKE_TLS", null, "0",
                    "serve HTTPS; without --cert/--key a self-signed certificate for localhost is generated on first use (in <data dir>/tls, else ~/.minilake/tls) and its PEM path printed",
                    (s, v) -> s.tls = parseBool("MINILAKE_TLS", v)),
            new Option("--cert", "MINILAKE_TLS_CERT", "PEM", null, "certificate chain (PEM) for --tls; implies --tls, needs --key",
                    (s, v) -> s.tlsCert = Path.of(v).toAbsolutePath().normalize()),
            new Option("--key", "MINILAKE_TLS_KEY", "PEM", null, "private key (PEM, PKCS#8 or PKCS#1) for --cert",
                    (s, v) -> s.tlsKey = Path.of(v).toAbsolutePath().normalize()),
            new Option("--help", null, null, null, "print this help and exit",
                    (s, v) -> s.help = true));

    private int port = 8000;
    private String host = "127.0.0.1";
    private Path dataDir;
    private boolean persist;
    private boolean verbose;
    private AuthMode authMode = AuthMode.OPEN;
    private String adminToken;
    private long workspaceId = 6051921418418893L;
    private String accountId = "7a1e5c0d-6051-4921-8418-418893000001";
    private String userName = "dev@minilake.local";
    private boolean help;
    private boolean tls;
    private boolean mcp = true;
    private Path tlsCert;
    private Path tlsKey;
    private String python = "python3";
    private String taskPython;
    private String executor = "local";
    private List<Path> storageRoots = List.of();
    private List<String> allowedHosts = List.of();
    private List<String> allowedOrigins = List.of();
    private Path initDir;
    private long alertIntervalSeconds = 60;
    private long computeMinuteMillis = 60_000;
    private String sparkMemory = "1g";
    private String sparkMaster = "local[*]";
    private Path sparkRunner;
    private String k8sNamespace = "";
    private String k8sImage = "";
    private String k8sDataClaim = "";
    private long k8sTtlSeconds = 3600;
    private String k8sMaster = "";
    private String k8sServiceUrl = "";
    private final List<String> positional = new ArrayList<>();

    public enum AuthMode { OPEN, STRICT }

    private Settings() {
    }

    /** Parses flags and environment. Throws {@link IllegalArgumentException} with a user-facing message. */
    public static Settings parse(String[] args, Map<String, String> env) {
        Settings s = new Settings();
        for (Option o : OPTIONS) {
            if (o.env() != null && env.get(o.env()) != null && !env.get(o.env()).isBlank()) {
                o.apply().accept(s, env.get(o.env()).trim());
            }
        }
        Map<String, Option> byFlag = new LinkedHashMap<>();
        OPTIONS.stream().filter(o -> o.flag() != null).forEach(o -> byFlag.put(o.flag(), o));
        byFlag.put("-h", byFlag.get("--help"));
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String inlineValue = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                inlineValue = arg.substring(eq + 1);
                arg = arg.substring(0, eq);
            }
            Option o = byFlag.get(arg);
            if (o == null) {
                if (arg.startsWith("-")) {
                    throw new IllegalArgumentException("unknown option " + arg + " (see --help)");
                }
                s.positional.add(arg);
                continue;
            }
            if (o.isSwitch()) {
                o.apply().accept(s, "1");
            } else {
                String value = inlineValue;
                if (value == null) {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException(arg + " needs a value " + o.metavar());
                    }
                    value = args[++i];
                }
                o.apply().accept(s, value);
            }
        }
        if ((s.tlsCert == null) != (s.tlsKey == null)) {
            throw new IllegalArgumentException("--cert and --key go together");
        }
        if (s.tlsCert != null) s.tls = true;
        return s;
    }

    private static String parseExecutor(String v) {
        if (!v.equals("local") && !v.equals("kubernetes")) {
            throw new IllegalArgumentException("MINILAKE_EXECUTOR must be local or kubernetes, got '" + v + "'");
        }
        return v;
    }

    private static List<Path> parseRoots(String v) {
        List<Path> out = new ArrayList<>();
        for (String part : v.split("[:,]")) {
            if (part.isBlank()) continue;
            Path p = Path.of(part.trim());
            if (!p.isAbsolute()) throw new IllegalArgumentException("MINILAKE_STORAGE_ROOTS entries must be absolute paths, got '" + part + "'");
            out.add(p.normalize());
        }
        return List.copyOf(out);
    }

    private static List<String> parseList(String v) {
        List<String> out = new ArrayList<>();
        for (String part : v.split(",")) if (!part.isBlank()) out.add(part.trim());
        return List.copyOf(out);
    }

    /** Host names (MINILAKE_ALLOWED_HOSTS) accepted besides the loopback names and the bind address. */
    public List<String> allowedHosts() {
        return allowedHosts;
    }

    /** Browser origins (MINILAKE_ALLOWED_ORIGINS) accepted besides MiniLake's own. */
    public List<String> allowedOrigins() {
        return allowedOrigins;
    }

    /** Extra allowed roots for EXTERNAL table locations (the data dir is always allowed). */
    public List<Path> storageRoots() {
        return storageRoots;
    }

    /** The init-hook directory, or null. */
    public Path initDir() {
        return initDir;
    }

    public String python() {
        return python;
    }

    /** MINILAKE_TASK_PYTHON, or null to use the task environment beside the jar (see TaskPython). */
    public String taskPython() {
        return taskPython;
    }

    public String executor() {
        return executor;
    }

    public long alertIntervalSeconds() {
        return alertIntervalSeconds;
    }

    public long computeMinuteMillis() {
        return computeMinuteMillis;
    }

    /** Heap of the warm Spark JVM, as a JVM size (512m, 2g). */
    public String sparkMemory() {
        return sparkMemory;
    }

    public String sparkMaster() {
        return sparkMaster;
    }

    /** spark-runner.jar as configured, or null to find it beside the build. */
    public Path sparkRunner() {
        return sparkRunner;
    }

    private static String parseMemory(String v) {
        if (!v.toLowerCase().matches("[0-9]+[kmg]?")) {
            throw new IllegalArgumentException("MINILAKE_SPARK_MEMORY must be a size such as 512m or 2g, got '" + v + "'");
        }
        return v.toLowerCase();
    }
    public String k8sNamespace() { return k8sNamespace; }
    public String k8sImage() { return k8sImage; }
    public String k8sDataClaim() { return k8sDataClaim; }
    public long k8sTtlSeconds() { return k8sTtlSeconds; }
    public String k8sMaster() { return k8sMaster; }
    public String k8sServiceUrl() { return k8sServiceUrl; }

    public static String help() {
        StringBuilder b = new StringBuilder();
        b.append("MiniLake: the Databricks REST API on one local port, with real engines behind it.\n\n");
        b.append("Usage: java -jar minilake.jar [options]\n");
        b.append("       java -jar minilake.jar coverage   print the SDK coverage report (docs/coverage.md) and exit\n");
        b.append("       java -jar minilake.jar spark env [--port PORT]   print exports for your own PySpark\n\nOptions:\n");
        for (Option o : OPTIONS) {
            if (o.flag() == null) continue;
            String left = o.flag() + (o.isSwitch() ? "" : " " + o.metavar());
            b.append(String.format("  %-22s %s%s%n", left, o.help(), defaults(o)));
            if (o.env() != null) b.append(String.format("  %-22s (or %s)%n", "", o.env()));
        }
        b.append("\nEnvironment only:\n");
        for (Option o : OPTIONS) {
            if (o.flag() != null || o.env() == null) continue;
            b.append(String.format("  %-22s %s%s%n", o.env() + "=" + o.metavar(), o.help(), defaults(o)));
        }
        b.append("\nWithout a data dir or MINILAKE_PERSIST=1 the workspace is ephemeral: a temp dir removed at exit.\n");
        return b.toString();
    }

    private static String defaults(Option o) {
        return o.defaultValue() == null ? "" : " [default: " + o.defaultValue() + "]";
    }

    private static int parseInt(String name, String v) {
        try {
            int p = Integer.parseInt(v);
            if (p < 0 || p > 65535) throw new NumberFormatException();
            return p;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a port number 0-65535, got '" + v + "'");
        }
    }

    private static String parseUuid(String name, String v) {
        try {
            return java.util.UUID.fromString(v.trim()).toString();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " must be a UUID, got '" + v + "'");
        }
    }

    private static long parseLong(String name, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number, got '" + v + "'");
        }
    }

    private static boolean parseBool(String name, String v) {
        return switch (v.toLowerCase()) {
            case "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off", "" -> false;
            default -> throw new IllegalArgumentException(name + " must be 0 or 1, got '" + v + "'");
        };
    }

    private static AuthMode parseAuth(String v) {
        try {
            return AuthMode.valueOf(v.toUpperCase());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("MINILAKE_AUTH must be open or strict, got '" + v + "'");
        }
    }

    public int port() { return port; }
    public String host() { return host; }
    /** The configured data dir, or null when none was given. */
    public Path dataDir() { return dataDir; }
    /** True when the workspace outlives the process. */
    public boolean persistent() { return persist || dataDir != null; }
    public boolean verbose() { return verbose; }
    public AuthMode authMode() { return authMode; }
    public String adminToken() { return adminToken; }
    public long workspaceId() { return workspaceId; }
    public String accountId() { return accountId; }
    public String userName() { return userName; }
    public boolean helpRequested() { return help; }
    /** True when MiniLake serves HTTPS instead of HTTP. */
    public boolean tls() { return tls; }

    /** MCP at /mcp (on unless MINILAKE_MCP=0). */
    public boolean mcpEnabled() { return mcp; }
    /** The PEM certificate given with --cert, or null (a self-signed one is generated). */
    public Path tlsCert() { return tlsCert; }
    public Path tlsKey() { return tlsKey; }
    /** http or https. */
    public String scheme() { return tls ? "https" : "http"; }
    public List<String> positional() { return List.copyOf(positional); }
}
