package dev.minilake.catalog.rfa;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of request-for-access; the logic is in {@link RfaService}. */
@Component
public class RfaGroup implements ApiGroup {
    private static final String RFA = "/api/3.0/rfa";

    private final RfaService s;

    public RfaGroup(RfaService s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "uc-rfa";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.CRUD;
    }

    @Override
    public String note() {
        return "access request destinations on existing catalogs, schemas, tables and volumes, stored; inheritance (own, schema, "
                + "catalog, else the owner) is really resolved; access requests are validated and stored but no notification is "
                + "sent and nothing is granted";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("RfaAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(RFA + "/requests", ObjectNode.class, (req, b) -> s.batchCreate(b));
        r.get(RFA + "/destinations/{securable_type}/{full_name}", req -> s.get(req.pathVar("securable_type"), req.pathVar("full_name")));
        r.patch(RFA + "/destinations", ObjectNode.class, (req, b) -> s.update(b));
    }
}
