package dev.minilake.oauth;

import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.ScimKind;
import dev.minilake.iam.ScimService;
import dev.minilake.oauth.OAuthDtos.CreateSecretRequest;
import dev.minilake.oauth.OAuthDtos.CreateSecretResponse;
import dev.minilake.oauth.OAuthDtos.SecretInfo;
import dev.minilake.oauth.OAuthDtos.StoredSecret;
import org.springframework.stereotype.Service;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * OAuth secrets of service principals, named like the SDK's ServicePrincipalSecretsProxyAPI: the
 * client_secret half of OAuth M2M (the client_id is the principal's applicationId). The value is
 * shown once, at create; only its SHA-256 is stored. A secret lives until it is deleted or expires
 * (default lifetime 730 days, as on Databricks), or its service principal is deleted.
 */
@Service
public class ServicePrincipalSecretsService {
    static final long DEFAULT_LIFETIME_SECONDS = 63_072_000L;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Collection<StoredSecret> secrets;
    private final ScimService scim;

    public ServicePrincipalSecretsService(Store store, ScimService scim) {
        this.secrets = store.collection("sp-oauth-secret", StoredSecret.class);
        this.scim = scim;
    }

    public CreateSecretResponse create(String servicePrincipalId, CreateSecretRequest req) {
        requirePrincipal(servicePrincipalId);
        long lifetime = req == null || req.lifetime() == null ? DEFAULT_LIFETIME_SECONDS : parseLifetime(req.lifetime());
        List<String> scopes = req == null || req.scopes() == null ? null : List.copyOf(req.scopes());
        byte[] raw = new byte[32];
        RANDOM.nextBytes(raw);
        String value = "dose" + HexFormat.of().formatHex(raw);
        byte[] idBytes = new byte[16];
        RANDOM.nextBytes(idBytes);
        String id = HexFormat.of().formatHex(idBytes);
        long now = System.currentTimeMillis();
        StoredSecret s = new StoredSecret(id, servicePrincipalId, sha256(value), now, now + lifetime * 1000, scopes);
        secrets.insert(id, servicePrincipalId, s);
        SecretInfo i = info(s);
        return new CreateSecretResponse(i.id(), value, i.secret_hash(), i.status(), i.create_time(), i.update_time(),
                i.expire_time(), i.scopes());
    }

    public List<SecretInfo> list(String servicePrincipalId) {
        requirePrincipal(servicePrincipalId);
        return secrets.listByParent(servicePrincipalId).stream().map(ServicePrincipalSecretsService::info).toList();
    }

    public void delete(String servicePrincipalId, String secretId) {
        requirePrincipal(servicePrincipalId);
        StoredSecret s = secrets.get(secretId).filter(x -> x.service_principal_id().equals(servicePrincipalId))
                .orElseThrow(() -> ApiException.notFound("Secret " + secretId + " of service principal " + servicePrincipalId));
        secrets.delete(s.id());
    }

    /** The SCIM id of the service principal whose applicationId is {@code clientId} and one of whose live secrets is {@code secret}. */
    Optional<Authenticated> authenticate(String clientId, String secret) {
        if (clientId == null || clientId.isBlank() || secret == null || secret.isEmpty()) return Optional.empty();
        String filter = "applicationId eq \"" + clientId.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        var found = scim.list(ScimKind.SERVICE_PRINCIPAL, filter, null, null, null, null, null).withArray("Resources");
        if (found.isEmpty()) return Optional.empty();
        String spId = found.get(0).get("id").asText();
        if (found.get(0).has("active") && !found.get(0).get("active").asBoolean(true)) return Optional.empty();
        String hash = sha256(secret);
        long now = System.currentTimeMillis();
        return secrets.listByParent(spId).stream()
                .filter(s -> MessageDigest.isEqual(s.secret_sha256().getBytes(StandardCharsets.US_ASCII), hash.getBytes(StandardCharsets.US_ASCII)))
                .filter(s -> s.expire_time() > now)
                .findFirst().map(s -> new Authenticated(spId, clientId, s.scopes()));
    }

    /** Whether the service principal still exists (a token outlives nothing it was issued to). */
    boolean principalExists(String servicePrincipalId) {
        try {
            scim.get(ScimKind.SERVICE_PRINCIPAL, servicePrincipalId);
            return true;
        } catch (ApiException e) {
            return false;
        }
    }

    record Authenticated(String servicePrincipalId, String applicationId, List<String> scopes) {
    }

    private void requirePrincipal(String id) {
        if (id == null || id.isBlank()) throw ApiException.missingField("service_principal_id");
        scim.get(ScimKind.SERVICE_PRINCIPAL, id); // 404 when there is none
    }

    /** A protobuf duration in seconds: "3600s" or "3600". */
    static long parseLifetime(String lifetime) {
        String t = lifetime.trim();
        if (t.endsWith("s")) t = t.substring(0, t.length() - 1);
        long seconds;
        try {
            seconds = Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw ApiException.invalid("lifetime must be a duration in seconds such as \"3600s\", got '" + lifetime + "'");
        }
        if (seconds <= 0 || seconds > DEFAULT_LIFETIME_SECONDS) {
            throw ApiException.invalid("lifetime must be between 1s and " + DEFAULT_LIFETIME_SECONDS + "s, got '" + lifetime + "'");
        }
        return seconds;
    }

    private static SecretInfo info(StoredSecret s) {
        String created = Instant.ofEpochMilli(s.create_time()).toString();
        String status = s.expire_time() > System.currentTimeMillis() ? "ACTIVE" : "EXPIRED";
        return new SecretInfo(s.id(), s.secret_sha256().substring(0, 8), status, created, created,
                Instant.ofEpochMilli(s.expire_time()).toString(), s.scopes());
    }

    static String sha256(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
