package dev.minilake.secrets;

import dev.minilake.core.redact.ResolvedSecrets;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.crypto.SecretSeal;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.secrets.SecretDtos.AclItem;
import dev.minilake.secrets.SecretDtos.CreateScope;
import dev.minilake.secrets.SecretDtos.PutSecret;
import dev.minilake.secrets.SecretDtos.SecretMetadata;
import dev.minilake.secrets.SecretDtos.SecretScope;
import dev.minilake.secrets.SecretDtos.StoredAcl;
import dev.minilake.secrets.SecretDtos.StoredSecret;
import dev.minilake.files.FileStreams;
import org.springframework.stereotype.Service;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Secret scopes, secrets and their ACLs, named like the SDK's SecretsAPI. Values are kept in the
 * store but no API returns them: they resolve only inside a job ({@link #resolveForJob}), whose
 * output is passed through {@link #redact}. ACLs are enforced where values resolve: a job run
 * acting as another principal reads only the scopes an ACL lets that principal read.
 */
@Service
public class SecretsService {
    static final String BACKEND = "DATABRICKS";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.@-]{1,128}");
    private static final Set<String> PERMISSIONS = Set.of("READ", "WRITE", "MANAGE");
    private static final int MAX_VALUE_BYTES = 128 * 1024;
    static final String REDACTED = "[REDACTED]";

    private final Store store;
    private final Collection<SecretScope> scopes;
    private final Collection<StoredSecret> secrets;
    private final Collection<StoredAcl> acls;
    private final CurrentUserService users;
    private final SecretSeal seal;
    private final ResolvedSecrets resolved;

    public SecretsService(Store store, CurrentUserService users, SecretSeal seal, ResolvedSecrets resolved) {
        this.resolved = resolved;
        this.store = store;
        this.users = users;
        this.seal = seal;
        this.scopes = store.collection("secret_scope", SecretScope.class);
        this.secrets = store.collection("secret", StoredSecret.class);
        this.acls = store.collection("secret_acl", StoredAcl.class);
        sealPlaintextValues();
    }

    /** Seals the values an older MiniLake stored in plaintext, so none stays readable in the store. */
    private void sealPlaintextValues() {
        for (StoredSecret s : secrets.list()) {
            if (s.value_sealed() != null || s.value_base64() == null) continue;
            secrets.put(id(s.scope(), s.key()), s.scope(), new StoredSecret(s.scope(), s.key(), null,
                    seal.seal(Base64.getDecoder().decode(s.value_base64())), s.last_updated_timestamp()));
        }
    }

    public void createScope(CreateScope req) {
        checkName(req.scope(), "scope");
        if (req.scope_backend_type() != null && !BACKEND.equals(req.scope_backend_type())) {
            throw ApiException.invalid("MiniLake supports only the DATABRICKS scope backend, not " + req.scope_backend_type());
        }
        if (req.initial_manage_principal() != null && !"users".equals(req.initial_manage_principal())) {
            throw ApiException.invalid("initial_manage_principal must be 'users' when set");
        }
        store.inTransaction(() -> {
            if (!scopes.insert(req.scope(), new SecretScope(req.scope(), BACKEND))) {
                throw ApiException.alreadyExists("Scope " + req.scope());
            }
            // the creator manages the scope, as on Databricks
            putAclRecord(req.scope(), users.userName(), "MANAGE");
            if (req.initial_manage_principal() != null) putAclRecord(req.scope(), "users", "MANAGE");
        });
    }

    public List<SecretScope> listScopes() {
        return scopes.list();
    }

    public void deleteScope(String scope) {
        store.inTransaction(() -> {
            if (!scopes.delete(scope)) throw ApiException.notFound("Scope " + scope);
            secrets.deleteByParent(scope);
            acls.deleteByParent(scope);
        });
    }

    public void putSecret(PutSecret req) {
        requireScope(req.scope());
        checkName(req.key(), "key");
        byte[] value = req.string_value() != null ? req.string_value().getBytes(StandardCharsets.UTF_8)
                : FileStreams.base64(req.bytes_value(), "bytes_value");
        if (value.length > MAX_VALUE_BYTES) throw ApiException.invalid("A secret value must be at most 128 KB");
        secrets.put(id(req.scope(), req.key()), req.scope(), new StoredSecret(req.scope(), req.key(), null,
                seal.seal(value), System.currentTimeMillis()));
    }

    public List<SecretMetadata> listSecrets(String scope) {
        requireScope(scope);
        return secrets.listByParent(scope).stream()
                .map(s -> new SecretMetadata(s.key(), s.last_updated_timestamp())).toList();
    }

    public void deleteSecret(String scope, String key) {
        requireScope(scope);
        if (!secrets.delete(id(scope, key))) throw ApiException.notFound("Secret " + key + " in scope " + scope);
    }

    public void putAcl(String scope, String principal, String permission) {
        requireScope(scope);
        if (!PERMISSIONS.contains(permission)) {
            throw ApiException.invalid("permission must be one of READ, WRITE, MANAGE, got " + permission);
        }
        putAclRecord(scope, principal, permission);
    }

    public AclItem getAcl(String scope, String principal) {
        requireScope(scope);
        return acls.get(id(scope, principal)).map(a -> new AclItem(a.principal(), a.permission()))
                .orElseThrow(() -> ApiException.notFound("ACL for principal " + principal + " on scope " + scope));
    }

    public List<AclItem> listAcls(String scope) {
        requireScope(scope);
        return acls.listByParent(scope).stream().map(a -> new AclItem(a.principal(), a.permission())).toList();
    }

    public void deleteAcl(String scope, String principal) {
        requireScope(scope);
        if (!acls.delete(id(scope, principal))) {
            throw ApiException.notFound("ACL for principal " + principal + " on scope " + scope);
        }
    }

    /**
     * A secret's value for a job run acting as {@code principal} (null: the current user), for its
     * environment only; never exposed over HTTP. As on Databricks the workspace admin (the current
     * user) reads every scope, and any other principal needs READ, WRITE or MANAGE on the scope,
     * for itself or for the {@code users} group.
     */
    public Optional<byte[]> resolveForJob(String scope, String key, String principal) {
        if (principal != null && !principal.equals(users.userName()) && !mayRead(scope, principal)) {
            throw new ApiException(dev.minilake.core.error.ErrorCode.PERMISSION_DENIED,
                    "Principal " + principal + " does not have READ permission on secret scope " + scope
                            + " (grant it with secrets/acls/put)");
        }
        Optional<byte[]> value = secrets.get(id(scope, key)).map(this::value);
        value.ifPresent(resolved::add); // before the run gets it, so a shared log can redact it from its first use
        return value;
    }

    private boolean mayRead(String scope, String principal) {
        return acls.get(id(scope, principal)).isPresent() || acls.get(id(scope, "users")).isPresent();
    }

    /** Replaces every stored secret value occurring in {@code text} with [REDACTED] (longest first, so no fragment survives). */
    public String redact(String text) {
        if (text == null || text.isEmpty()) return text;
        List<String> values = secrets.list().stream()
                .map(s -> new String(value(s), StandardCharsets.UTF_8))
                .filter(v -> !v.isEmpty())
                .distinct()
                .sorted(Comparator.comparingInt(String::length).reversed())
                .toList();
        String out = text;
        for (String v : values) out = out.replace(v, REDACTED);
        return out;
    }

    private byte[] value(StoredSecret s) {
        return s.value_sealed() != null ? seal.open(s.value_sealed()) : Base64.getDecoder().decode(s.value_base64());
    }

    private void putAclRecord(String scope, String principal, String permission) {
        acls.put(id(scope, principal), scope, new StoredAcl(scope, principal, permission));
    }

    private void requireScope(String scope) {
        if (scopes.get(scope).isEmpty()) throw ApiException.notFound("Scope " + scope);
    }

    private static void checkName(String name, String field) {
        if (!NAME.matcher(name).matches()) {
            throw ApiException.invalid("Invalid " + field + " name '" + name
                    + "': it must consist of alphanumeric characters, dashes, underscores, periods and @, at most 128 characters");
        }
    }

    /** Scope names cannot contain '/', so it separates scope and key unambiguously. */
    private static String id(String scope, String key) {
        return scope + "/" + key;
    }
}
