package dev.minilake.compute;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * A policy attribute path such as "num_workers", "autoscale.max_workers" or
 * "spark_conf.spark.databricks.cluster.profile". Under the map-valued attributes the rest of the
 * path is one key, dots and all, as Databricks defines it.
 */
record AttributePath(List<String> segments) {
    private static final List<String> MAP_ATTRIBUTES = List.of("spark_conf", "spark_env_vars", "custom_tags");

    static AttributePath parse(String path) {
        for (String map : MAP_ATTRIBUTES) {
            if (path.startsWith(map + ".")) return new AttributePath(List.of(map, path.substring(map.length() + 1)));
        }
        return new AttributePath(List.of(path.split("\\.")));
    }

    /** Wildcard or indexed paths (init_scripts.*.dbfs.destination) are accepted but not enforced. */
    boolean enforceable() {
        return segments.stream().noneMatch(s -> s.contains("*") || s.contains("[") || s.isEmpty());
    }

    JsonNode get(ObjectNode spec) {
        JsonNode n = spec;
        for (String s : segments) {
            n = n.get(s);
            if (n == null || n.isNull()) return null;
        }
        return n;
    }

    void set(ObjectNode spec, JsonNode value) {
        ObjectNode n = spec;
        for (String s : segments.subList(0, segments.size() - 1)) {
            n = n.get(s) instanceof ObjectNode child ? child : n.putObject(s);
        }
        n.set(segments.get(segments.size() - 1), value);
    }

    void remove(ObjectNode spec) {
        JsonNode n = spec;
        for (String s : segments.subList(0, segments.size() - 1)) {
            n = n.get(s);
            if (!(n instanceof ObjectNode)) return;
        }
        ((ObjectNode) n).remove(segments.get(segments.size() - 1));
    }
}
