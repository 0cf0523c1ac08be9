package dev.minilake.tokens;

import dev.minilake.core.auth.TokenValidator;
import dev.minilake.core.error.ApiException;
import dev.minilake.core.store.Collection;
import dev.minilake.core.store.Store;
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

    public TokensService(Store store) {
        this.tokens = store.collection("token", StoredToken.class);
    }

    public CreateTokenResponse create(CreateTokenRequest req) {
        byte[] raw = new byte[16];
        RANDOM.nextBytes(raw);
        String value = "dapi" + HexFormat.of().formatHex(raw);
        byte[] idBytes = new byte[32];
        RANDOM.nextBytes(idBytes);
        String id = HexFormat.of().formatHex(idBytes);
        long now = System.currentTimeMillis();
        long expiry = req.lifetime_seconds() == null || req.lifetime_seconds() == 0 ? -1 : now + req.lifetime_seconds() * 1000;
        PublicTokenInfo info = new PublicTokenInfo(id, now, expiry, req.comment());
        tokens.insert(id, new StoredToken(info, sha256(value)));
        return new CreateTokenResponse(value, info);
    }

    public List<PublicTokenInfo> list() {
        return tokens.list().stream().map(StoredToken::info).toList();
    }

    public void delete(String tokenId) {
        if (!tokens.delete(tokenId)) throw ApiException.notFound("Token with id " + tokenId);
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
