package dev.minilake.operator;

import java.util.Map;

/**
 * The operator's settings, all from the environment (the chart sets them).
 *
 * @param namespace             the namespace to watch; empty = the client's namespace (the pod's own)
 * @param defaultImage          driver image when a MiniLakeJob names none
 * @param imagePullPolicy       driver image pull policy
 * @param driverServiceAccount  service account of driver pods (Spark on Kubernetes creates executor pods with it)
 * @param podGracePeriodSeconds grace period when a cancel or timeout deletes pods
 */
public record OperatorSettings(String namespace, String defaultImage, String imagePullPolicy,
                               String driverServiceAccount, long podGracePeriodSeconds) {
    public static final String HELP = """
            minilake-operator: reconciles MiniLakeJob resources into driver pods.
            Environment:
              MINILAKE_OPERATOR_NAMESPACE        namespace to watch (default: the operator pod's own namespace)
              MINILAKE_OPERATOR_IMAGE            driver image when a MiniLakeJob names none (default minilake:0.1.0)
              MINILAKE_OPERATOR_PULL_POLICY      driver imagePullPolicy (default IfNotPresent)
              MINILAKE_DRIVER_SERVICE_ACCOUNT    service account of driver pods (default: the namespace's default)
              MINILAKE_POD_GRACE_SECONDS         grace period for pods deleted by cancel/timeout (default 5)
            """;

    public static OperatorSettings fromEnv(Map<String, String> env) {
        return new OperatorSettings(env.getOrDefault("MINILAKE_OPERATOR_NAMESPACE", ""),
                env.getOrDefault("MINILAKE_OPERATOR_IMAGE", "minilake:0.1.0"),
                env.getOrDefault("MINILAKE_OPERATOR_PULL_POLICY", "IfNotPresent"),
                blankToNull(env.get("MINILAKE_DRIVER_SERVICE_ACCOUNT")),
                Long.parseLong(env.getOrDefault("MINILAKE_POD_GRACE_SECONDS", "5")));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
