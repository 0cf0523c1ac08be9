package dev.minilake.core.mcp;

import io.modelcontextprotocol.util.McpUriTemplateManager;
import io.modelcontextprotocol.util.McpUriTemplateManagerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * URI templates with RFC 6570's two simplest forms: {@code {var}} (no slash) and {@code {+var}}
 * (slashes allowed), so a workspace path is one variable. The SDK's default knows only the first.
 */
public final class UriTemplates implements McpUriTemplateManagerFactory {
    private static final Pattern VARIABLE = Pattern.compile("\\{(\\+?)([A-Za-z0-9_]+)}");

    @Override
    public McpUriTemplateManager create(String template) {
        return new Template(template);
    }

    /** The variables of {@code uri} under {@code template}, or null when it does not match. */
    public static Map<String, String> match(String template, String uri) {
        return new Template(template).values(uri);
    }

    private static final class Template implements McpUriTemplateManager {
        private final String template;
        private final List<String> names = new ArrayList<>();
        private final Pattern pattern;

        Template(String template) {
            this.template = template;
            StringBuilder re = new StringBuilder("^");
            Matcher m = VARIABLE.matcher(template);
            int last = 0;
            while (m.find()) {
                re.append(Pattern.quote(template.substring(last, m.start())));
                re.append(m.group(1).isEmpty() ? "([^/]+)" : "(.+)");
                names.add(m.group(2));
                last = m.end();
            }
            re.append(Pattern.quote(template.substring(last))).append('$');
            this.pattern = Pattern.compile(re.toString());
        }

        Map<String, String> values(String uri) {
            Matcher m = pattern.matcher(uri);
            if (!m.matches()) return null;
            Map<String, String> out = new LinkedHashMap<>();
            for (int i = 0; i < names.size(); i++) {
                out.put(names.get(i), java.net.URLDecoder.decode(m.group(i + 1).replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8));
            }
            return out;
        }

        @Override
        public List<String> getVariableNames() {
            return List.copyOf(names);
        }

        @Override
        public Map<String, String> extractVariableValues(String uri) {
            Map<String, String> v = values(uri);
            return v == null ? Map.of() : v;
        }

        @Override
        public boolean matches(String uri) {
            return values(uri) != null;
        }

        @Override
        public boolean isUriTemplate(String uri) {
            return VARIABLE.matcher(uri).find();
        }
    }
}
