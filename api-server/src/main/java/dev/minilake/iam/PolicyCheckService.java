package dev.minilake.iam;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Service;

import java.util.List;

/**
 * The AccessControlAPI's check_policy: is the actor permitted {@code permission} on
 * {@code resource}? Answered from MiniLake's real principals: workspace admins (direct members of
 * the admins group, as the current user is) are permitted everything; MiniLake stores no rule sets
 * that could grant anyone else a permission, so every other principal is answered not permitted.
 * The answer is only reported: MiniLake enforces nothing with it.
 */
@Service
public class PolicyCheckService {
    private static final List<String> AUTHZ_IDENTITIES = List.of("REQUEST_AUTHZ_IDENTITY_SERVICE_IDENTITY", "REQUEST_AUTHZ_IDENTITY_USER_CONTEXT");

    private final ObjectMapper json;
    private final ScimService scim;

    public PolicyCheckService(ObjectMapper json, ScimService scim) {
        this.json = json;
        this.scim = scim;
    }

    /**
     * @param actorId the actor's SCIM id (a user or a service principal); null means the caller
     * @param consistencyToken echoed back; a fresh one is made when none was sent
     */
    public ObjectNode check(String actorId, String permission, String resource, String authzIdentity, String consistencyToken) {
        if (permission == null || permission.isBlank()) throw ApiException.missingField("permission");
        if (resource == null || resource.isBlank()) throw ApiException.missingField("resource");
        if (authzIdentity == null || authzIdentity.isBlank()) throw ApiException.missingField("authz_identity");
        if (!AUTHZ_IDENTITIES.contains(authzIdentity)) {
            throw ApiException.invalid("Invalid authz_identity '" + authzIdentity + "'; valid: " + String.join(", ", AUTHZ_IDENTITIES));
        }
        String id = actorId == null || actorId.isBlank() ? CurrentUserService.USER_ID : actorId;
        if (!id.matches("\\d+")) throw ApiException.invalid("actor.actor_id must be a number, got '" + id + "'");
        ObjectNode out = json.createObjectNode();
        out.put("is_permitted", isAdmin(principal(id)));
        out.putObject("consistency_token").put("value",
                consistencyToken == null || consistencyToken.isBlank() ? Long.toString(System.currentTimeMillis()) : consistencyToken);
        return out;
    }

    private JsonNode principal(String id) {
        for (ScimKind kind : List.of(ScimKind.USER, ScimKind.SERVICE_PRINCIPAL)) {
            try {
                return scim.get(kind, id);
            } catch (ApiException notThisKind) {
                // try the next kind
            }
        }
        throw ApiException.notFound("Principal " + id);
    }

    private static boolean isAdmin(JsonNode principal) {
        for (JsonNode g : principal.path("groups")) {
            if (CurrentUserService.ADMINS_GROUP_ID.equals(g.path("value").asText())) return true;
        }
        return false;
    }
}
