package dev.minilake.catalog.policies;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Request;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of ABAC policies; the logic is in {@link PoliciesService}. */
@Component
public class PoliciesGroup implements ApiGroup {
    private static final String POLICIES = "/api/2.1/unity-catalog/policies";
    private static final String ON = POLICIES + "/{on_securable_type}/{on_securable_fullname}";

    private final PoliciesService s;

    public PoliciesGroup(PoliciesService s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "uc-policies";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "ABAC policies (row filter, column mask, deny, grant) on existing catalogs, schemas and tables; validated (the securable "
                + "and the filter/mask function must exist) and stored, NOT enforced: SQL sees every row and column unmasked; "
                + "include_inherited really lists the schema's and catalog's policies";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("PoliciesAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(POLICIES, ObjectNode.class, (req, b) -> s.create(b));
        r.get(ON, req -> s.list(type(req), fullName(req), req.queryBool("include_inherited").orElse(false),
                req.queryLong("max_results").orElse(null), req.query("page_token").orElse(null)));
        r.get(ON + "/{name}", req -> s.get(type(req), fullName(req), req.pathVar("name")));
        r.patch(ON + "/{name}", ObjectNode.class, (req, b) -> s.update(type(req), fullName(req), req.pathVar("name"), b,
                req.query("update_mask").orElse(null)));
        r.delete(ON + "/{name}", req -> {
            s.delete(type(req), fullName(req), req.pathVar("name"));
            return null;
        });
    }

    private static String type(Request req) {
        return req.pathVar("on_securable_type");
    }

    private static String fullName(Request req) {
        return req.pathVar("on_securable_fullname");
    }
}
