package dev.minilake.tokens;

import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.tokens.TokenDtos.CreateTokenRequest;
import dev.minilake.tokens.TokenDtos.ListPublicTokensResponse;
import dev.minilake.tokens.TokenDtos.RevokeTokenRequest;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * The Tokens API group: the pattern every other group copies. The declaration and thin routes live
 * here; the logic lives in {@link TokensService}; wire shapes in {@link TokenDtos}.
 */
@Component
public class TokensGroup implements ApiGroup {
    private final TokensService service;

    public TokensGroup(TokensService service) {
        this.service = service;
    }

    @Override
    public String name() {
        return "tokens";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "create/list/delete; the value is shown once; it authenticates only with MINILAKE_AUTH=strict";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("TokensAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post("/api/2.0/token/create", CreateTokenRequest.class, (req, body) -> service.create(body));
        r.get("/api/2.0/token/list", req -> new ListPublicTokensResponse(service.list()));
        r.post("/api/2.0/token/delete", RevokeTokenRequest.class, (req, body) -> {
            service.delete(body.token_id());
            return null;
        });
    }
}
