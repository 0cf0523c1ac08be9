package dev.minilake.workspace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Converts between .ipynb and Databricks source notebooks. Code cells are kept as they are;
 * markdown cells become "%md" magic cells; cells are separated by "COMMAND ----------" lines.
 */
final class JupyterConverter {
    private final ObjectMapper json;

    JupyterConverter(ObjectMapper json) {
        this.json = json;
    }

    record Converted(NotebookLanguage language, byte[] source) {
    }

    Converted toSource(byte[] ipynb, NotebookLanguage requested) {
        JsonNode nb;
        try {
            nb = json.readTree(ipynb);
        } catch (IOException e) {
            throw ApiException.invalid("Content is not a valid Jupyter notebook: " + e.getMessage());
        }
        if (nb == null || !nb.path("cells").isArray()) throw ApiException.invalid("Content is not a Jupyter notebook: no 'cells'");
        NotebookLanguage lang = requested != null ? requested
                : NotebookLanguage.parse(nb.path("metadata").path("language_info").path("name").asText(null))
                .or(() -> NotebookLanguage.parse(nb.path("metadata").path("kernelspec").path("language").asText(null)))
                .orElse(NotebookLanguage.PYTHON);
        List<String> cells = new ArrayList<>();
        for (JsonNode cell : nb.path("cells")) {
            String text = joined(cell.path("source"));
            if ("markdown".equals(cell.path("cell_type").asText())) {
                StringBuilder md = new StringBuilder(lang.magicPrefix()).append("%md");
                for (String line : text.split("\n", -1)) md.append('\n').append(lang.magicPrefix()).append(line);
                text = md.toString();
            }
            cells.add(text);
        }
        String body = lang.header() + "\n" + String.join("\n\n" + lang.cellSeparator() + "\n\n", cells);
        return new Converted(lang, body.getBytes(StandardCharsets.UTF_8));
    }

    byte[] toIpynb(byte[] source, NotebookLanguage lang, String name) {
        String text = new String(source, StandardCharsets.UTF_8);
        if (text.startsWith(lang.header())) text = text.substring(lang.header().length());
        ObjectNode nb = json.createObjectNode();
        ArrayNode cells = nb.putArray("cells");
        for (String raw : text.split("\n*" + java.util.regex.Pattern.quote(lang.cellSeparator()) + "\n*", -1)) {
            String cellText = raw.strip();
            ObjectNode cell = cells.addObject();
            String mdHead = lang.magicPrefix() + "%md";
            if (cellText.startsWith(mdHead)) {
                StringBuilder md = new StringBuilder();
                for (String line : cellText.substring(mdHead.length()).split("\n", -1)) {
                    if (line.isEmpty()) continue;
                    if (md.length() > 0) md.append('\n');
                    md.append(line.startsWith(lang.magicPrefix()) ? line.substring(lang.magicPrefix().length()) : line);
                }
                cell.put("cell_type", "markdown");
                cell.putObject("metadata");
                cell.set("source", lines(md.toString()));
            } else {
                cell.put("cell_type", "code");
                cell.putNull("execution_count");
                cell.putObject("metadata");
                cell.putArray("outputs");
                cell.set("source", lines(cellText));
            }
        }
        ObjectNode meta = nb.putObject("metadata");
        meta.putObject("language_info").put("name", lang.name().toLowerCase());
        meta.putObject("application/vnd.databricks.v1+notebook").put("notebookName", name).put("language", lang.name().toLowerCase());
        nb.put("nbformat", 4);
        nb.put("nbformat_minor", 0);
        try {
            return json.writerWithDefaultPrettyPrinter().writeValueAsBytes(nb);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String joined(JsonNode source) {
        if (source.isTextual()) return source.asText();
        StringBuilder b = new StringBuilder();
        source.forEach(l -> b.append(l.asText()));
        String s = b.toString();
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }

    /** Jupyter keeps source as lines that end with "\n", except the last. */
    private ArrayNode lines(String text) {
        ArrayNode arr = json.createArrayNode();
        String[] parts = text.split("\n", -1);
        for (int i = 0; i < parts.length; i++) arr.add(i < parts.length - 1 ? parts[i] + "\n" : parts[i]);
        return arr;
    }
}
