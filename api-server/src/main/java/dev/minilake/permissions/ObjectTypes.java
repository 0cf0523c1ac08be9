package dev.minilake.permissions;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The object types of /api/2.0/permissions/{type}/{id}, with the permission levels each accepts,
 * as the Databricks permissions API documents them.
 */
final class ObjectTypes {
    record Type(String pathSegment, String objectType, List<String> levels) {
    }

    private static final List<String> WORKSPACE_OBJECT = List.of("CAN_READ", "CAN_RUN", "CAN_EDIT", "CAN_MANAGE");
    private static final List<String> SQL_OBJECT = List.of("CAN_VIEW", "CAN_RUN", "CAN_EDIT", "CAN_MANAGE");

    private static final Map<String, Type> TYPES = Map.ofEntries(
            type("alerts", "alert", SQL_OBJECT),
            type("apps", "apps", List.of("CAN_USE", "CAN_MANAGE")),
            type("authorization", "tokens", List.of("CAN_USE", "CAN_MANAGE")),
            type("cluster-policies", "cluster-policy", List.of("CAN_USE")),
            type("clusters", "cluster", List.of("CAN_ATTACH_TO", "CAN_RESTART", "CAN_MANAGE")),
            type("dashboards", "dashboard", SQL_OBJECT),
            type("dbsql-dashboards", "dashboard", SQL_OBJECT),
            type("directories", "directory", WORKSPACE_OBJECT),
            type("experiments", "mlflowExperiment", List.of("CAN_READ", "CAN_EDIT", "CAN_MANAGE")),
            type("files", "file", WORKSPACE_OBJECT),
            type("genie", "genie", SQL_OBJECT),
            type("instance-pools", "instance-pool", List.of("CAN_ATTACH_TO", "CAN_MANAGE")),
            type("jobs", "job", List.of("CAN_VIEW", "CAN_MANAGE_RUN", "IS_OWNER", "CAN_MANAGE")),
            type("notebooks", "notebook", WORKSPACE_OBJECT),
            type("pipelines", "pipelines", List.of("CAN_VIEW", "CAN_RUN", "CAN_MANAGE", "IS_OWNER")),
            type("queries", "query", SQL_OBJECT),
            type("registered-models", "registered-model", List.of("CAN_READ", "CAN_EDIT",
                    "CAN_MANAGE_STAGING_VERSIONS", "CAN_MANAGE_PRODUCTION_VERSIONS", "CAN_MANAGE")),
            type("repos", "repo", WORKSPACE_OBJECT),
            type("serving-endpoints", "serving-endpoint", List.of("CAN_VIEW", "CAN_QUERY", "CAN_MANAGE")),
            type("sql", "sql", SQL_OBJECT),
            type("vector-search-endpoints", "vector-search-endpoint", List.of("CAN_USE", "CAN_MANAGE")),
            type("warehouses", "warehouses", List.of("CAN_VIEW", "CAN_MONITOR", "CAN_USE", "IS_OWNER", "CAN_MANAGE")));

    private static Map.Entry<String, Type> type(String segment, String objectType, List<String> levels) {
        return Map.entry(segment, new Type(segment, objectType, levels));
    }

    private ObjectTypes() {
    }

    static Optional<Type> bySegment(String segment) {
        return Optional.ofNullable(TYPES.get(segment));
    }

    static List<String> segments() {
        return TYPES.keySet().stream().sorted().toList();
    }
}
