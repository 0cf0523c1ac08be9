package dev.minilake.controlplane;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.ApiGroupRegistry;
import dev.minilake.core.api.SdkOperations;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The coverage report: every workspace-level operation of the pinned SDK (sdk-operations.tsv,
 * generated from the SDK's own source) with the status of the API group whose routes take it, or
 * "not implemented (501)" when none does. Derived from the group declarations and their real
 * routes, so it cannot claim what the router does not serve.
 */
@Service
public class CoverageReport {
    /** The modules the project's goal is measured on (at least 90% served). */
    public static final List<String> KEY_MODULES = List.of("catalog", "sql", "jobs", "compute", "workspace", "files", "iam", "settings");
    static final String NOT_IMPLEMENTED = "not implemented (501)";

    private final ObjectProvider<ApiGroupRegistry> registry;
    private volatile List<Row> cached;

    public CoverageReport(ObjectProvider<ApiGroupRegistry> registry) {
        this.registry = registry;
    }

    /** One SDK operation and how MiniLake serves it. {@code group} is null when nothing serves it. */
    public record Row(String module, String api, String method, String verb, String path, String status, String group) {
        boolean served() {
            return group != null;
        }
    }

    /** Counts for one module (or the total). */
    public record Counts(String module, int operations, int real, int crud, int stateMachine, int notImplemented) {
        public double servedShare() {
            return operations == 0 ? 0 : 100.0 * (operations - notImplemented) / operations;
        }
    }

    public List<Row> rows() {
        List<Row> r = cached;
        if (r == null) cached = r = compute();
        return r;
    }

    private List<Row> compute() {
        ApiGroupRegistry reg = registry.getObject();
        List<Row> rows = new ArrayList<>();
        for (SdkOperations.Operation op : SdkOperations.load().all()) {
            if (op.accountLevel()) continue;
            String probe = op.pathTemplate()
                    .replaceAll("(?<=/)\\{[^}]*}", "minilake-probe")
                    .replaceAll("\\{[^}]*}", "/minilake-probe");
            ApiGroup served = null;
            for (ApiGroup g : reg.groups()) {
                if (g.status() != ServiceStatus.NOT_IMPLEMENTED && reg.routesOf(g).serves(op.verb(), probe)) {
                    served = g;
                    break;
                }
            }
            rows.add(new Row(op.module(), op.apiClass(), op.method(), op.verb(), op.pathTemplate(),
                    served == null ? NOT_IMPLEMENTED : label(served.status()), served == null ? null : served.name()));
        }
        rows.sort(Comparator.comparing(Row::module).thenComparing(Row::api).thenComparing(Row::method)
                .thenComparing(Row::verb).thenComparing(Row::path));
        return List.copyOf(rows);
    }

    static String label(ServiceStatus s) {
        return switch (s) {
            case REAL -> "real";
            case CRUD -> "CRUD (stored, not enforced)";
            case STATE_MACHINE -> "state machine";
            case NOT_IMPLEMENTED -> NOT_IMPLEMENTED;
        };
    }

    public List<Counts> perModule() {
        Map<String, List<Row>> byModule = new TreeMap<>();
        for (Row r : rows()) byModule.computeIfAbsent(r.module(), k -> new ArrayList<>()).add(r);
        List<Counts> out = new ArrayList<>();
        byModule.forEach((m, rs) -> out.add(count(m, rs)));
        return out;
    }

    public Counts total() {
        return count("all", rows());
    }

    public Counts keyModules() {
        return count(String.join(", ", KEY_MODULES), rows().stream().filter(r -> KEY_MODULES.contains(r.module())).toList());
    }

    private static Counts count(String module, List<Row> rows) {
        int real = 0, crud = 0, sm = 0, ni = 0;
        for (Row r : rows) {
            switch (r.status()) {
                case "real" -> real++;
                case "state machine" -> sm++;
                case NOT_IMPLEMENTED -> ni++;
                default -> crud++;
            }
        }
        return new Counts(module, rows.size(), real, crud, sm, ni);
    }

    /** The JSON answer of /_minilake/coverage. */
    public Map<String, Object> json() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sdk", sdkVersion());
        out.put("total", countsJson(total()));
        out.put("key_modules", countsJson(keyModules()));
        out.put("modules", perModule().stream().map(CoverageReport::countsJson).toList());
        out.put("groups", registry.getObject().groups().stream().map(g -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", g.name());
            m.put("status", label(g.status()));
            m.put("note", g.note());
            m.put("sdk_apis", g.sdkApis());
            m.put("class", g.getClass().getName());
            return m;
        }).toList());
        out.put("operations", rows().stream().map(r -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("module", r.module());
            m.put("api", r.api());
            m.put("method", r.method());
            m.put("verb", r.verb());
            m.put("path", r.path());
            m.put("status", r.status());
            m.put("served", r.served());
            if (r.group() != null) m.put("group", r.group());
            return m;
        }).toList());
        return out;
    }

    private static Map<String, Object> countsJson(Counts c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("module", c.module());
        m.put("operations", c.operations());
        m.put("real", c.real());
        m.put("crud", c.crud());
        m.put("state_machine", c.stateMachine());
        m.put("not_implemented", c.notImplemented());
        m.put("served_percent", Math.round(c.servedShare() * 10) / 10.0);
        return m;
    }

    /**
     * docs/coverage.md. {@code tests} names, per group, the test classes that prove it (the docs
     * generator finds them in the source tree; the server itself passes an empty map).
     */
    public String markdown(Map<String, List<String>> tests) {
        StringBuilder b = new StringBuilder();
        b.append("# MiniLake coverage of the Databricks SDK\n\n");
        b.append("Generated from ").append(sdkVersion()).append(" (`api-server/src/main/resources/sdk-operations.tsv`, read from the SDK's own\n")
                .append("source by `scripts/gen_sdk_operations.py`) and from the routes MiniLake's API groups really register.\n")
                .append("Do not edit: `coverage.CoverageDocTest` fails when this file is stale; regenerate with\n")
                .append("`MINILAKE_WRITE_COVERAGE=1 mvn -pl api-server -am test -Dtest=CoverageDocTest -Dsurefire.failIfNoSpecifiedTests=false`.\n")
                .append("A running server answers the same as JSON at `GET /_minilake/coverage` (and this page at `/_minilake/coverage.md`);\n")
                .append("`java -jar minilake.jar coverage` prints it.\n\n");
        b.append("Statuses: **real** (executed by an engine: rows, files, processes), **CRUD** (stored and read back, not enforced),\n")
                .append("**state machine** (timed lifecycle, no compute behind it), **not implemented (501)** (an honest\n")
                .append("`501 NOT_IMPLEMENTED`). Account-level operations (the accounts host) are not counted.\n\n");
        Counts key = keyModules();
        Counts all = total();
        b.append("## Summary\n\n");
        b.append("| scope | operations | real | CRUD | state machine | 501 | served |\n|---|---:|---:|---:|---:|---:|---:|\n");
        countRow(b, "key modules (" + key.module() + ")", key);
        countRow(b, "all workspace operations", all);
        b.append("\n## Per SDK module\n\n");
        b.append("| module | operations | real | CRUD | state machine | 501 | served |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (Counts c : perModule()) countRow(b, c.module(), c);
        b.append("\n## API groups\n\n| group | status | SDK APIs | what is real | proven by |\n|---|---|---|---|---|\n");
        for (ApiGroup g : registry.getObject().groups()) {
            List<String> t = tests.getOrDefault(g.name(), List.of());
            b.append("| ").append(g.name()).append(" | ").append(label(g.status())).append(" | ")
                    .append(String.join(", ", g.sdkApis())).append(" | ").append(cell(g.note())).append(" | ")
                    .append(t.isEmpty() ? "-" : String.join(", ", t.stream().map(x -> "`" + x + "`").toList())).append(" |\n");
        }
        b.append("\n## Operations\n");
        String module = null;
        for (Row r : rows()) {
            if (!r.module().equals(module)) {
                module = r.module();
                b.append("\n### ").append(module).append("\n\n| operation | request | status | group |\n|---|---|---|---|\n");
            }
            b.append("| ").append(r.api()).append('.').append(r.method()).append(" | `").append(r.verb()).append(' ')
                    .append(r.path()).append("` | ").append(r.status()).append(" | ")
                    .append(r.group() == null ? "-" : r.group()).append(" |\n");
        }
        return b.toString();
    }

    private static void countRow(StringBuilder b, String name, Counts c) {
        b.append(String.format("| %s | %d | %d | %d | %d | %d | %.1f%% |%n", name, c.operations(), c.real(), c.crud(),
                c.stateMachine(), c.notImplemented(), c.servedShare()));
    }

    private static String cell(String s) {
        return s == null ? "" : s.replace("|", "\\|").replace("\n", " ");
    }

    /** "databricks-sdk==X", from the generated file's header. */
    static String sdkVersion() {
        try (InputStream in = CoverageReport.class.getResourceAsStream("/sdk-operations.tsv")) {
            if (in == null) return "databricks-sdk (unknown version)";
            String first = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).readLine();
            int at = first == null ? -1 : first.indexOf("databricks-sdk==");
            if (at < 0) return "databricks-sdk (unknown version)";
            String rest = first.substring(at);
            int end = rest.indexOf(';');
            return end < 0 ? rest.trim() : rest.substring(0, end).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
