package dev.minilake.spark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** {@code --name value} pairs and positional arguments. */
record RunnerArgs(Map<String, String> options, List<String> positional) {
    static RunnerArgs parse(String[] args) {
        Map<String, String> o = new HashMap<>();
        List<String> p = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("--") && i + 1 < args.length) o.put(args[i].substring(2), args[++i]);
            else p.add(args[i]);
        }
        return new RunnerArgs(o, p);
    }

    String get(String name, String dflt) {
        return options.getOrDefault(name, dflt);
    }
}
