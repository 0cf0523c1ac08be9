package dev.minilake.core.error;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server's own directories (the data dir, the working directory, the JDK), which an error
 * message must not reveal: {@link #scrub} writes each as a placeholder, so a message still says
 * where under the data dir something is ("<data dir>/volumes/...") without naming the machine's layout.
 */
public final class ServerPaths {
    private final List<Map.Entry<String, String>> replacements;

    public ServerPaths(Path dataDir) {
        Map<String, String> m = new LinkedHashMap<>();
        add(m, dataDir, "<data dir>");
        add(m, Path.of(System.getProperty("java.home")), "<java home>");
        add(m, Path.of(System.getProperty("user.dir")), "<server dir>");
        List<Map.Entry<String, String>> list = new ArrayList<>(m.entrySet());
        // the longest first: the data dir often lies inside the working directory
        list.sort(Comparator.comparingInt((Map.Entry<String, String> e) -> e.getKey().length()).reversed());
        this.replacements = List.copyOf(list);
    }

    private static void add(Map<String, String> m, Path p, String placeholder) {
        if (p == null) return;
        Path abs = p.toAbsolutePath().normalize();
        if (abs.getNameCount() == 0) return; // "/" is in every path
        m.putIfAbsent(abs.toString(), placeholder);
        try {
            m.putIfAbsent(abs.toRealPath().toString(), placeholder);
        } catch (IOException e) {
            // not there (yet): the path as given is enough
        }
    }

    /** {@code message} with every server directory replaced by its placeholder. */
    public String scrub(String message) {
        if (message == null || message.isEmpty()) return message;
        String out = message;
        for (Map.Entry<String, String> e : replacements) {
            if (out.contains(e.getKey())) out = out.replace(e.getKey(), e.getValue());
        }
        return out;
    }
}
