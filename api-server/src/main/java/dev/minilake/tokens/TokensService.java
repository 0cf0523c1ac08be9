package dev.minilake.tokens;

import dev.minilake.core.auth.TokenValidator;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
import dev.minilake.iam.CurrentUserService;
import dev.minilake.iam.ScimKind;
import dev.minilake.iam.ScimService;
import dev.minilake.tokens.TokenDtos.CreateOboTokenRequest;
import dev.minilake.tokens.TokenDtos.CreateOboTokenResponse;
import dev.minilake.tokens.TokenDtos.TokenInfo;
import dev.minilake.tokens.TokenDtos.CreateTokenRequest;
import dev.minilake.tokens.TokenDtos.CreateTokenResponse;
import dev.minilake.tokens.TokenDtos.PublicTokenInfo;
import dev.minilake.tokens.TokenDtos.StoredToken;
import org.springframework.stereotype.Service;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/** Personal access tokens, named like the SDK's TokensAPI. The value is returned once, at create. */
@Service
public class TokensService implements TokenValidator {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Collection<StoredToken> tokens;
    private final CurrentUserService users;
    private final ScimService scim;

    public TokensService(Store store, CurrentUserService users, ScimService scim) {
        this.tokens = store.collection("token", StoredToken.class);
        this.users = users;
        this.scim = scim;
    }

    public CreateTokenResponse create(CreateTokenRequest req) {
        Minted m = mint(req.comment(), req.lifetime_seconds(), currentUserId(), users.userName());
        return new CreateTokenResponse(m.value(), m.stored().info());
    }

    /** The current user's own tokens (TokensAPI.list). */
    public List<PublicTokenInfo> list() {
        return tokens.list().stream().filter(t -> ownerId(t) == currentUserId()).map(StoredToken::info).toList();
    }

    /** Revokes one of the current user's tokens (TokensAPI.delete). */
    public void delete(String tokenId) {
        StoredToken t = tokens.get(tokenId).filter(x -> ownerId(x) == currentUserId())
                .orElseThrow(() -> ApiException.notFound("Token with id " + tokenId));
        tokens.delete(t.info().token_id());
    }

    /** TokensAPI.update: the comment of one of the current user's tokens. */
    public void updateOwn(String tokenId, String comment, String updateMask) {
        tokens.get(tokenId).filter(x -> ownerId(x) == currentUserId())
                .orElseThrow(() -> ApiException.notFound("Token with id " + tokenId));
        updateAny(tokenId, comment, updateMask);
    }

    // ---- token management (admin view of every token)

    /** Every token, optionally only those created by a user id or user name. */
    public List<TokenInfo> listAll(Long createdById, String createdByUsername) {
        return tokens.list().stream()
                .filter(t -> createdById == null || createdById.equals(createdById(t)))
                .filter(t -> createdByUsername == null || createdByUsername.equals(createdByUsername(t)))
                .map(this::info).toList();
    }

    public TokenInfo getAny(String tokenId) {
        return tokens.get(tokenId).map(this::info).orElseThrow(() -> ApiException.notFound("Token with id " + tokenId));
    }

    /** PATCH with an update mask; only the comment of a token can change (the value and lifetime are fixed). */
    public TokenInfo updateAny(String tokenId, String comment, String updateMask) {
        if (updateMask == null || updateMask.isBlank()) throw ApiException.missingField("update_mask");
        for (String f : updateMask.split(",")) {
            if (!f.trim().equals("comment")) {
                throw ApiException.invalid("update_mask names '" + f.trim() + "'; only comment can be updated");
            }
        }
        StoredToken t = tokens.get(tokenId).orElseThrow(() -> ApiException.notFound("Token with id " + tokenId));
        PublicTokenInfo i = t.info();
        StoredToken updated = new StoredToken(new PublicTokenInfo(i.token_id(), i.creation_time(), i.expiry_time(), comment),
                t.value_sha256(), t.owner_id(), t.owner_name(), t.created_by_id(), t.created_by_username());
        tokens.put(tokenId, updated);
        return info(updated);
    }

    public void deleteAny(String tokenId) {
        if (!tokens.delete(tokenId)) throw ApiException.notFound("Token with id " + tokenId);
    }

    /** A token owned by a service principal (by application id), created by the current admin. */
    public CreateOboTokenResponse createOnBehalfOf(CreateOboTokenRequest req) {
        String filter = "applicationId eq \"" + req.application_id().replace("\"", "") + "\"";
        var found = scim.list(ScimKind.SERVICE_PRINCIPAL, filter, null, null, null, null, null).withArray("Resources");
        if (found.isEmpty()) {
            throw ApiException.notFound("Service principal with application id " + req.application_id());
        }
        long ownerId = Long.parseLong(found.get(0).get("id").asText());
        Minted m = mint(req.comment(), req.lifetime_seconds(), ownerId, req.application_id());
        return new CreateOboTokenResponse(info(m.stored()), m.value());
    }

    private record Minted(String value, StoredToken stored) {
    }

    private Minted mint(String comment, Long lifetimeSeconds, long ownerId, String ownerName) {
        byte[] raw = new byte[16];
        RANDOM.nextBytes(raw);
        String value = "dapi" + HexFormat.of().formatHex(raw);
        byte[] idBytes = new byte[32];
        RANDOM.nextBytes(idBytes);
        String id = HexFormat.of().formatHex(idBytes);
        long now = System.currentTimeMillis();
        long expiry = lifetimeSeconds == null || lifetimeSeconds == 0 ? -1 : now + lifetimeSeconds * 1000;
        PublicTokenInfo info = new PublicTokenInfo(id, now, expiry, comment);
        StoredToken stored = new StoredToken(info, sha256(value), ownerId, ownerName, currentUserId(), users.userName());
        tokens.insert(id, stored);
        return new Minted(value, stored);
    }

    private TokenInfo info(StoredToken t) {
        return new TokenInfo(t.info().token_id(), t.info().comment(), t.info().creation_time(), t.info().expiry_time(),
                ownerId(t), createdById(t), createdByUsername(t), users.workspaceId());
    }

    private long ownerId(StoredToken t) {
        return t.owner_id() == null ? currentUserId() : t.owner_id();
    }

    private long createdById(StoredToken t) {
        return t.created_by_id() == null ? currentUserId() : t.created_by_id();
    }

    private String createdByUsername(StoredToken t) {
        return t.created_by_username() == null ? users.userName() : t.created_by_username();
    }

    private static long currentUserId() {
        return Long.parseLong(CurrentUserService.USER_ID);
    }

    @Override
    public boolean isValid(String value) {
        String hash = sha256(value);
        long now = System.currentTimeMillis();
        return tokens.list().stream().anyMatch(t -> t.value_sha256().equals(hash)
                && (t.info().expiry_time() < 0 || t.info().expiry_time() > now));
    }

    static String sha256(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
