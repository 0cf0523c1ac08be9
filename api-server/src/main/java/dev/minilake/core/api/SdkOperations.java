package dev.minilake.core.api;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import org.springframework.util.function.SingletonSupplier;

/**
 * Every operation of the pinned Databricks SDK (module, API class, method, verb, path), read from
 * sdk-operations.tsv, which scripts/gen_sdk_operations.py generates from the SDK's own source. A
 * request that no group serves but that matches one of these gets an honest 501 naming the API.
 */
public final class SdkOperations {

    /** One SDK operation; its path regex is compiled when a request first needs it, not at start-up. */
    public record Operation(String module, String apiClass, String method, String verb, String pathTemplate,
                            boolean accountLevel, Supplier<Pattern> compiledPattern, int literalLength) {
        public Pattern pattern() {
            return compiledPattern.get();
        }

        public String displayName() {
            return apiClass + "." + method + " (" + verb + " " + pathTemplate + ")";
        }
    }

    private final List<Operation> operations;

    private SdkOperations(List<Operation> operations) {
        // most specific first, so /a/{x}/b wins over /a/{x}
        this.operations = operations.stream()
                .sorted(Comparator.comparingInt(Operation::literalLength).reversed()).toList();
    }

    public static SdkOperations load() {
        try (InputStream in = SdkOperations.class.getResourceAsStream("/sdk-operations.tsv")) {
            if (in == null) throw new IllegalStateException("sdk-operations.tsv is missing from the classpath");
            List<Operation> ops = new ArrayList<>();
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = r.readLine()) != null) {
                if (line.isBlank() || line.startsWith("#")) continue;
                String[] f = line.split("\t");
                String template = f[4];
                ops.add(new Operation(f[0], f[1], f[2], f[3], template, "account".equals(f[5]),
                        SingletonSupplier.of(() -> compile(template)), literalLength(template)));
            }
            return new SdkOperations(ops);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The length of a template without its placeholders: more literal text is more specific. */
    static int literalLength(String template) {
        int n = 0, depth = 0;
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c == '{') depth++;
            else if (c == '}') depth = Math.max(0, depth - 1);
            else if (depth == 0) n++;
        }
        return n;
    }

    /** A path template as a regex: a placeholder matches one or more characters, slashes included (file paths). */
    static Pattern compile(String template) {
        StringBuilder re = new StringBuilder("^");
        int i = 0;
        while (i < template.length()) {
            int open = template.indexOf('{', i);
            if (open < 0) {
                re.append(Pattern.quote(template.substring(i)));
                break;
            }
            re.append(Pattern.quote(template.substring(i, open)));
            int close = template.indexOf('}', open);
            re.append("[^?#]+?");
            i = close + 1;
        }
        return Pattern.compile(re.append("/?$").toString());
    }

    public Optional<Operation> match(String verb, String path) {
        return operations.stream()
                .filter(op -> op.verb().equals(verb) && isSpecific(op) && op.pattern().matcher(path).matches())
                .findFirst();
    }

    /**
     * False for templates that are nothing but a placeholder after the version, such as
     * {@code /api/2.0/{name}}: they would claim every unknown path, so they never turn a 404 into a
     * 501. Templates like {@code /api/2.1/{parent}/examples} keep a literal part and do match.
     */
    public static boolean isSpecific(Operation op) {
        return !GENERIC.matcher(op.pathTemplate()).matches();
    }

    private static final Pattern GENERIC = Pattern.compile("^/api/[^/]+/\\{[^}]*}/?$");

    public List<Operation> all() {
        return operations;
    }
}
