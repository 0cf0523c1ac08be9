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
        return "create/list/delete and token management (all tokens, on-behalf-of service principals); "
                + "the value is shown once; it authenticates only with MINILAKE_AUTH=strict";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("TokensAPI", "TokenManagementAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post("/api/2.0/token/create", CreateTokenRequest.class, (req, body) -> service.create(body));
        r.get("/api/2.0/token/list", req -> new ListPublicTokensResponse(service.list()));
        r.post("/api/2.0/token/delete", RevokeTokenRequest.class, (req, body) -> {
            service.delete(body.token_id());
            return null;
        });
        r.patch("/api/2.0/token/{id}", com.fasterxml.jackson.databind.JsonNode.class, (req, body) -> {
            service.updateOwn(req.pathVar("id"), text(body.path("token").path("comment")), text(body.path("update_mask")));
            return java.util.Map.of();
        });
        String tm = "/api/2.0/token-management";
        r.get(tm + "/tokens", req -> new TokenDtos.ListTokensResponse(service.listAll(
                req.queryLong("created_by_id").orElse(null), req.query("created_by_username").orElse(null))));
        r.get(tm + "/tokens/{id}", req -> new TokenDtos.GetTokenResponse(service.getAny(req.pathVar("id"))));
        r.delete(tm + "/tokens/{id}", req -> {
            service.deleteAny(req.pathVar("id"));
            return null;
        });
        r.patch(tm + "/tokens/{id}", com.fasterxml.jackson.databind.JsonNode.class, (req, body) -> service.updateAny(
                req.pathVar("id"), text(body.path("token").path("comment")), text(body.path("update_mask"))));
        r.post(tm + "/on-behalf-of/tokens", TokenDtos.CreateOboTokenRequest.class, (req, body) -> service.createOnBehalfOf(body));
    }

    private static String text(com.fasterxml.jackson.databind.JsonNode n) {
        return n.isMissingNode() || n.isNull() ? null : n.asText();
    }
}
