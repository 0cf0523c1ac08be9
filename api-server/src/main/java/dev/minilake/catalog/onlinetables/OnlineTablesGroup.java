package dev.minilake.catalog.onlinetables;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.minilake.core.api.ApiGroup;
import dev.minilake.core.api.Routes;
import dev.minilake.core.api.ServiceStatus;
import org.springframework.stereotype.Component;

import java.util.List;

/** Routes of online tables; the logic is in {@link OnlineTablesService}. */
@Component
public class OnlineTablesGroup implements ApiGroup {
    private static final String ONLINE = "/api/2.0/online-tables";

    private final OnlineTablesService s;

    public OnlineTablesGroup(OnlineTablesService s) {
        this.s = s;
    }

    @Override
    public String name() {
        return "online-tables";
    }

    @Override
    public ServiceStatus status() {
        return ServiceStatus.STATE_MACHINE;
    }

    @Override
    public String note() {
        return "state machine over an existing source table (primary keys checked): PROVISIONING for 2 s, then ACTIVE/ONLINE; "
                + "synced row count is the source's real count at creation; no online store, nothing is synced or served; "
                + "a dropped source shows OFFLINE_FAILED";
    }

    @Override
    public List<String> sdkApis() {
        return List.of("OnlineTablesAPI");
    }

    @Override
    public void routes(Routes r) {
        r.post(ONLINE, ObjectNode.class, (req, b) -> s.create(b));
        r.get(ONLINE + "/{name}", req -> s.get(req.pathVar("name")));
        r.delete(ONLINE + "/{name}", req -> {
            s.delete(req.pathVar("name"));
            return null;
        });
    }
}
