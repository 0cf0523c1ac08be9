package dev.minilake.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/**
 * A notebook task's notebook as runs/export gives it: an HTML page of its cells, each with the
 * output it printed when the run executed it (and the error of the cell that failed). The cells
 * come from the file the task wrote as it ran ({@link #CELLS_FILE}); the page also carries them as
 * a notebook model (base64 JSON in {@code __DATABRICKS_NOTEBOOK_MODEL}), as Databricks' export does.
 */
final class NotebookExport {
    static final String CELLS_FILE = "notebook_cells.json";

    private NotebookExport() {
    }

    static String name(String notebookPath) {
        return notebookPath.substring(notebookPath.lastIndexOf('/') + 1);
    }

    static String html(String notebookPath, String language, Path taskDir, ObjectMapper json) throws IOException {
        Path cellsFile = taskDir.resolve(CELLS_FILE);
        ArrayNode cells = Files.isRegularFile(cellsFile) ? (ArrayNode) json.readTree(cellsFile.toFile()) : json.createArrayNode();
        String name = name(notebookPath);
        StringBuilder body = new StringBuilder();
        ObjectNode model = json.createObjectNode().put("version", "NotebookV1").put("name", name)
                .put("language", language == null ? "python" : language.toLowerCase());
        ArrayNode commands = model.putArray("commands");
        int position = 0;
        for (JsonNode c : cells) {
            String source = c.path("source").asText(""), output = c.path("output").asText(""), lang = c.path("language").asText("python");
            String error = c.path("error").isTextual() ? c.get("error").asText() : null;
            body.append("<div class=\"cell\" data-language=\"").append(escape(lang)).append("\">\n")
                    .append("<pre class=\"command\">").append(escape(source)).append("</pre>\n");
            if (!output.isEmpty()) body.append("<pre class=\"output\">").append(escape(output)).append("</pre>\n");
            if (error != null) body.append("<pre class=\"error\">").append(escape(error)).append("</pre>\n");
            body.append("</div>\n");
            ObjectNode cmd = commands.addObject().put("position", position++).put("command", source);
            cmd.putObject("results").put("type", "text").put("data", output);
            if (error != null) cmd.put("errorSummary", error);
            cmd.put("state", error == null ? "finished" : "error");
        }
        if (cells.isEmpty()) body.append("<p class=\"empty\">This run executed no cells of the notebook.</p>\n");
        String encoded = Base64.getEncoder().encodeToString(json.writeValueAsString(model).getBytes(StandardCharsets.UTF_8));
        return "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape(name) + "</title>\n"
                + "<style>pre{background:#f6f6f6;padding:6px}.error{color:#b00}.cell{margin-bottom:12px}</style>\n</head>\n<body>\n"
                + "<h1>" + escape(name) + "</h1>\n" + body
                + "<script>var __DATABRICKS_NOTEBOOK_MODEL = '" + encoded + "';</script>\n</body>\n</html>\n";
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
