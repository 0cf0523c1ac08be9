package dev.minilake.core.auth;

import org.springframework.http.HttpMethod;
import org.springframework.util.MultiValueMap;

import java.util.List;
import java.util.Optional;

/**
 * What a confined {@link ScopedTokens} token (a job task's, a command context's, the warm Spark's)
 * may not do. Code MiniLake runs does its work (SQL, Unity Catalog CRUD, files, jobs) with the same
 * rights as the developer, but it cannot turn its short-lived token into lasting or wider power:
 * it cannot mint tokens, change who may do what, change secrets, read secret values, wipe the
 * workspace, or drive the MCP and Jupyter surfaces (which run code of their own).
 */
public final class ScopedTokenPolicy {
    /** Path prefixes where every write is refused; reads (metadata) stay allowed. */
    private static final List<String> NO_WRITES = List.of(
            "/api/2.0/token/", "/api/2.0/token-management/",
            "/api/2.0/permissions/", "/api/2.0/preview/sql/permissions/", "/api/2.0/permissionmigration",
            "/api/2.1/unity-catalog/permissions/",
            "/api/2.0/preview/scim/", "/api/2.0/account/scim/", "/api/2.0/access-control",
            "/api/2.0/preview/accounts/access-control/",
            "/api/2.0/secrets/", "/api/2.0/ip-access-lists");
    /** Path prefixes a confined token may not use at all. */
    private static final List<String> NOTHING = List.of("/_minilake/reset", "/mcp", "/jupyter");

    private ScopedTokenPolicy() {
    }

    /** Why a confined token may not make this request, or empty when it may. */
    public static Optional<String> refusal(HttpMethod method, String path, MultiValueMap<String, String> query) {
        for (String p : NOTHING) {
            if (path.equals(p) || path.startsWith(p + "/")) return Optional.of(path + " is not available to a job task's token");
        }
        boolean read = method == HttpMethod.GET || method == HttpMethod.HEAD;
        if (!read) {
            for (String p : NO_WRITES) {
                if (path.startsWith(p)) {
                    return Optional.of("A job task's token cannot change tokens, permissions, users or secrets (" + method.name() + " " + path + ")");
                }
            }
        }
        // Unity Catalog returns a secret's value on request: not to code MiniLake runs
        if (path.startsWith("/api/2.1/unity-catalog/secrets") && "true".equalsIgnoreCase(query.getFirst("include_value"))) {
            return Optional.of("A job task's token cannot read secret values over the API; use dbutils.secrets.get in the task");
        }
        return Optional.empty();
    }
}
