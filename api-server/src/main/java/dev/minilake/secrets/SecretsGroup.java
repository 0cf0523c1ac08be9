package dev.minilake.secrets;

import dev.minilake.core.mcp.Arg;
import dev.minilake.core.mcp.McpFeatures;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.error.ErrorCode;
import dev.minilake.secrets.SecretDtos.AclRequest;
import dev.minilake.secrets.SecretDtos.CreateScope;
import dev.minilake.secrets.SecretDtos.ListAclsResponse;
import dev.minilake.secrets.SecretDtos.ListScopesResponse;
import dev.minilake.secrets.SecretDtos.ListSecretsResponse;
import dev.minilake.secrets.SecretDtos.PutAcl;
import dev.minilake.secrets.SecretDtos.PutSecret;
import dev.minilake.secrets.SecretDtos.ScopeRequest;
import dev.minilake.secrets.SecretDtos.SecretKeyRequest;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/** The Secrets API group: scopes, secrets and ACLs; values are never returned over HTTP. */
@Component
public class SecretsGroup implements ApiGroup {
    private final SecretsService service;

    public SecretsGroup(SecretsService service) {
        this.service = service;
    }

    @Override
    public String name() {
        return "secrets";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.REAL;
    }

    @Override
    public String note() {
        return "scopes, secrets and ACLs stored durably, values encrypted at rest; values resolve only inside a job, where ACLs are enforced for a run_as principal other than the admin (not on the API calls)";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("SecretsAPI");
    }

    public record ScopeArg(@Arg("Secret scope name") String scope) {
    }

    public record KeyArg(@Arg("Secret scope name") String scope, @Arg("Secret key") String key) {
    }

    public record PutArg(@Arg("Secret scope name") String scope, @Arg("Secret key") String key,
                         @Arg("Secret value; it is stored, never returned, and resolves only inside a running job "
                                 + "(dbutils.secrets.get)") String value) {
    }

    /** Secrets tools: values go in, never out (they resolve only inside a running job). */
    @Override
    public void mcp(McpFeatures mcp) {
        mcp.tool("create_secret_scope", "Create a secret scope.", ScopeArg.class, a -> {
            service.createScope(new SecretDtos.CreateScope(a.scope(), null, null));
            return Map.of("created", a.scope());
        });
        mcp.tool("list_secret_scopes", "List secret scopes.", a -> Map.of("scopes", service.listScopes()));
        mcp.tool("delete_secret_scope", "Delete a secret scope and its secrets.", ScopeArg.class, a -> {
            service.deleteScope(a.scope());
            return Map.of("deleted", a.scope());
        });
        mcp.tool("put_secret", "Store a secret value in a scope. The value is never returned by any tool; a job reads it "
                + "with dbutils.secrets.get(scope, key), and it is redacted in job output.", PutArg.class, a -> {
            service.putSecret(new SecretDtos.PutSecret(a.scope(), a.key(), a.value(), null));
            return Map.of("scope", a.scope(), "key", a.key(), "stored", true);
        });
        mcp.tool("list_secrets", "List the keys of a scope (metadata only, never values).", ScopeArg.class,
                a -> Map.of("secrets", service.listSecrets(a.scope())));
        mcp.tool("delete_secret", "Delete one secret.", KeyArg.class, a -> {
            service.deleteSecret(a.scope(), a.key());
            return Map.of("deleted", a.key());
        });
    }

    @Override
    public void routes(Routes r) {
        r.post("/api/2.0/secrets/scopes/create", CreateScope.class, (req, b) -> {
            service.createScope(b);
            return null;
        });
        r.get("/api/2.0/secrets/scopes/list", req -> new ListScopesResponse(service.listScopes()));
        r.post("/api/2.0/secrets/scopes/delete", ScopeRequest.class, (req, b) -> {
            service.deleteScope(b.scope());
            return null;
        });
        r.post("/api/2.0/secrets/put", PutSecret.class, (req, b) -> {
            service.putSecret(b);
            return null;
        });
        r.get("/api/2.0/secrets/list", ScopeRequest.class, (req, b) -> new ListSecretsResponse(service.listSecrets(b.scope())));
        r.post("/api/2.0/secrets/delete", SecretKeyRequest.class, (req, b) -> {
            service.deleteSecret(b.scope(), b.key());
            return null;
        });
        // Databricks serves values only to code running in the workspace; so do we (jobs)
        r.get("/api/2.0/secrets/get", req -> {
            throw new ApiException(ErrorCode.PERMISSION_DENIED,
                    "Secret values are only available inside a job (dbutils.secrets.get / {{secrets/scope/key}}); "
                            + "MiniLake never returns them over the API");
        });
        r.post("/api/2.0/secrets/acls/put", PutAcl.class, (req, b) -> {
            service.putAcl(b.scope(), b.principal(), b.permission());
            return null;
        });
        r.get("/api/2.0/secrets/acls/get", AclRequest.class, (req, b) -> service.getAcl(b.scope(), b.principal()));
        r.get("/api/2.0/secrets/acls/list", ScopeRequest.class, (req, b) -> new ListAclsResponse(service.listAcls(b.scope())));
        r.post("/api/2.0/secrets/acls/delete", AclRequest.class, (req, b) -> {
            service.deleteAcl(b.scope(), b.principal());
            return null;
        });
    }
}
