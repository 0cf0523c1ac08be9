package dev.minilake.iam;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.minilake.core.api.Paging;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import dev.minilake.core.error.ApiException;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of /api/2.0/access-control: policy checks and restricted sharing groups. */
@Component
public class AccessControlGroup implements ApiGroup {
    private static final String AC = "/api/2.0/access-control";
    /** An unset or zero page_size gives this many; larger ones are coerced to it, as the SDK documents. */
    private static final int PAGE = 100;

    private final ObjectMapper json;
    private final PolicyCheckService policies;
    private final RestrictedSharingGroupsService restricted;

    public AccessControlGroup(ObjectMapper json, PolicyCheckService policies, RestrictedSharingGroupsService restricted) {
        this.json = json;
        this.policies = policies;
        this.restricted = restricted;
    }

    @Override
    public String name() {
        return "access-control";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "check_policy answered from the real principals: admins (the current user) are permitted, other principals are not "
                + "(no rule sets are stored), the answer is not enforced anywhere; restricted sharing groups stored for real, "
                + "non-system SCIM groups (display name read live, dropped when the group is deleted), no sharing is restricted";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("AccessControlAPI", "AssumeGroupAPI");
    }

    @Override
    public void routes(Routes r) {
        r.get(AC + "/check-policy-v2", req -> policies.check(req.query("actor.actor_id").orElse(null), req.query("permission").orElse(null),
                req.query("resource").orElse(null), req.query("authz_identity").orElse(null),
                req.query("consistency_token.value").orElse(null)));

        String rsg = AC + "/restricted-sharing-groups";
        r.post(rsg, req -> restricted.create(req.query("restricted_sharing_group_id").orElse(null)));
        r.get(rsg, this::page);
        // get and delete take the resource name, restricted-sharing-groups/{id}, slash included
        r.get(AC + "/{*name}", req -> restricted.get(name(req)));
        r.delete(AC + "/{*name}", req -> {
            restricted.delete(name(req));
            return null;
        });
    }

    private static String name(Request req) {
        String n = req.pathVar("name");
        return n.startsWith("/") ? n.substring(1) : n;
    }

    private ObjectNode page(Request req) {
        // keyed by the numeric id, zero-padded so that the key order is the numeric order of the list
        Paging.Page<ObjectNode> p = Paging.page(restricted.list(), g -> String.format("%020d", Long.parseLong(g.path("restricted_sharing_group_id").asText())),
                "page_size", req.queryLong("page_size").orElse(null), req.query("page_token").orElse(null), PAGE, PAGE);
        ObjectNode out = json.createObjectNode();
        out.set("restricted_sharing_groups", json.valueToTree(p.items()));
        if (p.nextPageToken() != null) out.put("next_page_token", p.nextPageToken());
        return out;
    }
}
